/// What a fetch asks of a store: a ``FetchRequest`` checked and resolved against the model,
/// once per fetch, count or grouping.
struct StoreRequest {
    /// The fetched entity.
    var entity: EntityDescription
    /// Whether sub-entities' objects match too.
    var includesSubentities: Bool
    /// The condition, resolved from ``entity``.
    var predicate: ResolvedPredicate?
    /// Sort keys, resolved from ``entity``, most significant first.
    var orderings: [ResolvedOrdering]
    /// Most rows to return (0: all).
    var limit: Int
    /// Rows to skip.
    var offset: Int
}

extension StoreRequest {
    /// Checks `request` against `model` and resolves its predicate and sort keys.
    ///
    /// - Throws: ``ObjectGraphError/unknownEntity(_:)``; the errors of
    ///   ``ResolvedPredicate/init(_:for:)``, then those of
    ///   ``ResolvedOrdering/init(fetching:from:)``.
    init<Result>(_ request: FetchRequest<Result>, model: ManagedObjectModel) throws {
        guard let entity = model.entity(named: request.entityName) else {
            throw ObjectGraphError.unknownEntity(request.entityName)
        }
        self.init(
            entity: entity, includesSubentities: request.includesSubentities,
            predicate: try request.predicate.map { try ResolvedPredicate($0, for: entity) },
            orderings: try request.sortOrderings.map { try ResolvedOrdering(fetching: $0, from: entity) },
            limit: max(0, request.fetchLimit), offset: max(0, request.fetchOffset))
    }
}
