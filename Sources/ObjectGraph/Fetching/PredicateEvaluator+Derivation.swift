/// Derived attributes: their expressions, resolved and evaluated on an object in memory.
extension PredicateEvaluator {
    /// Resolves a derivation expression from `entity`, as one side of a comparison: it must
    /// yield one value (a key path through to-ones, an aggregate of a to-many, a function).
    ///
    /// `now()` becomes the date of the call, so a derivation is resolved anew for each save.
    ///
    /// - Throws: ``UnsupportedFetchError`` or ``ObjectGraphError`` for what does not resolve.
    static func resolveDerivation(_ expression: FetchExpression, from entity: EntityDescription) throws -> ResolvedOperand {
        // The comparison only names the expression in errors.
        try ResolvedOperand(
            expression, from: entity, allowsCollection: false,
            in: ComparisonPredicate(expression, .equal, .constant(.null)))
    }

    /// The value of `attribute`'s derivation on `object`, of the attribute's type (a date as
    /// seconds since 2001 for a number); null when the expression yields nothing, an object,
    /// or a value that type cannot hold.
    static func derivedValue(of attribute: AttributeDescription, on object: ManagedObject) throws -> AttributeValue {
        guard let expression = attribute.derivation else { return .null }
        let operand = try resolveDerivation(expression, from: object.entity)
        guard case .value(let value) = try value(of: operand, on: object) else { return .null }
        if case .date(let date) = value, attribute.attributeType == .double || attribute.attributeType == .float {
            return .double(date.timeIntervalSinceReferenceDate)
        }
        return attribute.attributeType.coerce(value) ?? .null
    }
}
