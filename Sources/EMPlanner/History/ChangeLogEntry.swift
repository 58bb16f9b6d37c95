import Foundation

/// One save to a tournament's store, as its history recorded it: when, by whom, by what, and
/// how many objects of each kind it inserted, updated and deleted.
public struct ChangeLogEntry: Hashable, Sendable {
    /// What one save did to the objects of one entity.
    public struct EntityChanges: Hashable, Sendable {
        /// The entity's name, as `Match` or `Goal`.
        public var entity: String
        /// How many objects it added.
        public var inserted = 0
        /// How many objects it changed.
        public var updated = 0
        /// How many objects it removed.
        public var deleted = 0
        /// The properties the updates wrote, sorted; empty where the store does not know.
        public var properties: [String] = []
    }

    /// The save's number in the store, rising with each save.
    public var number: Int64
    /// When it was saved.
    public var date: Date
    /// Who saved (``ChangeSignature/author``).
    public var author: String?
    /// What saved (``ChangeSignature/action``), as `em result 36 2:1`.
    public var action: String?
    /// The program that saved.
    public var program: String?
    /// What it did, by entity name.
    public var entities: [EntityChanges]
}
