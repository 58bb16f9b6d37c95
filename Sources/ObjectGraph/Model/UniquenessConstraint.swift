/// One of an entity's uniqueness constraints, resolved against the model: the properties
/// whose values no two of its objects may share (see ``EntityDescription/uniquenessConstraints``).
///
/// It binds the entity that declares it and all of its sub-entities. An object with no value
/// for one of the properties (`nil`, or no destination) is bound by nothing, as a SQL unique
/// index leaves `NULL` alone.
struct UniquenessConstraint {
    /// A property of a constraint: an attribute or a to-one relationship.
    enum Key {
        case attribute(AttributeDescription)
        case toOne(RelationshipDescription)

        /// The property's name.
        var name: String {
            switch self {
            case .attribute(let attribute): attribute.name
            case .toOne(let relationship): relationship.name
            }
        }
    }

    /// The entity declaring the constraint.
    let entity: EntityDescription
    /// The properties, in the order declared.
    let keys: [Key]

    /// The properties' names, in the order declared.
    var names: [String] { keys.map(\.name) }

    /// Resolves the property names of a constraint that `entity` declares.
    ///
    /// - Throws: ``ModelError`` with ``ModelError/Reason/invalidUniquenessConstraint(_:)`` for
    ///   an empty constraint, a name given twice, or a name that is not a stored attribute or
    ///   to-one relationship of the entity (inherited ones included).
    init(names: [String], of entity: EntityDescription) throws(ModelError) {
        self.entity = entity
        keys = try Self.keys(names, of: entity) { why in
            ModelError(entity: entity.name, .invalidUniquenessConstraint("(\(names.joined(separator: ", "))) \(why)"))
        }
    }

    /// The stored attributes and to-one relationships of `entity` (inherited ones included)
    /// named `names`, each once.
    ///
    /// - Throws: `fail`'s error, given what is wrong: no name, a name given twice, one that is
    ///   not a stored attribute or to-one.
    static func keys(
        _ names: [String], of entity: EntityDescription, fail: (String) -> ModelError
    ) throws(ModelError) -> [Key] {
        guard !names.isEmpty else { throw fail("names no property") }
        guard Set(names).count == names.count else { throw fail("names a property twice") }
        var keys: [Key] = []
        for name in names {
            if let attribute = entity.attributesByName[name] {
                guard !attribute.isTransient else { throw fail("names transient attribute '\(name)'") }
                keys.append(.attribute(attribute))
            } else if let relationship = entity.relationshipsByName[name] {
                guard !relationship.isToMany else { throw fail("names to-many relationship '\(name)'") }
                guard !relationship.isTransient else { throw fail("names transient relationship '\(name)'") }
                keys.append(.toOne(relationship))
            } else {
                throw fail("names '\(name)', which the entity does not have")
            }
        }
        return keys
    }
}
