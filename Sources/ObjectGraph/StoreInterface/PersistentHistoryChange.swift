/// One object's change in a transaction of the persistent history, as Core Data's
/// `NSPersistentHistoryChange`.
public struct PersistentHistoryChange: Hashable, Sendable {
    /// The change's number in its store, increasing in the order changes were recorded.
    public var changeID: Int64
    /// Inserted, updated or deleted.
    public var changeType: PersistentHistoryChangeType
    /// The object changed.
    public var changedObjectID: ManagedObjectID
    /// For an update, the names of the attributes and relationships it wrote; `nil` for an
    /// insert or a delete, and where the store does not know (an update recorded by a program
    /// with another model).
    public var updatedProperties: Set<String>?
    /// The number of the transaction the change belongs to.
    public var transactionNumber: Int64

    /// A change, as a store records it.
    public init(
        changeID: Int64, changeType: PersistentHistoryChangeType, changedObjectID: ManagedObjectID,
        updatedProperties: Set<String>?, transactionNumber: Int64
    ) {
        self.changeID = changeID
        self.changeType = changeType
        self.changedObjectID = changedObjectID
        self.updatedProperties = updatedProperties
        self.transactionNumber = transactionNumber
    }
}
