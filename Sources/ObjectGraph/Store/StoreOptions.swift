/// How a coordinator opens a store, as Core Data's store options
/// (`NSMigratePersistentStoresAutomaticallyOption`, `NSInferMappingModelAutomaticallyOption`,
/// or `NSPersistentStoreDescription`'s properties of the same names).
public struct StoreOptions: Sendable, Equatable {
    /// Whether a store of an older model version is migrated to the model when it is opened.
    ///
    /// On by default. Off, such a store is refused, unchanged.
    public var shouldMigrateStoreAutomatically: Bool
    /// Whether the migration is inferred from the two versions (default: yes): the only kind
    /// of migration ObjectGraph does, so turning it off turns migration off too.
    public var shouldInferMappingModelAutomatically: Bool

    /// Options; by default, stores of older model versions migrate.
    public init(shouldMigrateStoreAutomatically: Bool = true, shouldInferMappingModelAutomatically: Bool = true) {
        self.shouldMigrateStoreAutomatically = shouldMigrateStoreAutomatically
        self.shouldInferMappingModelAutomatically = shouldInferMappingModelAutomatically
    }

    /// Whether a store of an older version is to be migrated.
    var migrates: Bool { shouldMigrateStoreAutomatically && shouldInferMappingModelAutomatically }
}
