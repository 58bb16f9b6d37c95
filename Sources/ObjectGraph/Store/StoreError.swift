/// An error opening, reading or writing a persistent store.
public enum StoreError: Error, CustomStringConvertible {
    /// The file exists but is not an ObjectGraph store (or not a database at all); it was
    /// left unchanged.
    case notAStore(path: String, reason: String)
    /// The store opened but holds something only another program can have written, such as
    /// a key counter out of range; the operation changed nothing.
    case damaged(path: String, reason: String)
    /// The store was created with a different model; the named entities differ.
    case incompatibleModel(path: String, entities: [String])
    /// Another save changed or deleted the object since this context read it.
    case conflict(ManagedObjectID)
    /// The coordinator already has a store.
    case storeAlreadyAdded
    /// The underlying database reported an error.
    case database(SQLiteError)
    /// The process has opened as many distinct stores as object IDs can tell apart.
    case tooManyStores(limit: Int)

    /// One sentence naming what and where.
    public var description: String {
        switch self {
        case .notAStore(let path, let reason): return "\(path) is not an ObjectGraph store: \(reason)"
        case .damaged(let path, let reason): return "\(path) is damaged: \(reason)"
        case .incompatibleModel(let path, let entities):
            return
                "\(path) was created with a different model (entities differing: \(entities.joined(separator: ", "))); migration is not supported"
        case .conflict(let id): return "save conflict: \(id) was changed or deleted by another save since it was read"
        case .storeAlreadyAdded: return "the coordinator already has a persistent store"
        case .database(let error): return error.description
        case .tooManyStores(let limit):
            return "cannot open another store: this process has opened \(limit) stores, the most its object IDs tell apart"
        }
    }
}
