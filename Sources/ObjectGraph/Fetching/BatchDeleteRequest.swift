/// Deletes the objects of an entity that match a predicate, or those with the given IDs, in
/// the store, without loading them: Core Data's `NSBatchDeleteRequest`.
///
/// The store deletes them in one transaction with set-based SQL, bypassing every context:
/// no validation runs, no version is checked (a context that still holds a deleted object
/// conflicts when it saves it), and no context learns of it until it merges the result
/// (``ManagedObjectContext/mergeChanges(fromBatch:)``).
///
/// Delete rules are followed as a context follows them, across the whole graph:
/// - **Cascade** deletes the related objects too, and theirs in turn.
/// - **Nullify** clears the to-one that pointed back at a deleted object in the related rows
///   (their version goes up: they are reported as updated); links in join tables go.
/// - **Deny** refuses the whole request (``BatchRequestError/denied(entity:relationship:)``)
///   when a deleted object still holds an object that is not deleted with it.
/// - **No Action** leaves the related rows naming the deleted object.
///
/// The positions of an ordered to-many's remaining members keep their gaps (they still sort
/// the same). Files of external binary data that Core Data wrote are left in place, as a
/// save's delete leaves them.
public struct BatchDeleteRequest: Sendable {
    /// The entity whose objects are deleted.
    public var entityName: String
    /// Which objects: all of the entity when `nil`.
    ///
    /// Ignored when ``objectIDs`` is set.
    public var predicate: FetchPredicate?
    /// The objects to delete, when given by ID; IDs of other entities or stores are refused,
    /// IDs no row holds any more are skipped.
    public var objectIDs: [ManagedObjectID]?
    /// Whether objects of sub-entities match too.
    public var includesSubentities = true
    /// What the result holds.
    public var resultType: BatchResultType = .count

    /// Deletes the objects of `entityName` matching `predicate` (all of them when `nil`).
    public init(entityName: String, predicate: FetchPredicate? = nil) {
        self.entityName = entityName
        self.predicate = predicate
    }

    /// Deletes the objects with these IDs, all of one entity (or its sub-entities), as Core
    /// Data's `init(objectIDs:)`; none for an empty list.
    public init(objectIDs: [ManagedObjectID]) {
        self.entityName = objectIDs.map(\.entity.rootEntity.name).min() ?? ""
        self.objectIDs = objectIDs
    }
}
