import Foundation
import ObjectGraphPostgreSQL

extension PersistentStoreCoordinator {
    /// A store added to a coordinator, as Core Data's `NSPersistentStore` describes it: where
    /// it is, its UUID, and the configuration whose entities it holds.
    ///
    /// List them with ``PersistentStoreCoordinator/persistentStores``; find an object's with
    /// ``PersistentStoreCoordinator/persistentStore(for:)``.
    public struct Store {
        /// The store itself.
        let store: any PersistentStore
        /// Where the store is.
        public let location: StoreLocation
        /// Whether the store was opened to read only (``StoreOptions/isReadOnly``).
        public let isReadOnly: Bool

        /// The store's UUID: the host of its objects' URIs (``ManagedObjectID/uriRepresentation``).
        public var identifier: String { store.identifier }
        /// The name of the configuration whose entities the store holds; `nil` for the default
        /// configuration, which holds every entity.
        public var configurationName: String? { store.configuration.name }
        /// The entities whose objects the store holds, sorted by name: those of its
        /// configuration, each with its whole inheritance hierarchy.
        public var entities: [EntityDescription] { store.configuration.entities }
        /// Whether each save and batch request records a transaction in the store's persistent
        /// history (``StoreOptions/persistentHistoryTracking``, or history the store already
        /// keeps).
        public var tracksPersistentHistory: Bool { store.tracksHistory }
    }
}

extension PersistentStoreCoordinator.StoreLocation: CustomStringConvertible {
    /// The location as messages name it: a file's path, `memory`, or a PostgreSQL store's
    /// host, port, database and schema, never with its password.
    public var description: String {
        switch self {
        case .sqlite(let url): url.path
        case .inMemory: "memory"
        case .postgreSQL(let connection, let schema):
            "\(PostgreSQLConnection.destination(of: connection) ?? "(an unreadable connection string)") (schema \(schema))"
        }
    }
}

extension PersistentStoreCoordinator {
    /// Whether a store is at `location` already.
    ///
    /// A store is there when a SQLite file is not empty, or a PostgreSQL schema holds a
    /// store's tables; memory never holds one before it is added. Reads only: nothing is
    /// created.
    ///
    /// - Throws: ``StoreError/unreachable(store:reason:)`` when the PostgreSQL server cannot be
    ///   reached or refuses; ``StoreError/server(_:)``.
    public static func persistentStoreExists(at location: StoreLocation) throws(StoreError) -> Bool {
        switch location {
        case .inMemory: return false
        case .sqlite(let url):
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            return (size ?? 0) > 0
        case .postgreSQL(let connectionString, let schema):
            do {
                let connection = try PostgreSQLConnection(connectionString)
                return try PostgreSQLStore.holdsStore(connection, schema: schema)
            } catch {
                throw PostgreSQLStore.storeError(error, store: location.description)
            }
        }
    }
}
