/// What a fetch asks of a store.
struct StoreRequest {
    /// The fetched entity.
    var entity: EntityDescription
    /// Whether sub-entities' objects match too.
    var includesSubentities: Bool
    /// The condition, already free of variables.
    var predicate: FetchPredicate?
    /// Sort keys.
    var orderings: [FetchOrdering]
    /// Most rows to return (0: all).
    var limit: Int
    /// Rows to skip.
    var offset: Int
}
