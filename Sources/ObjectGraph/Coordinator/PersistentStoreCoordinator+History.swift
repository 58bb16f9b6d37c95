/// Reading and pruning the persistent history of the coordinator's stores.
extension PersistentStoreCoordinator {
    /// The token naming the newest transaction of each store that keeps history, as Core
    /// Data's `currentPersistentHistoryToken(fromStores:)`: history fetched after it holds
    /// only what is saved from now on.
    ///
    /// - Parameter stores: The stores to name; `nil`, the default, for all of them.
    /// - Throws: ``StoreError`` when a store cannot be read.
    /// - Complexity: One query per store.
    public func currentPersistentHistoryToken(fromStores stores: [Store]? = nil) throws -> PersistentHistoryToken {
        var numbers: [String: Int64] = [:]
        for store in (stores ?? persistentStores).map(\.store) where store.tracksHistory {
            numbers[store.identifier] = try store.lastTransactionNumber()
        }
        return PersistentHistoryToken(transactionNumbers: numbers)
    }

    /// Fetches or prunes the persistent history of every store that keeps one
    /// (``StoreOptions/persistentHistoryTracking``).
    ///
    /// A fetch returns each store's transactions after the bound, oldest first, the stores in
    /// the order they were added; a limit applies to each store. A delete removes the
    /// transactions before the bound, with their changes; a token leaves the history of the
    /// stores it does not name as it is.
    ///
    /// - Throws: ``StoreError``; ``StoreError/readOnly(path:)`` for a delete in a read-only
    ///   store. A delete in one store that fails leaves that store's history as it was.
    /// - Complexity: A fetch reads two queries per store, a delete runs two statements.
    public func execute(_ request: PersistentHistoryChangeRequest) throws -> PersistentHistoryResult {
        var transactions: [PersistentHistoryTransaction] = []
        var count = 0
        for store in persistentStores.map(\.store) where store.tracksHistory {
            let bound: HistoryBound
            switch request.bound {
            case .all:
                guard request.action == .fetch else { continue }
                bound = .transaction(0)
            case .token(let token):
                let number = token.transactionNumbers[store.identifier]
                if request.action == .delete, number == nil { continue }
                bound = .transaction(number ?? 0)
            case .date(let date):
                bound = .date(date)
            }
            switch request.action {
            case .fetch: transactions += try store.history(after: bound, limit: request.fetchLimit)
            case .delete: count += try store.deleteHistory(before: bound)
            }
        }
        return PersistentHistoryResult(
            transactions: transactions, count: request.action == .fetch ? transactions.count : count)
    }
}
