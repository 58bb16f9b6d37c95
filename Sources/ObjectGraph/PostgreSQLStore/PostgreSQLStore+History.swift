/// The persistent history, in the store's schema (``SQLHistory``).
extension PostgreSQLStore {
    /// The history on the store's connection.
    var history: SQLHistory {
        SQLHistory(schema: schema, database: connection, tag: tag, storeIdentifier: identifier)
    }

    func history(after bound: HistoryBound, limit: Int) throws -> [PersistentHistoryTransaction] {
        guard tracksHistory else { return [] }
        return try wrap { try history.transactions(after: bound, limit: limit) }
    }

    func deleteHistory(before bound: HistoryBound) throws -> Int {
        guard tracksHistory else { return 0 }
        if isStandby { throw StoreError.readOnlyStandby(store: name) }
        guard !isReadOnly else { throw StoreError.readOnly(path: name) }
        return try wrap { try connection.inTransaction { try history.delete(before: bound) } }
    }

    func lastTransactionNumber() throws -> Int64 {
        guard tracksHistory else { return 0 }
        return try wrap { try history.lastTransactionNumber() }
    }
}
