/// A transaction of the persistent history as a save announces it.
extension PersistentHistoryTransaction {
    /// The transaction's changes as a save announces them, for
    /// ``ManagedObjectContext/mergeChanges(fromContextDidSave:)`` (Core Data's
    /// `objectIDNotification()`).
    public var contextDidSave: ContextDidSave {
        var saved = ContextDidSave()
        for change in changes {
            switch change.changeType {
            case .insert: saved.insertedObjectIDs.insert(change.changedObjectID)
            case .update: saved.updatedObjectIDs.insert(change.changedObjectID)
            case .delete: saved.deletedObjectIDs.insert(change.changedObjectID)
            }
        }
        return saved
    }
}
