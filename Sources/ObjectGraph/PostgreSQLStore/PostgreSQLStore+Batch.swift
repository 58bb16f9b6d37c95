/// Batch requests: set-based SQL in one transaction.
extension PostgreSQLStore {
    /// Runs `batch` in one transaction (``SQLBatch``).
    ///
    /// - Throws: ``BatchRequestError``; ``StoreError/readOnly(path:)``,
    ///   ``StoreError/readOnlyStandby(store:)``; ``StoreError`` otherwise. Nothing is written
    ///   then.
    func execute(_ batch: StoreBatch) throws -> StoreBatch.Outcome {
        if isStandby { throw StoreError.readOnlyStandby(store: name) }
        guard !isReadOnly else { throw StoreError.readOnly(path: name) }
        do {
            return try connection.inTransaction {
                let history = tracksHistory ? history : nil
                return try SQLBatch(schema: schema, database: connection, tag: tag, history: history).run(batch)
            }
        } catch let error as BatchRequestError {
            throw error
        } catch {
            throw Self.storeError(error, store: name)
        }
    }
}
