/// What a ``PersistentHistoryChangeRequest`` did, as Core Data's `NSPersistentHistoryResult`.
public struct PersistentHistoryResult: Hashable, Sendable {
    /// The transactions a fetch read, oldest first, store by store in the order the stores
    /// were added; empty for a delete.
    public var transactions: [PersistentHistoryTransaction]
    /// How many transactions a fetch read, or a delete deleted.
    public var count: Int
}
