import Foundation
import ObjectGraphSQLite

/// Connects contexts to persistent stores: SQLite files laid out as Core Data lays out its
/// own, or memory.
///
/// ```swift
/// let coordinator = PersistentStoreCoordinator(model: model)
/// try coordinator.addPersistentStore(.sqlite(URL(filePath: "em.sqlite")))
/// let context = ManagedObjectContext(coordinator: coordinator)
/// ```
///
/// A coordinator usually has one store, holding every entity. A model split into
/// configurations (``ManagedObjectModel/configurations``) can be spread over several stores,
/// one per configuration: each entity then lives in one store, which its fetches, faults and
/// inserts go to (see <doc:ContextsAndSaving>).
public final class PersistentStoreCoordinator {
    /// Where objects are kept.
    public enum StoreLocation: Sendable {
        /// A SQLite database file, created with the model's schema if missing or empty.
        case sqlite(URL)
        /// Memory only; gone with the coordinator.
        case inMemory
        /// A schema of a PostgreSQL database, created with the model's schema if missing or
        /// empty: a `postgresql://` URL or a `key=value` connection string (what it leaves
        /// out comes from libpq's usual sources: `PGHOST`, `PGPASSWORD`, `~/.pgpass`, service
        /// files), and the schema holding the store's tables (one store per schema).
        case postgreSQL(String, schema: String = "public")

        /// Whether `name` can name the schema of a PostgreSQL store: 1 to 63 ASCII letters,
        /// digits and underscores, not starting with a digit (PostgreSQL's unquoted names).
        public static func isValidSchemaName(_ name: String) -> Bool { PostgreSQLStore.isValidSchemaName(name) }
    }

    /// The model of every object the coordinator handles.
    public let model: ManagedObjectModel
    /// The stores, in the order they were added, as Core Data's `persistentStores`.
    public private(set) var persistentStores: [Store] = []
    /// The only store, when it holds every entity: every object is in it, with no look-up.
    private(set) var soleStore: (any PersistentStore)?
    /// The store holding each inheritance hierarchy, by root entity, when there is no
    /// ``soleStore``.
    private var storesByRoot: [ObjectIdentifier: any PersistentStore] = [:]

    /// The save observers, by number (``addSaveObserver(_:)``).
    var saveObservers: [Int: (ContextDidSave, ManagedObjectContext) -> Void] = [:]
    /// The number of the last save observer added.
    var nextSaveObserverNumber = 0
    /// The contexts that merge every save of another context
    /// (``ManagedObjectContext/automaticallyMergesChangesFromParent``).
    var mergingContexts: [WeakContext] = []

    /// Creates a coordinator for a model, without a store yet.
    public init(model: ManagedObjectModel) {
        self.model = model
    }

    /// Opens (or creates) a store holding the entities of a configuration of the model.
    ///
    /// A coordinator may have several stores, as long as each entity lives in one of them: a
    /// store holds the entities of its configuration, each with its whole inheritance
    /// hierarchy (which shares one table), and no relationship leaves it (Core Data has no
    /// relationships across stores). The default configuration holds every entity, so its
    /// store is the coordinator's only one. Objects inserted into a context are saved to the
    /// store holding their entity (there is no `assign(_:to:)`: there is only one).
    ///
    /// A SQLite or PostgreSQL store written by an older version of the model (see
    /// ``ManagedObjectModel/versions()``) is migrated to the model first, unless `options`
    /// turn migration off: lightweight migration, inferred from the two versions' configuration
    /// of this name, in one transaction (for SQLite, after a backup copy beside the store).
    ///
    /// ```swift
    /// try coordinator.addPersistentStore(.sqlite(URL(filePath: "catalog.sqlite")), configurationName: "Catalog")
    /// try coordinator.addPersistentStore(.inMemory, configurationName: "Session")
    /// ```
    ///
    /// - Parameters:
    ///   - location: A SQLite file or memory.
    ///   - configurationName: The configuration whose entities the store holds
    ///     (``ManagedObjectModel/configurations``); `nil`, the default, for every entity.
    ///   - options: Whether stores of older model versions migrate (by default they do).
    /// - Throws: ``StoreError/notAStore(path:reason:)`` for a file that is not ours (left
    ///   unchanged), ``StoreError/incompatibleModel(path:entities:)`` for a store of a model
    ///   version this model does not hold, or of an older one with migration off (left
    ///   unchanged), ``StoreError/cannotMigrate(path:_:)`` for a change migration cannot infer
    ///   (left unchanged), ``StoreError/database(_:)`` for I/O errors,
    ///   ``StoreError/tooManyStores(limit:)`` once the process has opened 65,535 distinct stores;
    ///   before opening anything, ``StoreError/unknownConfiguration(_:)``,
    ///   ``StoreError/entityInTwoStores(entity:configuration:otherConfiguration:)`` when a store
    ///   added before holds one of the entities,
    ///   ``StoreError/relationshipAcrossStores(relationship:configuration:destinationConfiguration:)``
    ///   or ``StoreError/relationshipOutsideConfiguration(relationship:destination:configuration:)``
    ///   for a relationship to an entity the configuration does not hold, and
    ///   ``StoreError/storeAlreadyAdded(path:)`` for a file the coordinator has already (or a
    ///   copy of it).
    public func addPersistentStore(
        _ location: StoreLocation, configurationName: String? = nil, options: StoreOptions = StoreOptions()
    ) throws {
        if case .sqlite(let url) = location {
            let file = url.standardizedFileURL.resolvingSymlinksInPath()
            for case .sqlite(let added) in persistentStores.map(\.location)
            where added.standardizedFileURL.resolvingSymlinksInPath() == file {
                throw StoreError.storeAlreadyAdded(path: url.path)
            }
        }
        let configuration = try ModelConfiguration(model: model, name: configurationName)
        try configuration.checkJoining(persistentStores.map(\.store.configuration))
        let store: any PersistentStore
        switch location {
        case .inMemory:
            store = try InMemoryStore(configuration: configuration, tracksHistory: options.persistentHistoryTracking)
        case .sqlite(let url):
            store = try SQLiteStore(url: url, configuration: configuration, options: options)
            guard !persistentStores.contains(where: { $0.identifier == store.identifier }) else {
                throw StoreError.storeAlreadyAdded(path: url.path)
            }
        case .postgreSQL(let connection, let schema):
            let postgreSQLStore = try PostgreSQLStore(
                connection: connection, schema: schema, configuration: configuration, options: options)
            guard !persistentStores.contains(where: { $0.identifier == postgreSQLStore.identifier }) else {
                throw StoreError.storeAlreadyAdded(path: postgreSQLStore.name)
            }
            store = postgreSQLStore
        }
        persistentStores.append(Store(store: store, location: location, isReadOnly: options.isReadOnly))
        soleStore = persistentStores.count == 1 && configuration.holdsEveryEntity ? store : nil
        for entity in configuration.entities where entity.superentity == nil {
            storesByRoot[ObjectIdentifier(entity)] = store
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
        try SQLiteStore.refuseFolder(at: path)
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

    /// The UUID of the first store added (the only one, usually), or `nil` without a store.
    public var storeIdentifier: String? { persistentStores.first?.identifier }

    /// The store holding the object with this ID, as Core Data's `objectID.persistentStore`:
    /// for a permanent ID, the store of this coordinator it names (`nil` when it names none);
    /// for a temporary one, the store its object is saved to (`nil` when no store holds its
    /// entity).
    public func persistentStore(for id: ManagedObjectID) -> Store? {
        if id.isTemporaryID { return persistentStores.first { $0.store.configuration.holds(id.entity) } }
        return persistentStores.first { $0.store.tag == id.storeTag }
    }

    /// The ID named by a URI from ``ManagedObjectID/uriRepresentation``, if it names one of
    /// the coordinator's stores and an entity that store holds.
    public func managedObjectID(forURIRepresentation uri: URL) -> ManagedObjectID? {
        guard uri.scheme == "x-coredata", let store = persistentStores.first(where: { $0.identifier == uri.host })?.store
        else { return nil }
        let parts = uri.path.split(separator: "/")
        guard parts.count == 2, let entity = model.entity(named: String(parts[0])), store.configuration.holds(entity),
            parts[1].first == "p", let pk = Int64(parts[1].dropFirst()),
            (0...ManagedObjectID.maxPrimaryKey).contains(pk)
        else { return nil }
        return ManagedObjectID(entity: entity, primaryKey: pk, storeTag: store.tag)
    }

    /// The store holding the objects of `entity`.
    ///
    /// - Throws: ``ObjectGraphError/noStore`` without a store,
    ///   ``ObjectGraphError/noStoreForEntity(_:)`` when no store holds the entity.
    func store(for entity: EntityDescription) throws(ObjectGraphError) -> any PersistentStore {
        if let soleStore { return soleStore }
        if let store = storesByRoot[ObjectIdentifier(entity.rootEntity)] { return store }
        throw persistentStores.isEmpty ? .noStore : .noStoreForEntity(entity.name)
    }
}

@available(*, unavailable)
extension PersistentStoreCoordinator: Sendable {}
