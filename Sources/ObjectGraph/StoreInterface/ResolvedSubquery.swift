/// `SUBQUERY(collection, $x, predicate)`, resolved: the to-many at the end of a key path
/// through to-ones, and the predicate on its objects.
struct ResolvedSubquery {
    /// The key path to the collection, ending in a to-many relationship reached through to-ones.
    let path: ResolvedKeyPath
    /// The to-many relationship whose objects are tested.
    let relationship: RelationshipDescription
    /// The predicate, resolved from the relationship's destination entity.
    let predicate: ResolvedPredicate
    /// The subquery as written, for errors.
    let format: String

    /// Resolves a subquery of the objects of `entity`.
    ///
    /// - Parameters:
    ///   - collection: The key path to the collection.
    ///   - variable: The name of the variable standing for each object.
    ///   - predicate: The predicate on each of its objects.
    ///   - entity: The entity the key path starts from.
    ///   - comparison: The comparison, named in errors.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, ``UnsupportedFetchError`` when
    ///   the collection is no to-many reached through to-ones, or what resolving `predicate`
    ///   throws.
    init(
        collection: [String], variable: String, predicate: FetchPredicate, from entity: EntityDescription,
        in comparison: ComparisonPredicate
    ) throws {
        let path = try ResolvedKeyPath(resolving: collection, from: entity)
        guard case .relationship(let relationship) = path.terminal, relationship.isToMany,
            !path.steps.contains(where: \.isToMany)
        else {
            throw UnsupportedFetchError(
                fragment: comparison.predicateFormat,
                reason: "SUBQUERY takes a key path to a to-many relationship through to-one relationships only")
        }
        self.path = path
        self.relationship = relationship
        self.predicate = try ResolvedPredicate(predicate, for: relationship.destinationEntity)
        self.format =
            FetchExpression.subquery(collection: collection, variable: variable, predicate: predicate).predicateFormat
            + ".@count"
    }
}
