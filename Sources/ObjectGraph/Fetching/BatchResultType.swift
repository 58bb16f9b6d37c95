/// What a batch request returns, as Core Data's `NSBatchDeleteRequestResultType` and
/// `NSBatchUpdateRequestResultType`.
public enum BatchResultType: Hashable, Sendable {
    /// How many objects the request deleted or updated.
    case count
    /// The IDs of the objects it deleted or updated (and of those its delete rules reached),
    /// which ``ManagedObjectContext/mergeChanges(fromBatch:)`` merges into a context.
    case objectIDs
}
