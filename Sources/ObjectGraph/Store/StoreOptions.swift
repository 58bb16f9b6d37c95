/// How a coordinator opens a store, as Core Data's store options
/// (`NSMigratePersistentStoresAutomaticallyOption`, `NSInferMappingModelAutomaticallyOption`,
/// `NSReadOnlyPersistentStoreOption`, or `NSPersistentStoreDescription`'s properties of the
/// same names).
public struct StoreOptions: Sendable, Equatable {
    /// Whether a store of an older model version is migrated to the model when it is opened.
    ///
    /// On by default. Off, such a store is refused, unchanged.
    public var shouldMigrateStoreAutomatically: Bool
    /// Whether the migration is inferred from the two versions (default: yes): the only kind
    /// of migration ObjectGraph does, so turning it off turns migration off too.
    public var shouldInferMappingModelAutomatically: Bool
    /// Whether the store is opened to read only (default: no).
    ///
    /// A read-only store is never written: opening it changes no file (no journal mode, no
    /// checkpoint of its `-wal`, no index, no migration), and saving to it throws
    /// ``StoreError/readOnly(path:)``. A missing file is not created.
    public var isReadOnly: Bool
    /// Whether a store is created where there is none (default: yes).
    ///
    /// Off, opening a missing or empty SQLite file, or a PostgreSQL schema without a store,
    /// throws ``StoreError/noStore(path:)`` and makes nothing: one step, where asking
    /// ``PersistentStoreCoordinator/persistentStoreExists(at:)`` first would take two (two
    /// connections to a server).
    public var createsStore: Bool
    /// Whether every save and batch request records a transaction in the store's persistent
    /// history (default: no), as Core Data's `NSPersistentHistoryTrackingKey`.
    ///
    /// On, a SQLite or PostgreSQL store gains Core Data's history tables (`ATRANSACTION`,
    /// `ACHANGE`, `ATRANSACTIONSTRING`) when it is opened; a read-only store without them
    /// keeps no history. A store that
    /// has them records history whether this is on or not: turning it off would leave a gap
    /// that readers of the history could not see (Core Data opens such a store read-only).
    public var persistentHistoryTracking: Bool

    /// Options; by default, stores of older model versions migrate and stores open to read
    /// and write.
    public init(
        shouldMigrateStoreAutomatically: Bool = true, shouldInferMappingModelAutomatically: Bool = true,
        isReadOnly: Bool = false, createsStore: Bool = true, persistentHistoryTracking: Bool = false
    ) {
        self.shouldMigrateStoreAutomatically = shouldMigrateStoreAutomatically
        self.shouldInferMappingModelAutomatically = shouldInferMappingModelAutomatically
        self.isReadOnly = isReadOnly
        self.createsStore = createsStore
        self.persistentHistoryTracking = persistentHistoryTracking
    }

    /// Whether a store of an older version is to be migrated.
    var migrates: Bool { shouldMigrateStoreAutomatically && shouldInferMappingModelAutomatically && !isReadOnly }
}
