/// Sets attributes of the objects of an entity that match a predicate to constant values, in
/// the store, without loading them: Core Data's `NSBatchUpdateRequest`.
///
/// The store writes them in one transaction with one set-based `UPDATE` per table, bypassing
/// every context: no validation runs (a value out of an attribute's range or a nil for a
/// required one is written as given), each updated row's version goes up (a context holding
/// an older version conflicts when it saves it, unless it merged the result first with
/// ``ManagedObjectContext/mergeChanges(fromBatch:)``).
///
/// Refused, before anything is written (``BatchRequestError``): relationships, transient and
/// derived attributes, attributes of an entity that has derived attributes (they would go
/// stale), Transformable attributes and those allowing external storage (their stored form is
/// not the value), and values that the attribute's type cannot hold.
///
/// Uniqueness constraints hold: when the new values would make two objects share a unique
/// key, the store refuses the whole request (a ``ConstraintConflict`` or a ``StoreError``)
/// and nothing is written; the merge policies of a save do not apply.
public struct BatchUpdateRequest: Sendable {
    /// The entity whose objects are updated.
    public var entityName: String
    /// Which objects: all of the entity when `nil`.
    public var predicate: FetchPredicate?
    /// The value each named attribute is set to.
    public var propertiesToUpdate: [String: AttributeValue]
    /// Whether objects of sub-entities match too.
    public var includesSubentities = true
    /// What the result holds.
    public var resultType: BatchResultType = .count

    /// Sets `propertiesToUpdate` on the objects of `entityName` matching `predicate`.
    public init(entityName: String, predicate: FetchPredicate? = nil, propertiesToUpdate: [String: AttributeValue]) {
        self.entityName = entityName
        self.predicate = predicate
        self.propertiesToUpdate = propertiesToUpdate
    }
}
