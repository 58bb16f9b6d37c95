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
    }
}
