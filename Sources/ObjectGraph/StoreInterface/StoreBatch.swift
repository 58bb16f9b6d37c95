/// What a batch request asks of one store, checked and resolved against the model.
struct StoreBatch {
    /// Which rows.
    enum Selection {
        /// Those of the entity matching the predicate (all when `nil`).
        case matching(ResolvedPredicate?)
        /// Those with these IDs, all of this store.
        case ids([ManagedObjectID])
    }

    /// What is done to them.
    enum Action {
        case delete
        /// Each attribute set to its value, coerced to its type.
        case update([(AttributeDescription, AttributeValue)])
    }

    /// What a store did.
    struct Outcome {
        /// The rows the selection named, deleted or updated.
        var selected: [ManagedObjectID] = []
        /// Every row deleted: the selected ones and those cascades reached.
        var deleted: [ManagedObjectID] = []
        /// Every row whose columns changed.
        var updated: [ManagedObjectID] = []
    }

    var entity: EntityDescription
    var includesSubentities: Bool
    /// The predicate as the request gave it, for errors.
    var predicateFormat: String
    var selection: Selection
    var action: Action
    /// Who runs the batch, for the store's persistent history.
    var labels = HistoryLabels()

    /// The fetch that selects the rows of ``Selection/matching(_:)``.
    func request(_ predicate: ResolvedPredicate?) -> StoreRequest {
        StoreRequest(
            entity: entity, includesSubentities: includesSubentities, predicate: predicate, orderings: [], limit: 0,
            offset: 0)
    }
}
