import ObjectGraph

/// Checks a `--where` predicate's constants against the types of the properties they are
/// compared with, so that `number == "abc"` is refused with a reason instead of matching
/// nothing.
///
/// Only comparisons of a key path with constants are checked; those of two key paths, of
/// aggregates and of `nil` are left to the fetch.
enum PredicateTypeCheck {
    /// Checks every comparison of `predicate`, which tests objects of `entity`.
    ///
    /// - Throws: ``PlannerError/Kind/invalidPredicate(_:)`` naming the comparison, the
    ///   property's type and the constant's.
    static func check(_ predicate: FetchPredicate, on entity: EntityDescription) throws {
        switch predicate {
        case .constant: return
        case .and(let terms), .or(let terms): for term in terms { try check(term, on: entity) }
        case .not(let term): try check(term, on: entity)
        case .comparison(let comparison): try check(comparison, on: entity)
        }
    }

    private static func check(_ comparison: ComparisonPredicate, on entity: EntityDescription) throws {
        let (path, constants): ([String], [AttributeValue])
        switch (comparison.left, comparison.right) {
        case (.keyPath(let keys), let right): (path, constants) = (keys, Self.constants(right))
        case (let left, .keyPath(let keys)) where comparison.operator != .in: (path, constants) = (keys, Self.constants(left))
        default: return
        }
        guard !constants.isEmpty, let property = property(at: path, from: entity) else { return }
        let text = FetchPredicate.comparison(comparison).description
        func fail(_ why: String) -> PlannerError { PlannerError(.invalidPredicate("'\(text)': \(why)")) }
        guard let attribute = property as? AttributeDescription else {
            let relationship = property as! RelationshipDescription
            throw fail(
                "\(path.joined(separator: ".")) is a relationship to \(relationship.destinationEntity.name); compare one of its attributes, such as \(path.joined(separator: ".")).name"
            )
        }
        let type = attribute.attributeType
        let isStringOperator = [.beginsWith, .endsWith, .contains, .like, .matches].contains(comparison.operator)
        if isStringOperator, type != .string {
            throw fail("\(attribute.name) is \(Self.kind(of: type)), and \(comparison.operator) compares text")
        }
        // `IN` with one text on the right of a text attribute asks whether the attribute is
        // part of that text.
        for constant in constants where !constant.isNull && !Self.fits(constant, type) {
            throw fail("\(attribute.name) is \(Self.kind(of: type)), but \(constant) is \(Self.kind(of: constant))")
        }
    }

    /// The constants of one side: one, a list's, or none when it holds anything else.
    private static func constants(_ expression: FetchExpression) -> [AttributeValue] {
        switch expression {
        case .constant(let value): return [value]
        case .list(let elements):
            let values = elements.compactMap { element -> AttributeValue? in
                if case .constant(let value) = element { return value }
                return nil
            }
            return values.count == elements.count ? values : []
        default: return []
        }
    }

    /// The property a key path ends at, walking relationships from `entity`; `nil` for a path
    /// that names nothing (the fetch reports it) or uses a collection operator.
    private static func property(at path: [String], from entity: EntityDescription) -> (any PropertyDescription)? {
        var current = entity
        for (index, key) in path.enumerated() {
            guard let property = current.property(named: key) else { return nil }
            if index == path.count - 1 { return property }
            guard let relationship = property as? RelationshipDescription else { return nil }
            current = relationship.destinationEntity
        }
        return nil
    }

    /// Whether a constant can be compared with values of `type`.
    private static func fits(_ value: AttributeValue, _ type: AttributeType) -> Bool {
        switch (value, type) {
        case (.integer, _), (.double, _), (.decimal, _), (.boolean, _): return type.isNumeric || type == .boolean
        case (.string, .string), (.string, .uri), (.string, .uuid): return true
        case (.date, .date), (.data, .binary), (.uuid, .uuid), (.uri, .uri): return true
        default: return false
        }
    }

    /// How a user would call values of an attribute type.
    private static func kind(of type: AttributeType) -> String {
        switch type {
        case .string, .uri: "text"
        case .boolean: "a yes/no value"
        case .date: "a date"
        case .binary: "data"
        case .uuid: "a UUID"
        default: "a number (\(type.rawValue))"
        }
    }

    /// How a user would call a constant.
    private static func kind(of value: AttributeValue) -> String {
        switch value {
        case .string: "text"
        case .integer, .double, .decimal: "a number"
        case .boolean: "a yes/no value"
        case .date: "a date"
        case .data: "data"
        case .uuid: "a UUID"
        case .uri: "a URI"
        case .null: "nil"
        }
    }
}
