/// What a change in the persistent history did to its object, as Core Data's
/// `NSPersistentHistoryChangeType`; the raw value is the one `ACHANGE.ZCHANGETYPE` stores.
public enum PersistentHistoryChangeType: Int, Hashable, Sendable, CaseIterable {
    /// The object was inserted.
    case insert = 0
    /// Attributes or relationships of the object were changed.
    case update = 1
    /// The object was deleted.
    case delete = 2
}
