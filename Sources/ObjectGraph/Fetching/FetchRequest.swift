/// A description of which objects to fetch and in what order, Core Data's `NSFetchRequest`.
///
/// ```swift
/// var request = FetchRequest<Player>(entityName: "Player")
/// request.predicate = try FetchPredicate(format: "team.name == %@ AND number <= 11", "Polen")
/// request.sortOrderings = [FetchOrdering("number")]
/// let players = try context.fetch(request)
/// ```
public struct FetchRequest<Result: ManagedObject>: Sendable {
    /// The entity whose objects are fetched.
    public var entityName: String
    /// The condition objects must satisfy; `nil` fetches all.
    public var predicate: FetchPredicate?
    /// Sort keys, most significant first.
    public var sortOrderings: [FetchOrdering]
    /// The most objects to return; 0 means no limit.
    public var fetchLimit: Int = 0
    /// How many matching objects to skip before the first returned one.
    public var fetchOffset: Int = 0
    /// Whether objects of sub-entities match too (default `true`).
    public var includesSubentities: Bool = true
    /// Whether the context's unsaved inserts, updates and deletes are taken into account
    /// (default `true`).
    public var includesPendingChanges: Bool = true
    /// Whether fetched objects are returned as faults, with their data loaded on first access
    /// (default `true`); `false` loads their attributes with the fetch.
    public var returnsObjectsAsFaults: Bool = true
    /// Whether the fetch reads the objects' saved data along with their IDs (default `true`).
    ///
    /// With `true`, returned faults keep the row they were read from and load from it, with no
    /// further query, when first touched (Core Data's row cache). With `false`, only IDs are
    /// read: the objects are always faults, hold no data, and load from the store when touched
    /// (the first one to fire loads all of them in one query). Use `false` for large results of
    /// which few objects will be touched.
    public var includesPropertyValues: Bool = true

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - entityName: The entity to fetch.
    ///   - predicate: The condition, or `nil` for all objects.
    ///   - sortOrderings: Sort keys, most significant first.
    public init(entityName: String, predicate: FetchPredicate? = nil, sortOrderings: [FetchOrdering] = []) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortOrderings = sortOrderings
    }

    /// The same request with another result type.
    public init<Other>(_ other: FetchRequest<Other>) {
        self.entityName = other.entityName
        self.predicate = other.predicate
        self.sortOrderings = other.sortOrderings
        self.fetchLimit = other.fetchLimit
        self.fetchOffset = other.fetchOffset
        self.includesSubentities = other.includesSubentities
        self.includesPendingChanges = other.includesPendingChanges
        self.returnsObjectsAsFaults = other.returnsObjectsAsFaults
        self.includesPropertyValues = other.includesPropertyValues
    }
}
