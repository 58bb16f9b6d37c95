/// What one save of a context changed in its stores: the IDs of the objects it inserted,
/// updated and deleted, as Core Data's `NSManagedObjectContextDidSaveObjectIDs` notification
/// gives them.
///
/// A coordinator announces each save of its contexts to its save observers
/// (``PersistentStoreCoordinator/addSaveObserver(_:)``) and to the contexts that merge saves
/// automatically (``ManagedObjectContext/automaticallyMergesChangesFromParent``); any context
/// of the same model can merge it (``ManagedObjectContext/mergeChanges(fromContextDidSave:)``).
public struct ContextDidSave: Hashable, Sendable {
    /// The objects the save inserted, by their permanent IDs.
    public var insertedObjectIDs: Set<ManagedObjectID>
    /// The objects whose attributes or relationships the save changed.
    public var updatedObjectIDs: Set<ManagedObjectID>
    /// The objects the save deleted, those its cascades reached included.
    public var deletedObjectIDs: Set<ManagedObjectID>

    /// The changes of a save.
    public init(
        insertedObjectIDs: Set<ManagedObjectID> = [], updatedObjectIDs: Set<ManagedObjectID> = [],
        deletedObjectIDs: Set<ManagedObjectID> = []
    ) {
        self.insertedObjectIDs = insertedObjectIDs
        self.updatedObjectIDs = updatedObjectIDs
        self.deletedObjectIDs = deletedObjectIDs
    }

    /// Whether the save changed nothing.
    public var isEmpty: Bool {
        insertedObjectIDs.isEmpty && updatedObjectIDs.isEmpty && deletedObjectIDs.isEmpty
    }

    /// The identifiers of the stores the save wrote to (``ManagedObjectID/storeIdentifier``).
    public var storeIdentifiers: Set<String> {
        Set([insertedObjectIDs, updatedObjectIDs, deletedObjectIDs].joined().compactMap(\.storeIdentifier))
    }

    /// The changes the save made in the store with identifier `identifier` only.
    public func changes(inStore identifier: String) -> ContextDidSave {
        let inStore = { (id: ManagedObjectID) in id.storeIdentifier == identifier }
        return ContextDidSave(
            insertedObjectIDs: insertedObjectIDs.filter(inStore), updatedObjectIDs: updatedObjectIDs.filter(inStore),
            deletedObjectIDs: deletedObjectIDs.filter(inStore))
    }
}
