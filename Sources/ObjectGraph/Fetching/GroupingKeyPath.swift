/// A key path a grouped count groups by (``ManagedObjectContext/counts(for:groupedBy:)``):
/// through to-one relationships only, to a stored attribute or a to-one relationship.
struct GroupingKeyPath {
    /// What the path ends in.
    enum Terminal {
        /// A stored attribute: the path yields its values.
        case attribute(AttributeDescription)
        /// A to-one relationship: the path yields the identity of its destination.
        case toOne(RelationshipDescription)
    }

    /// The whole path.
    let path: ResolvedKeyPath
    /// What it ends in.
    let terminal: Terminal

    /// Resolves `keyPath` from `entity`.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for an unknown key;
    ///   ``UnsupportedFetchError`` for any other path.
    init(_ keyPath: String, from entity: EntityDescription) throws {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        path = try resolve(components, from: entity)
        switch path.terminal {
        case .attribute(let attribute) where !attribute.isTransient && !path.yieldsCollection:
            terminal = .attribute(attribute)
        case .relationship(let relationship) where !path.yieldsCollection:
            terminal = .toOne(relationship)
        default:
            throw UnsupportedFetchError(
                fragment: keyPath,
                reason:
                    "a grouping key must end in a stored attribute or a to-one relationship and cross to-one relationships only"
            )
        }
    }
}

// MARK: - Validation

/// Checks that both stores can evaluate `predicate` on objects of `entity`, before running it.
///
/// Every key path must resolve (see ``resolve(_:from:)``); no `$VARIABLE` may be left; a list
/// may only stand on the right of `IN` (its elements single values) or `BETWEEN` (exactly two);
/// the right side of any other operator must be a single value, not a list nor a key path
/// through a to-many; a constant string `MATCHES` pattern must compile.
///
/// - Parameters:
///   - predicate: The predicate to check.
///   - entity: The entity of the objects it will test.
/// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, ``FetchPredicateError`` with kind
///   ``FetchPredicateError/Kind/missingVariable(_:)``, or ``UnsupportedFetchError``.
func validate(_ predicate: FetchPredicate, for entity: EntityDescription) throws {
    switch predicate {
    case .constant:
        return
    case .and(let terms), .or(let terms):
        for term in terms { try validate(term, for: entity) }
    case .not(let term):
        try validate(term, for: entity)
    case .comparison(let comparison):
        try validate(comparison, in: predicate, for: entity)
    }
}

/// Checks that sort keys are key paths through to-one relationships ending in an attribute.
///
/// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` or ``UnsupportedFetchError``.
func validate(_ orderings: [FetchOrdering], for entity: EntityDescription) throws {
    for ordering in orderings { _ = try ordering.resolvedKeyPath(from: entity) }
}

private func validate(
    _ comparison: ComparisonPredicate, in predicate: FetchPredicate, for entity: EntityDescription
) throws {
    func unsupported(_ reason: String) -> UnsupportedFetchError {
        UnsupportedFetchError(fragment: comparison.predicateFormat, reason: reason)
    }
    /// Checks one value; `allowsCollection` for the only places a to-many key path may stand.
    func check(_ expression: FetchExpression, allowsCollection: Bool) throws {
        switch expression {
        case .variable(let name):
            throw FetchPredicateError(format: predicate.predicateFormat, column: 0, .missingVariable(name))
        case .list:
            throw unsupported("a list can only stand on the right of IN or BETWEEN")
        case .keyPath, .aggregate:
            let path = try expression.resolvedKeyPath(from: entity)
            if let path, path.readsTransientAttribute {
                throw unsupported("'\(path.keyPath)' reads a transient attribute, which is not stored and cannot be fetched by")
            }
            if !allowsCollection, path?.yieldsCollection == true {
                throw unsupported(
                    "'\(path!.keyPath)' yields many values; it can only stand on the left, or on the right of IN")
            }
        case .constant, .object, .evaluatedObject:
            return
        }
    }
    /// The elements of a list on the right, each a single value.
    func elements(of expression: FetchExpression) throws -> [FetchExpression]? {
        guard case .list(let items) = expression else { return nil }
        for item in items { try check(item, allowsCollection: false) }
        return items
    }

    try check(comparison.left, allowsCollection: true)
    switch comparison.operator {
    case .in:
        if try elements(of: comparison.right) == nil { try check(comparison.right, allowsCollection: true) }
    case .between:
        guard try elements(of: comparison.right)?.count == 2 else {
            throw unsupported("BETWEEN needs a list of two bounds on its right, as in {1, 10}")
        }
    case .matches:
        try check(comparison.right, allowsCollection: false)
        if case .constant(.string(let pattern)) = comparison.right {
            _ = try StringMatching.regularExpression(
                pattern, caseInsensitive: comparison.options.contains(.caseInsensitive))
        }
    default:
        try check(comparison.right, allowsCollection: false)
    }
}
