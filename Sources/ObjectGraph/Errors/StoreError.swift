import ObjectGraphPostgreSQL
import ObjectGraphSQLite

/// An error opening, reading or writing a persistent store.
public enum StoreError: Error, CustomStringConvertible {
    /// The file exists but is not an ObjectGraph store (or not a database at all); it was
    /// left unchanged.
    case notAStore(path: String, reason: String)
    /// No store is there (a missing or empty file, a schema without one), and none was made:
    /// the options said not to (``StoreOptions/createsStore``).
    case noStore(path: String)
    /// The store holds something only another program, or a damaged disk, can have written,
    /// such as a key counter out of range or a page SQLite finds malformed; the operation
    /// changed nothing.
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
    /// The coordinator already has the store at this path (the same file, or a copy of it,
    /// which has the same UUID).
    case storeAlreadyAdded(path: String)
    /// The model has no configuration of this name.
    case unknownConfiguration(String)
    /// The entity would live in two stores of the coordinator: in the new store's configuration
    /// and in that of a store added before (`nil`: the default configuration, which holds every
    /// entity). A store holds the whole inheritance hierarchy of each entity of its configuration.
    case entityInTwoStores(entity: String, configuration: String?, otherConfiguration: String?)
    /// The relationship (`Entity.name`) of an entity of the new store's configuration points at
    /// an entity that a store added before holds: relationships do not cross stores.
    case relationshipAcrossStores(relationship: String, configuration: String?, destinationConfiguration: String?)
    /// The relationship (`Entity.name`) of an entity of the configuration points at an entity
    /// the configuration does not hold: relationships do not cross stores.
    case relationshipOutsideConfiguration(relationship: String, destination: String, configuration: String?)
    /// The underlying database reported an error.
    case database(SQLiteError)
    /// The PostgreSQL server could not be reached, refused the connection, or was lost; the
    /// store is named by host, port, database and schema, never with a password.
    case unreachable(store: String, reason: String)
    /// The PostgreSQL server reported an error.
    case server(PostgreSQLError)
    /// The PostgreSQL store is on a hot standby, which only reads: saving to it fails.
    case readOnlyStandby(store: String)
    /// A copy's destination holds objects already (``PersistentStoreCoordinator/copyPersistentStore(from:to:)``).
    case destinationNotEmpty(store: String)
    /// The store cannot be copied row by row (why).
    case notCopyable(store: String, reason: String)
    /// A value the store cannot hold (PostgreSQL's text holds no NUL character): which
    /// attribute of which object, and why.
    case unstorableValue(store: String, reason: String)
    /// The process has opened as many distinct stores as object IDs can tell apart.
    case tooManyStores(limit: Int)

    /// One sentence naming what and where, without SQL (a ``database(_:)`` error keeps the
    /// statement that ran, for debugging).
    public var description: String {
        switch self {
        case .notAStore(let path, let reason): return "\(path) is not an ObjectGraph store: \(reason)"
        case .noStore(let path): return "no store at \(path)"
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
        case .storeAlreadyAdded(let path):
            return "the coordinator already has the store \(path) (the same file, or a copy of it with the same UUID)"
        case .unknownConfiguration(let name): return "the model has no configuration '\(name)'"
        case .entityInTwoStores(let entity, let configuration, let other):
            return
                "entity '\(entity)' of \(Self.label(configuration)) is held by \(Self.label(other)) of another store of the coordinator already: an entity lives in one store"
        case .relationshipAcrossStores(let relationship, let configuration, let destination):
            return
                "relationship \(relationship) of \(Self.label(configuration)) points at an entity of \(Self.label(destination)), in another store: relationships do not cross stores"
        case .relationshipOutsideConfiguration(let relationship, let destination, let configuration):
            return
                "relationship \(relationship) points at entity '\(destination)', which \(Self.label(configuration)) does not hold: relationships do not cross stores"
        case .database(let error) where error.isDamage: return "the store file is damaged: \(error.message)"
        case .database(let error): return error.summary
        case .unreachable(let store, let reason): return "cannot reach the PostgreSQL store \(store): \(reason)"
        case .server(let error): return error.description
        case .unstorableValue(let store, let reason): return "cannot save to \(store): \(reason)"
        case .destinationNotEmpty(let store): return "cannot copy into \(store): it holds objects already"
        case .notCopyable(let store, let reason): return "cannot copy \(store): \(reason)"
        case .readOnlyStandby(let store):
            return "cannot save: \(store) is a read-only standby server; save to the primary"
        case .tooManyStores(let limit):
            return "cannot open another store: this process has opened \(limit) stores, the most its object IDs tell apart"
        }
    }

    /// A configuration as messages name it.
    private static func label(_ configuration: String?) -> String {
        configuration.map { "configuration '\($0)'" } ?? "the default configuration"
    }
}
