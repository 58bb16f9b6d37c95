/// A place objects are saved to: the SQLite store or the in-memory store.
protocol PersistentStore: AnyObject {
    /// The store's UUID, part of every permanent object ID's URI.
    var identifier: String { get }
    /// The number standing for ``identifier`` in permanent object IDs (``StoreTags``).
    var tag: UInt16 { get }
    /// The configuration whose entities the store holds.
    var configuration: ModelConfiguration { get }
    /// Whether the store evaluates the request's predicate and orderings itself, exactly as
    /// ``PredicateEvaluator`` does; when not, the context asks it for all objects of the entity
    /// and filters and sorts them in memory.
    func evaluates(_ request: StoreRequest) -> Bool
    /// IDs of the matching objects, in order.
    func fetchIDs(_ request: StoreRequest) throws -> [ManagedObjectID]
    /// The matching objects with their saved state, in order.
    func fetchSnapshots(_ request: StoreRequest) throws -> FetchedRows
    /// How many objects match.
    func count(_ request: StoreRequest) throws -> Int
    /// How many matching objects yield each value of `key`; values that compare equal are
    /// counted together. Only asked of a store that evaluates the request.
    func counts(_ request: StoreRequest, groupedBy key: GroupingKeyPath) throws -> [KeyPathValue: Int]
    /// The saved state of the given objects, in no particular order; missing ones are absent
    /// from the result.
    func snapshots(for ids: [ManagedObjectID]) throws -> [(ManagedObjectID, Snapshot)]
    /// The saved destinations of a to-many relationship for each of the given sources, with
    /// their saved state, in one query (per chunk of sources).
    func destinations(of relationship: RelationshipDescription, for sources: [ManagedObjectID]) throws -> [RelatedRow]
    /// The IDs of the saved destinations of a one-to-many relationship of `source`, in key
    /// order, without their rows.
    func destinationIDs(of relationship: RelationshipDescription, for source: ManagedObjectID) throws -> DestinationIDs
    /// Whether ``destinationIDs(of:forEach:)`` lists several sources' destinations in one
    /// query: the context then lists those of the objects fetched together at once.
    var listsDestinationIDsTogether: Bool { get }
    /// ``destinationIDs(of:for:)`` for each of `sources`, by source.
    func destinationIDs(of relationship: RelationshipDescription, forEach sources: [ManagedObjectID]) throws
        -> [ManagedObjectID: DestinationIDs]
    /// Writes all changes in one transaction, all or nothing.
    ///
    /// - Parameters:
    ///   - changes: What to write.
    ///   - beforeCommit: Runs inside the transaction, once the changes are written and
    ///     checked, last before the commit; what it throws undoes the transaction. A save to
    ///     several stores saves the next store there, so that a failure of the next store
    ///     leaves this one unchanged.
    /// - Returns: The permanent ID given to each inserted object, by its temporary ID.
    func save(_ changes: StoreChanges, beforeCommit: () throws -> Void) throws -> PermanentIDs
    /// Runs a batch delete or update in one transaction, all or nothing, bypassing contexts.
    ///
    /// - Throws: ``BatchRequestError`` when the store cannot run it as asked;
    ///   ``StoreError`` otherwise. Nothing is written then.
    func execute(_ batch: StoreBatch) throws -> StoreBatch.Outcome
    /// Whether each save and batch request records a transaction in the store's persistent
    /// history (``StoreOptions/persistentHistoryTracking``).
    var tracksHistory: Bool { get }
    /// The history's transactions after `bound`, oldest first, at most `limit` of them (0:
    /// all); none where the store keeps no history.
    func history(after bound: HistoryBound, limit: Int) throws -> [PersistentHistoryTransaction]
    /// Deletes the history's transactions before `bound`, returning how many.
    func deleteHistory(before bound: HistoryBound) throws -> Int
    /// The number of the history's newest transaction; 0 without any.
    func lastTransactionNumber() throws -> Int64
}

extension PersistentStore {
    /// No: a store that answers one source cheaply lists one at a time.
    var listsDestinationIDsTogether: Bool { false }

    /// Lists each source's destinations on its own.
    func destinationIDs(of relationship: RelationshipDescription, forEach sources: [ManagedObjectID]) throws
        -> [ManagedObjectID: DestinationIDs]
    {
        var listed: [ManagedObjectID: DestinationIDs] = [:]
        for source in sources { listed[source] = try destinationIDs(of: relationship, for: source) }
        return listed
    }
}
