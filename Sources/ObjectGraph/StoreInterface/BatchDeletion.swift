/// The rows a batch delete removes and changes once delete rules have run, worked out by
/// following relationships a set of rows at a time.
///
/// Each store supplies how to list the saved destinations of one relationship for a set of
/// sources; the rules are the same everywhere: cascades are followed until no new row turns
/// up, Deny refuses when it holds a row not deleted, Nullify lists the surviving rows whose
/// to-one named a deleted row.
struct BatchDeletion {
    /// Every row to delete, the selected ones first.
    private(set) var deleted: [ManagedObjectID] = []
    /// For each to-one to clear, the surviving rows whose to-one names a deleted row.
    private(set) var nullified: [(toOne: RelationshipDescription, rows: [ManagedObjectID])] = []

    /// Works out the deletion of `selected`.
    ///
    /// - Parameter destinations: The saved destinations of a relationship for a set of
    ///   sources (all of one entity or of its sub-entities), duplicates allowed.
    /// - Throws: ``BatchRequestError/denied(entity:relationship:)``; what `destinations`
    ///   throws.
    init(
        of selected: [ManagedObjectID],
        destinations: (RelationshipDescription, [ManagedObjectID]) throws -> [ManagedObjectID]
    ) throws {
        var isDeleted = Set(selected)
        deleted = selected
        var frontier = selected
        while !frontier.isEmpty {
            var found: [ManagedObjectID] = []
            try Self.forEachRelationship(of: frontier) { relationship, sources in
                guard relationship.deleteRule == .cascade else { return }
                for destination in try destinations(relationship, sources) where isDeleted.insert(destination).inserted {
                    found.append(destination)
                }
            }
            deleted += found
            frontier = found
        }
        var cleared: [ObjectIdentifier: (toOne: RelationshipDescription, rows: Set<ManagedObjectID>)] = [:]
        try Self.forEachRelationship(of: deleted) { relationship, sources in
            switch relationship.deleteRule {
            case .deny:
                if try destinations(relationship, sources).contains(where: { !isDeleted.contains($0) }) {
                    throw BatchRequestError.denied(entity: relationship.entity.name, relationship: relationship.name)
                }
            case .nullify:
                guard let inverse = relationship.inverseRelationship, !inverse.isToMany, !inverse.isTransient else { return }
                let survivors = try destinations(relationship, sources).filter { !isDeleted.contains($0) }
                guard !survivors.isEmpty else { return }
                cleared[ObjectIdentifier(inverse), default: (inverse, [])].rows.formUnion(survivors)
            case .cascade, .noAction:
                return
            }
        }
        nullified = cleared.values.map { ($0.toOne, $0.rows.sorted { ($0.primaryKey ?? 0) < ($1.primaryKey ?? 0) }) }
            .sorted { $0.toOne.name < $1.toOne.name }
    }

    /// Calls `body` with each saved relationship of the rows' entities and the rows that
    /// have it.
    private static func forEachRelationship(
        of rows: [ManagedObjectID], _ body: (RelationshipDescription, [ManagedObjectID]) throws -> Void
    ) throws {
        let byEntity = Dictionary(grouping: rows) { ObjectIdentifier($0.entity) }
        for group in byEntity.values {
            for relationship in group[0].entity.relationships where !relationship.isTransient {
                try body(relationship, group)
            }
        }
    }
}
