import ObjectGraphSQLite

/// An error opening, reading or writing a persistent store.
public enum StoreError: Error, CustomStringConvertible {
    /// The file exists but is not an ObjectGraph store (or not a database at all); it was
    /// left unchanged.
    case notAStore(path: String, reason: String)
    /// The store opened but holds something only another program can have written, such as
    /// a key counter out of range; the operation changed nothing.
    case damaged(path: String, reason: String)
    /// The system refuses this process the store file, or the folder it is in, where SQLite
    /// keeps the store's `-wal` and `-shm` files even for reading (what the system said).
    case inaccessible(path: String, reason: String)
    /// The store was written by a version of the model that this model does not hold, or by
    /// an older version while migration is turned off; the named entities differ. The store
    /// was left unchanged.
    case incompatibleModel(path: String, entities: [String])
    /// The store was written by Core Data, and its tables do not hold the model's entities
    /// and properties: each difference names the entity or property and the table or column
    /// (`Recipe.calories: ZRECIPE has no column ZCALORIES`). The store was left unchanged.
    case mismatchedSchema(path: String, differences: [String])
    /// The store was opened read-only (``StoreOptions/isReadOnly``) and a save would write to
    /// it; nothing was written.
    case readOnly(path: String)
    /// The store was written by an older version of the model, and the change to this version
    /// cannot be inferred; the store was left unchanged.
    case cannotMigrate(path: String, MigrationError)
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
        case .inaccessible(let path, let reason): return "cannot use \(path): \(reason)"
        case .incompatibleModel(let path, let entities):
            return
                "\(path) was created with a model version this program does not migrate (entities differing: \(entities.joined(separator: ", ")))"
        case .mismatchedSchema(let path, let differences):
            return "\(path) was written by Core Data with another model: \(differences.joined(separator: "; "))"
        case .readOnly(let path): return "cannot save: \(path) is open to read only"
        case .cannotMigrate(let path, let error): return "\(path): \(error)"
        case .conflict(let id): return "save conflict: \(id) was changed or deleted by another save since it was read"
        case .storeAlreadyAdded: return "the coordinator already has a persistent store"
        case .database(let error): return error.description
        case .tooManyStores(let limit):
            return "cannot open another store: this process has opened \(limit) stores, the most its object IDs tell apart"
        }
    }
}
