import Foundation
import ObjectGraphSQLite

/// Connects contexts to a persistent store: a SQLite file laid out as Core Data lays out its
/// own, or memory.
///
/// ```swift
/// let coordinator = PersistentStoreCoordinator(model: model)
/// try coordinator.addPersistentStore(.sqlite(URL(filePath: "em.sqlite")))
/// let context = ManagedObjectContext(coordinator: coordinator)
/// ```
public final class PersistentStoreCoordinator {
    /// Where objects are kept.
    public enum StoreLocation: Sendable {
        /// A SQLite database file, created with the model's schema if missing or empty.
        case sqlite(URL)
        /// Memory only; gone with the coordinator.
        case inMemory
    }

    /// The model of every object the coordinator handles.
    public let model: ManagedObjectModel
    var store: (any PersistentStore)?

    /// Creates a coordinator for a model, without a store yet.
    public init(model: ManagedObjectModel) {
        self.model = model
    }

    /// Opens (or creates) the store.
    ///
    /// One store per coordinator.
    ///
    /// A SQLite store written by an older version of the model (see
    /// ``ManagedObjectModel/versions()``) is migrated to the model first, unless `options`
    /// turn migration off: lightweight migration, inferred from the two versions, in one
    /// transaction, after a backup copy beside the store.
    ///
    /// - Parameters:
    ///   - location: A SQLite file or memory.
    ///   - options: Whether stores of older model versions migrate (by default they do).
    /// - Throws: ``StoreError/notAStore(path:reason:)`` for a file that is not ours (left
    ///   unchanged), ``StoreError/incompatibleModel(path:entities:)`` for a store of a model
    ///   version this model does not hold, or of an older one with migration off (left
    ///   unchanged), ``StoreError/cannotMigrate(path:_:)`` for a change migration cannot infer
    ///   (left unchanged), ``StoreError/database(_:)`` for I/O errors,
    ///   ``StoreError/tooManyStores(limit:)`` once the process has opened 65,535 distinct stores.
    public func addPersistentStore(_ location: StoreLocation, options: StoreOptions = StoreOptions()) throws {
        guard store == nil else { throw StoreError.storeAlreadyAdded }
        switch location {
        case .inMemory: store = try InMemoryStore(model: model)
        case .sqlite(let url): store = try SQLiteStore(url: url, model: model, options: options)
        }
    }

    /// The metadata of the SQLite store at `url`: which model version wrote it.
    ///
    /// Reads only.
    ///
    /// - Throws: ``StoreError/notAStore(path:reason:)`` when the file is not an ObjectGraph or
    ///   Core Data store.
    public static func metadataForPersistentStore(at url: URL) throws(StoreError) -> StoreMetadata {
        let path = url.path
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, readOnly: true)
        } catch {
            throw .notAStore(path: path, reason: "cannot open it: \(error)")
        }
        connection.setCheckpointsOnClose(false)
        do {
            return try SQLiteStore.readMetadata(on: connection, path: path)
        } catch .database(let error) where error.primaryResultCode == 26 || error.primaryResultCode == 1 {
            throw .notAStore(path: path, reason: error.message)
        }
    }

    /// The store's UUID, or `nil` without a store.
    public var storeIdentifier: String? { store?.identifier }

    /// The ID named by a URI from ``ManagedObjectID/uriRepresentation``, if it names an
    /// entity of the model and this store.
    public func managedObjectID(forURIRepresentation uri: URL) -> ManagedObjectID? {
        guard uri.scheme == "x-coredata", let store, uri.host == store.identifier else { return nil }
        let parts = uri.path.split(separator: "/")
        guard parts.count == 2, let entity = model.entity(named: String(parts[0])),
            parts[1].first == "p", let pk = Int64(parts[1].dropFirst()),
            (0...ManagedObjectID.maxPrimaryKey).contains(pk)
        else { return nil }
        return ManagedObjectID(entity: entity, primaryKey: pk, storeTag: store.tag)
    }
}

@available(*, unavailable)
extension PersistentStoreCoordinator: Sendable {}
