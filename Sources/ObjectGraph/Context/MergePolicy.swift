/// How a save resolves a conflict with a change saved elsewhere since the context read an
/// object it updated: Core Data's merge policies (``ManagedObjectContext/mergePolicy``).
///
/// A policy other than ``error`` reads the object's row as the store now holds it and settles
/// each property from three values: the one the context read, the one it holds now, and the
/// one the store holds; then the save runs again. Conflicts on objects the context did not
/// update (a row this save points at was deleted, an owner this save deletes gained a member)
/// fail as under ``error``; so does an updated object whose row is gone, except under
/// ``rollback``, which forgets it.
///
/// The same policies settle a uniqueness conflict between an object the save inserts and a
/// saved row (``ConstraintConflict``): the object becomes that row, its properties settled
/// against the entity's defaults as what it read, and the save updates the row instead of
/// inserting one. Two new objects sharing a key, or a row the context holds as an object, are
/// reported as before.
public enum MergePolicy: Hashable, Sendable {
    /// The save fails with ``StoreError/conflict(_:)`` and writes nothing (Core Data's
    /// `NSErrorMergePolicy`). The default.
    case error
    /// Property by property, the context's changes win; the properties it did not change take
    /// the store's values (`NSMergeByPropertyObjectTrumpMergePolicy`).
    case mergeByPropertyObjectTrump
    /// Property by property, the store's changes win; the context's other changes stay
    /// (`NSMergeByPropertyStoreTrumpMergePolicy`).
    case mergeByPropertyStoreTrump
    /// The object as the context holds it is saved over the row, whatever the store holds
    /// (`NSOverwriteMergePolicy`).
    case overwrite
    /// The object's unsaved changes give way to the store's row (`NSRollbackMergePolicy`).
    case rollback

    /// The value a property takes: `mine` the context's, `read` what it read, `theirs` the
    /// store's.
    func settle<Value: Equatable>(mine: Value, read: Value, theirs: Value) -> Value {
        switch self {
        case .mergeByPropertyObjectTrump: mine != read ? mine : theirs
        case .mergeByPropertyStoreTrump: theirs != read ? theirs : mine
        case .overwrite: mine
        case .error, .rollback: theirs
        }
    }
}
