/// A save refused because it would give two objects the same values for one of their
/// entity's uniqueness constraints (``EntityDescription/uniquenessConstraints``), as Core
/// Data's `NSConstraintConflict` reports it.
///
/// The store checks every save against what is saved, whichever process saved it, and against
/// the save's other objects. Nothing was written; the context keeps its changes.
public struct ConstraintConflict: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entity declaring the constraint (for an inherited constraint, the ancestor).
    public var entityName: String
    /// The constraint's properties, in the order declared.
    public var constraint: [String]
    /// The values the two objects share, in the constraint's order: an attribute's value as
    /// text, a to-one's destination as its object ID's URI.
    public var values: [String]
    /// The object the save would have given these values.
    public var objectID: ManagedObjectID
    /// The object that has them: a saved one, or another object of the same save (then with
    /// the temporary ID the context knows it by).
    public var conflictingObjectID: ManagedObjectID

    /// One sentence naming the entity, the properties and values, and both objects.
    public var description: String {
        let pairs = zip(constraint, values).map { "\($0) \($1)" }.joined(separator: ", ")
        return
            "uniqueness constraint of \(entityName) (\(constraint.joined(separator: ", "))) broken: \(objectID) would have \(pairs), which \(conflictingObjectID) has"
    }
}
