/// An error from using a context or its objects: a wrong key, a wrong type, a missing object.
public enum ObjectGraphError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entity has no property with this name.
    case unknownKey(entity: String, key: String)
    /// A key path picks a member by position (`[FIRST]`, `[LAST]`, `[n]`) of a to-many that is
    /// not ordered.
    case unorderedRelationship(entity: String, key: String)
    /// The attribute is derived: the save computes its value, which cannot be set.
    case derivedAttribute(entity: String, key: String)
    /// The property is a fetched property: a fetch gives its value, which cannot be set.
    case fetchedProperty(entity: String, key: String)
    /// A value of the wrong kind was given for a property.
    case typeMismatch(entity: String, property: String, expected: String, found: String)
    /// The model has no entity with this name.
    case unknownEntity(String)
    /// An abstract entity cannot have objects of its own.
    case abstractEntity(String)
    /// The object does not exist (any more) in the store.
    case objectNotFound(String)
    /// The object belongs to another context (or to none).
    case foreignObject(String)
    /// The fetch request's result type does not match the entity's class.
    case resultTypeMismatch(entity: String, expected: String)
    /// The context has no store to talk to.
    case noStore
    /// No store of the coordinator holds the entity: its configuration is not among theirs.
    case noStoreForEntity(String)
    /// A batched fetch was asked for batches of fewer than one object.
    case invalidBatchSize(Int)

    /// One sentence naming what and where.
    public var description: String {
        switch self {
        case .unknownKey(let entity, let key): return "entity '\(entity)' has no property '\(key)'"
        case .unorderedRelationship(let entity, let key):
            return "'\(key)' of entity '\(entity)' is not ordered: [FIRST], [LAST] and [n] pick members of an ordered to-many"
        case .derivedAttribute(let entity, let key):
            return "'\(key)' of entity '\(entity)' is derived: a save computes it, and it cannot be set"
        case .fetchedProperty(let entity, let key):
            return "'\(key)' of entity '\(entity)' is a fetched property: a fetch gives its value, and it cannot be set"
        case .typeMismatch(let entity, let property, let expected, let found):
            return "\(entity).\(property) expects a value of type \(expected), got \(found)"
        case .unknownEntity(let name): return "the model has no entity '\(name)'"
        case .abstractEntity(let name): return "entity '\(name)' is abstract and cannot be instantiated"
        case .objectNotFound(let uri): return "no object \(uri) in the store"
        case .foreignObject(let uri): return "object \(uri) belongs to another context"
        case .resultTypeMismatch(let entity, let expected):
            return
                "objects of entity '\(entity)' are not of the requested type \(expected); register the generated classes with the model"
        case .noStore: return "the coordinator has no persistent store"
        case .noStoreForEntity(let name):
            return "no store of the coordinator holds entity '\(name)': add one whose configuration holds it"
        case .invalidBatchSize(let size): return "a fetch batch size must be at least 1, got \(size)"
        }
    }
}
