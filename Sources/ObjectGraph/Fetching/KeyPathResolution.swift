/// A key path of a predicate or sort key, resolved against a model: the relationships it walks
/// and what it ends in.
///
/// Both stores work from this value: the in-memory evaluator walks the relationships object by
/// object, the SQL translator turns every step into a join (to-one) or a subquery (to-many).
///
/// ```
/// "team.group.name"        steps [team, group]    terminal .attribute(name)
/// "team"                   steps []               terminal .relationship(team)
/// "players.sponsors.name"  steps [players, sponsors]  terminal .attribute(name)  (a collection)
/// "team.players.@avg.number"  steps [team]        terminal .aggregate(.avg, players, number)
/// ```
struct ResolvedKeyPath: Sendable {
    /// What a key path ends in.
    enum Terminal: Sendable {
        /// An attribute: the path yields its values.
        case attribute(AttributeDescription)
        /// A relationship: the path yields the identities (object IDs) of its destinations.
        case relationship(RelationshipDescription)
        /// A collection operator over a to-many relationship: `@count` (no attribute) or
        /// `@sum`, `@avg`, `@min`, `@max` of one attribute of the destination.
        case aggregate(AggregateFunction, over: RelationshipDescription, attribute: AttributeDescription?)
    }

    /// The entity the path starts from.
    let entity: EntityDescription
    /// The path as written, one key per component (collection operators as `"@count"` etc.).
    let components: [String]
    /// The relationships walked before the terminal, in order.
    ///
    /// Each may be to-one or to-many (``RelationshipDescription/isToMany``). For an aggregate,
    /// all of them are to-one.
    let steps: [RelationshipDescription]
    /// What the path ends in.
    let terminal: Terminal

    /// The path as written, dotted.
    var keyPath: String { components.joined(separator: ".") }

    /// Whether the path yields a collection rather than one value.
    ///
    /// It does when a step or the terminal relationship is to-many. An aggregate yields one
    /// value.
    var yieldsCollection: Bool {
        if steps.contains(where: \.isToMany) { return true }
        if case .relationship(let relationship) = terminal { return relationship.isToMany }
        return false
    }

    /// Whether the path ends in (or aggregates) a transient attribute, which no store can
    /// fetch by (Core Data's SQLite store refuses them too).
    var readsTransientAttribute: Bool {
        switch terminal {
        case .attribute(let attribute): return attribute.isTransient
        case .aggregate(_, _, let attribute?): return attribute.isTransient
        default: return false
        }
    }

    /// Whether the path only walks to-one relationships and ends in an attribute, as sort keys
    /// must.
    var isSortable: Bool {
        guard case .attribute = terminal else { return false }
        return !steps.contains(where: \.isToMany)
    }
}

/// Resolves a key path component by component from `entity`.
///
/// Relationships continue the path on their destination entity; an attribute must be the last
/// component. A collection operator (`"@count"`, `"@sum"`, `"@avg"`, `"@min"`, `"@max"`, in any
/// letter case) must follow a to-many relationship reached through to-ones only; `@count` ends
/// the path, the others take exactly one more component, an attribute of the relationship's
/// destination (`@sum` and `@avg` only of a number or Boolean).
///
/// - Parameters:
///   - components: The keys, e.g. `["team", "group", "name"]`.
///   - entity: The entity the path starts from.
/// - Returns: The resolved path.
/// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` naming `entity` and the whole dotted
///   path, for an unknown key, a path continuing past an attribute, or a collection operator
///   used anywhere but as described.
func resolve(_ components: [String], from entity: EntityDescription) throws(ObjectGraphError) -> ResolvedKeyPath {
    func failure() -> ObjectGraphError { .unknownKey(entity: entity.name, key: components.joined(separator: ".")) }
    var current = entity
    var steps: [RelationshipDescription] = []
    for (index, key) in components.enumerated() {
        let rest = components[(index + 1)...]
        if key.hasPrefix("@") {
            guard let function = AggregateFunction(rawValue: key.dropFirst().lowercased()),
                let relationship = steps.popLast(), relationship.isToMany,
                !steps.contains(where: \.isToMany)
            else { throw failure() }
            let destination = relationship.destinationEntity
            switch (function, rest.count) {
            case (.count, 0):
                return ResolvedKeyPath(
                    entity: entity, components: components, steps: steps,
                    terminal: .aggregate(.count, over: relationship, attribute: nil))
            case (.sum, 1), (.avg, 1), (.min, 1), (.max, 1):
                guard let attribute = destination.attributesByName[rest.first!] else { throw failure() }
                if function == .sum || function == .avg {
                    let type = attribute.attributeType
                    guard type.isNumeric || type == .boolean else { throw failure() }
                }
                return ResolvedKeyPath(
                    entity: entity, components: components, steps: steps,
                    terminal: .aggregate(function, over: relationship, attribute: attribute))
            default:
                throw failure()
            }
        }
        if let attribute = current.attributesByName[key] {
            guard rest.isEmpty else { throw failure() }
            return ResolvedKeyPath(entity: entity, components: components, steps: steps, terminal: .attribute(attribute))
        }
        guard let relationship = current.relationshipsByName[key] else { throw failure() }
        if rest.isEmpty {
            return ResolvedKeyPath(
                entity: entity, components: components, steps: steps, terminal: .relationship(relationship))
        }
        steps.append(relationship)
        current = relationship.destinationEntity
    }
    throw failure()
}

extension FetchExpression {
    /// The key path this expression reads, resolved from `entity`; `nil` for an expression that
    /// is not a key path or a collection operator.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` as ``resolve(_:from:)``.
    func resolvedKeyPath(from entity: EntityDescription) throws(ObjectGraphError) -> ResolvedKeyPath? {
        switch self {
        case .keyPath(let components):
            return try resolve(components, from: entity)
        case .aggregate(let function, let relationshipPath, let attribute):
            let tail = attribute.map { $0.split(separator: ".").map(String.init) } ?? []
            return try resolve(relationshipPath + ["@\(function.rawValue)"] + tail, from: entity)
        case .constant, .object, .list, .variable, .evaluatedObject:
            return nil
        }
    }
}

extension FetchOrdering {
    /// The sort key's path, resolved from `entity`.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for an unknown key;
    ///   ``UnsupportedFetchError`` for a path that crosses a to-many relationship or does not
    ///   end in an attribute.
    func resolvedKeyPath(from entity: EntityDescription) throws -> ResolvedKeyPath {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let path = try resolve(components, from: entity)
        guard path.isSortable, !path.readsTransientAttribute else {
            throw UnsupportedFetchError(
                fragment: keyPath,
                reason: "a sort key must end in a stored attribute and cross to-one relationships only")
        }
        return path
    }
}

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

/// A fetch request that parses but that the stores cannot run: a list on the left of a
/// comparison, `BETWEEN` without two bounds, a to-many key path where one value is needed, an
/// invalid `MATCHES` pattern, a sort key through a to-many relationship.
public struct UnsupportedFetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offending comparison, pattern or sort key, as written.
    public var fragment: String
    /// Why it cannot run, as one sentence.
    public var reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - fragment: The comparison, pattern or sort key at fault.
    ///   - reason: Why it cannot run.
    public init(fragment: String, reason: String) {
        self.fragment = fragment
        self.reason = reason
    }

    /// The fragment and the reason, on one line.
    public var description: String { "unsupported fetch '\(fragment)': \(reason)" }
}
