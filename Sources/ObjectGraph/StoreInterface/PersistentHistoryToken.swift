/// How far a reader has read a coordinator's persistent history: for each store, the number of
/// the last transaction seen, as Core Data's `NSPersistentHistoryToken`.
///
/// A transaction's own ``PersistentHistoryTransaction/token`` names it in its store; a
/// coordinator's ``PersistentStoreCoordinator/currentPersistentHistoryToken(fromStores:)``
/// names the newest transaction of each store. Tokens are values: keep one, encode it, and ask
/// for the history after it (``PersistentHistoryChangeRequest/fetchHistory(after:)-(PersistentHistoryToken?)``).
public struct PersistentHistoryToken: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number of the last transaction seen, by store identifier
    /// (``PersistentStoreCoordinator/Store/identifier``); a store absent has been read from its
    /// start.
    public var transactionNumbers: [String: Int64]

    /// A token at the given transaction of each store.
    public init(transactionNumbers: [String: Int64] = [:]) {
        self.transactionNumbers = transactionNumbers
    }

    /// This token moved on to what `other` saw too: per store, the later of the two.
    public func merging(_ other: PersistentHistoryToken) -> PersistentHistoryToken {
        PersistentHistoryToken(transactionNumbers: transactionNumbers.merging(other.transactionNumbers, uniquingKeysWith: max))
    }

    /// The stores and their transaction numbers, as `store:number`, in store order.
    public var description: String {
        transactionNumbers.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ", ")
    }
}
