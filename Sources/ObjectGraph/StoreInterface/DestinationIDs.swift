/// The saved destinations of a one-to-many relationship of one source, by ID.
struct DestinationIDs {
    var ids: [ManagedObjectID]
    /// The store's data version when they were read, which changes with every change to the
    /// store (``StoreChanges/OwnedRows/listedAt``); `nil` when the store keeps none.
    var dataVersion: UInt32?
}
