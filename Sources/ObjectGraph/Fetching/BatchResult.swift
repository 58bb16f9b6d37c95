/// What a batch request did: Core Data's `NSBatchDeleteResult` and `NSBatchUpdateResult`.
public struct BatchResult: Hashable, Sendable {
    /// How many objects the request itself deleted or updated (those its predicate or IDs
    /// named, not those its delete rules reached).
    public var count: Int
    /// Every object deleted, those delete rules cascaded to included; empty unless the
    /// result type is ``BatchResultType/objectIDs``.
    public var deletedObjectIDs: [ManagedObjectID]
    /// Every object whose row changed: those a batch update set, those a batch delete
    /// nullified; empty unless the result type is ``BatchResultType/objectIDs``.
    public var updatedObjectIDs: [ManagedObjectID]
}
