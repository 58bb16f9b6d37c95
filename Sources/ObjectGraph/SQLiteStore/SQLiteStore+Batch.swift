/// Batch requests: set-based SQL in one transaction.
extension SQLiteStore {
    /// Runs `batch` in one transaction (``SQLBatch``).
    ///
    /// - Throws: ``BatchRequestError``; ``StoreError/readOnly(path:)`` for a read-only store;
    ///   ``StoreError`` otherwise. Nothing is written then.
    func execute(_ batch: StoreBatch) throws -> StoreBatch.Outcome {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        do {
            return try connection.inTransaction {
                let history = tracksHistory ? history : nil
                return try SQLBatch(schema: schema, database: connection, tag: tag, history: history).run(batch)
            }
        } catch let error as BatchRequestError {
            throw error
        } catch {
            throw Self.storeError(error)
        }
    }
}
