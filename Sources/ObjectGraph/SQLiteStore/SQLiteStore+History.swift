import ObjectGraphSQLite

/// The persistent history, in the store's file (``SQLHistory``).
extension SQLiteStore {
    /// The history on the store's connection.
    var history: SQLHistory {
        SQLHistory(schema: schema, database: connection, tag: tag, storeIdentifier: identifier)
    }

    /// Makes the history's tables where they are missing, in a transaction of their own; a
    /// store that has them is not written.
    static func prepareHistory(on connection: SQLiteConnection) throws(StoreError) {
        try wrap {
            guard try !SQLHistory.isReady(on: connection) else { return }
            try connection.inTransaction {
                if try !SQLHistory.isReady(on: connection) { try connection.perform(SQLHistory.creation(in: .sqlite)) }
            }
        }
    }

    func history(after bound: HistoryBound, limit: Int) throws -> [PersistentHistoryTransaction] {
        guard tracksHistory else { return [] }
        return try Self.wrap { try history.transactions(after: bound, limit: limit) }
    }

    func deleteHistory(before bound: HistoryBound) throws -> Int {
        guard tracksHistory else { return 0 }
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        return try Self.wrap { try connection.inTransaction { try history.delete(before: bound) } }
    }

    func lastTransactionNumber() throws -> Int64 {
        guard tracksHistory else { return 0 }
        return try Self.wrap { try history.lastTransactionNumber() }
    }
}
