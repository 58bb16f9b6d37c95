/// A key path a grouped count groups by (``ManagedObjectContext/counts(for:groupedBy:)``):
/// through to-one relationships only, to a stored attribute or a to-one relationship.
struct GroupingKeyPath {
    /// What the path ends in.
    enum Terminal {
        /// A stored attribute: the path yields its values.
        case attribute(AttributeDescription)
        /// A to-one relationship: the path yields the identity of its destination.
        case toOne(RelationshipDescription)
    }

    /// The whole path.
    let path: ResolvedKeyPath
    /// What it ends in.
    let terminal: Terminal

    /// Resolves `keyPath` from `entity`.
    ///
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for an unknown key;
    ///   ``UnsupportedFetchError`` for any other path.
    init(_ keyPath: String, from entity: EntityDescription) throws {
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        path = try ResolvedKeyPath(resolving: components, from: entity)
        switch path.terminal {
        case .attribute(let attribute) where !attribute.isTransient && !path.yieldsCollection:
            terminal = .attribute(attribute)
        case .relationship(let relationship) where !path.yieldsCollection:
            terminal = .toOne(relationship)
        default:
            throw UnsupportedFetchError(
                fragment: keyPath,
                reason:
                    "a grouping key must end in a stored attribute or a to-one relationship and cross to-one relationships only"
            )
        }
    }
}
