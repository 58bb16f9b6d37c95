/// A change between two versions of a model that lightweight migration cannot infer, naming
/// the version pair, the entity and the property.
///
/// Thrown, inside ``StoreError/cannotMigrate(path:_:)``, before the store is touched, or
/// after the migration's transaction was rolled back.
public struct MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the change cannot be inferred.
    public enum Reason: Hashable, Sendable {
        /// An attribute's type changed.
        case typeChanged(from: AttributeType, to: AttributeType)
        /// A required attribute without a default value was added, or an attribute without one
        /// became required while objects lack a value (their number).
        case requiredWithoutDefault(objectsWithoutValue: Int?)
        /// A required relationship was added, or a relationship became required while objects
        /// have no destination (their number).
        case requiredRelationship(objectsWithoutDestination: Int?)
        /// A renaming identifier matches several elements of the earlier version, or two
        /// elements claim one (their names).
        case ambiguousRename([String])
        /// A to-many relationship became a to-one: its objects could not all be kept.
        case toManyBecameToOne
        /// A relationship points at another entity than before (the earlier one's name).
        case destinationChanged(String)
        /// Objects already share values that a uniqueness constraint of the model forbids them
        /// to share: the constraint's properties, the values the most objects share, how many
        /// objects share them, and how many other combinations of values are shared.
        case duplicateValues(constraint: [String], values: [String], objects: Int, others: Int)
    }

    /// The name of the version the store was written by.
    public var sourceVersion: String
    /// The name of the version the store would become.
    public var destinationVersion: String
    /// The entity at fault, in the destination version.
    public var entity: String
    /// The property at fault, if any.
    public var property: String?
    /// Why.
    public var reason: Reason

    /// One sentence naming the versions, the entity and property, and the change.
    public var description: String {
        var place = "entity '\(entity)'"
        if let property { place += ", property '\(property)'" }
        let what: String
        switch reason {
        case .typeChanged(let from, let to): what = "changed type from \(from.rawValue) to \(to.rawValue)"
        case .requiredWithoutDefault(let count?):
            what = "is required and has no default value, but \(count) object(s) have no value"
        case .requiredWithoutDefault(nil): what = "was added as required without a default value"
        case .requiredRelationship(let count?):
            what = "is a required relationship, but \(count) object(s) have no destination"
        case .requiredRelationship(nil): what = "was added as a required relationship"
        case .ambiguousRename(let names):
            what = "has an ambiguous renaming identifier (it matches \(names.joined(separator: ", ")))"
        case .toManyBecameToOne: what = "changed from to-many to to-one"
        case .destinationChanged(let earlier): what = "points at another entity than before ('\(earlier)')"
        case .duplicateValues(let constraint, let values, let objects, let others):
            let pairs = zip(constraint, values).map { "\($0) \($1)" }.joined(separator: ", ")
            let more = others == 0 ? "" : " (and \(others) more shared value(s))"
            what =
                "must have unique (\(constraint.joined(separator: ", "))), but \(objects) objects have \(pairs)\(more): change or delete all but one"
        }
        guard sourceVersion != destinationVersion else {
            return "cannot give the store the uniqueness constraints of version \"\(destinationVersion)\": \(place) \(what)"
        }
        return "cannot migrate from version \"\(sourceVersion)\" to \"\(destinationVersion)\": \(place) \(what)"
    }
}
