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
/// "tracks[LAST].title"     steps []               terminal .element(.last, tracks, then: "title")
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
        /// One member of an ordered to-many, by position, and the key path that continues from
        /// it (to-ones and what they end in), if any: the path yields the member itself, or what
        /// that key path yields on it.
        indirect case element(ElementPosition, of: RelationshipDescription, then: ResolvedKeyPath?)
    }

    /// What a key path yields, which the literals it is compared with must fit.
    enum Yield: Sendable {
        /// Values of an attribute type: the attribute's, or for a collection operator that of
        /// the attribute it aggregates (Integer 64 for `@count`).
        case values(AttributeType)
        /// The identities of objects of an entity, a relationship's destination.
        case objects(EntityDescription)

        /// The type's name (`"Date"`), or `"relationship to Team"`.
        var name: String {
            switch self {
            case .values(let type): return type.rawValue
            case .objects(let entity): return "relationship to \(entity.name)"
            }
        }
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

    /// What the path yields.
    var yield: Yield {
        switch terminal {
        case .attribute(let attribute): return .values(attribute.attributeType)
        case .relationship(let relationship): return .objects(relationship.destinationEntity)
        case .aggregate(_, _, let attribute): return .values(attribute?.attributeType ?? .integer64)
        case .element(_, let relationship, let rest): return rest?.yield ?? .objects(relationship.destinationEntity)
        }
    }

    /// Whether the path ends in (or aggregates) a transient attribute, or goes through a
    /// transient relationship, which no store can fetch by (Core Data's SQLite store refuses
    /// them too).
    var readsTransientProperty: Bool {
        if steps.contains(where: \.isTransient) { return true }
        switch terminal {
        case .attribute(let attribute): return attribute.isTransient
        case .relationship(let relationship): return relationship.isTransient
        case .aggregate(_, let relationship, let attribute): return relationship.isTransient || attribute?.isTransient == true
        case .element(_, let relationship, let rest): return relationship.isTransient || rest?.readsTransientProperty == true
        }
    }

    /// Resolves a key path component by component from `entity`.
    ///
    /// Relationships continue the path on their destination entity; an attribute must be the
    /// last component. A collection operator (`"@count"`, `"@sum"`, `"@avg"`, `"@min"`,
    /// `"@max"`, in any letter case) must follow a to-many relationship reached through to-ones
    /// only; `@count` ends the path, the others take exactly one more component, an attribute of
    /// the relationship's destination (`@sum` and `@avg` only of a number or Boolean). A
    /// position in brackets (`"[FIRST]"`, `"[LAST]"`, `"[2]"`) must follow an ordered to-many
    /// reached through to-ones only; what follows it is a key path from that member yielding one
    /// value.
    ///
    /// This is the only place a key path's names are looked up: a fetch resolves its request
    /// once (``ResolvedPredicate``, ``ResolvedOrdering``), and both stores work from the result.
    ///
    /// - Parameters:
    ///   - components: The keys, e.g. `["team", "group", "name"]`.
    ///   - entity: The entity the path starts from.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` naming `entity` and the whole
    ///   dotted path, for an unknown key, a path continuing past an attribute, or a collection
    ///   operator used anywhere but as described;
    ///   ``ObjectGraphError/unorderedRelationship(entity:key:)`` for a position in an unordered
    ///   to-many.
    init(resolving components: [String], from entity: EntityDescription) throws(ObjectGraphError) {
        func failure() -> ObjectGraphError { .unknownKey(entity: entity.name, key: components.joined(separator: ".")) }
        self.entity = entity
        self.components = components
        var current = entity
        var steps: [RelationshipDescription] = []
        for (index, key) in components.enumerated() {
            let rest = components[(index + 1)...]
            if let position = ElementPosition(component: key) {
                guard let relationship = steps.popLast(), relationship.isToMany, !steps.contains(where: \.isToMany) else {
                    throw failure()
                }
                guard relationship.isOrdered else {
                    throw .unorderedRelationship(entity: relationship.entity.name, key: relationship.name)
                }
                let then = rest.isEmpty ? nil : try ResolvedKeyPath(resolving: Array(rest), from: relationship.destinationEntity)
                guard then?.yieldsCollection != true else { throw failure() }
                self.steps = steps
                self.terminal = .element(position, of: relationship, then: then)
                return
            }
            if key.hasPrefix("@") {
                guard let function = AggregateFunction(rawValue: key.dropFirst().lowercased()),
                    let relationship = steps.popLast(), relationship.isToMany,
                    !steps.contains(where: \.isToMany)
                else { throw failure() }
                switch (function, rest.count) {
                case (.count, 0):
                    self.steps = steps
                    self.terminal = .aggregate(.count, over: relationship, attribute: nil)
                    return
                case (.sum, 1), (.avg, 1), (.min, 1), (.max, 1):
                    guard let attribute = relationship.destinationEntity.attributesByName[rest.first!] else {
                        throw failure()
                    }
                    if function == .sum || function == .avg {
                        let type = attribute.attributeType
                        guard type.isNumeric || type == .boolean else { throw failure() }
                    }
                    self.steps = steps
                    self.terminal = .aggregate(function, over: relationship, attribute: attribute)
                    return
                default:
                    throw failure()
                }
            }
            if let attribute = current.attributesByName[key] {
                guard rest.isEmpty else { throw failure() }
                self.steps = steps
                self.terminal = .attribute(attribute)
                return
            }
            guard let relationship = current.relationshipsByName[key] else { throw failure() }
            if rest.isEmpty {
                self.steps = steps
                self.terminal = .relationship(relationship)
                return
            }
            steps.append(relationship)
            current = relationship.destinationEntity
        }
        throw failure()
    }

    /// Resolves the key path of `expression` from `entity`; `nil` for an expression that is not
    /// a key path or a collection operator.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` as ``init(resolving:from:)``.
    init?(_ expression: FetchExpression, from entity: EntityDescription) throws(ObjectGraphError) {
        switch expression {
        case .keyPath(let components):
            try self.init(resolving: components, from: entity)
        case .aggregate(let function, let relationshipPath, let attribute):
            let tail = attribute.map { $0.split(separator: ".").map(String.init) } ?? []
            try self.init(resolving: relationshipPath + ["@\(function.rawValue)"] + tail, from: entity)
        case .constant, .object, .list, .variable, .evaluatedObject, .function, .subquery:
            return nil
        }
    }
}
