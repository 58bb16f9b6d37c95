/// The persistent history: what every context, in any process, saved to the stores.
extension ManagedObjectContext {
    /// Fetches or prunes the persistent history of the context's stores
    /// (``PersistentStoreCoordinator/execute(_:)``), as Core Data's context executes an
    /// `NSPersistentHistoryChangeRequest`.
    ///
    /// - Throws: ``StoreError``.
    public func execute(_ request: PersistentHistoryChangeRequest) throws -> PersistentHistoryResult {
        try persistentStoreCoordinator.execute(request)
    }

    /// Brings the context up to date with transactions of the persistent history, saved by
    /// any context of any process, as ``mergeChanges(fromContextDidSave:)`` does with one save:
    /// deleted objects leave the context, updated ones read their new row, loaded to-manys
    /// that inserted objects may join read the store again.
    public func mergeChanges(fromHistory transactions: [PersistentHistoryTransaction]) {
        var merged = ContextDidSave()
        for transaction in transactions {
            let saved = transaction.contextDidSave
            merged.insertedObjectIDs.formUnion(saved.insertedObjectIDs)
            merged.updatedObjectIDs.formUnion(saved.updatedObjectIDs)
            merged.deletedObjectIDs.formUnion(saved.deletedObjectIDs)
        }
        merge(
            inserted: merged.insertedObjectIDs.subtracting(merged.deletedObjectIDs), updated: merged.updatedObjectIDs,
            deleted: merged.deletedObjectIDs)
    }
}
