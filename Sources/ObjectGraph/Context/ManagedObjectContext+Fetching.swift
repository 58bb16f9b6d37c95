// Unsafe: results are reinterpreted as `[Result]` (`unsafeBitCast`) once every object's class
// is checked, and `load(_:_:checkingClass:)` builds its array in place
// (`unsafeUninitializedCapacity`). Invariants at each.

/// Fetching objects: from the store, overlaid with the context's unsaved changes.
extension ManagedObjectContext {
    /// The objects matching a request, in its order.
    ///
    /// The store answers with its saved state; unless the request says otherwise, the result
    /// then reflects this context's unsaved changes: deleted objects are left out, inserted and
    /// updated ones are tested against the predicate as they are now. With no pending changes,
    /// filtering, sorting, limit and offset all run in the store (SQL for the SQLite store).
    /// A row whose key the context has registered for an object of another entity (an ID made
    /// from a URI naming that entity, or a store another program changed) is left out.
    ///
    /// - Throws: ``ObjectGraphError`` for an unknown entity or key path, a ``FetchPredicateError``
    ///   for unresolved `$VARIABLES`, or the store's error.
    /// - Complexity: One query; with pending changes, objects may load to be tested.
    public func fetch<Result: ManagedObject>(_ request: FetchRequest<Result>) throws -> [Result] {
        try fetch(request, resolved: try StoreRequest(request, model: model))
    }

    /// The objects matching a request, given as resolved once for the store.
    private func fetch<Result: ManagedObject>(
        _ request: FetchRequest<Result>, resolved storeRequest: StoreRequest
    ) throws -> [Result] {
        let (objects, areAllResults) = try fetchObjects(request, resolved: storeRequest)
        // When every object is exactly a `Result` (the usual case: one class per entity), the
        // array already holds `Result`s: comparing classes costs less than casting each object.
        // (`[ManagedObject]` and `[Result]` share a layout; every element's exact class was
        // compared with `Result`, one object at a time.)
        if Result.self == ManagedObject.self || areAllResults {
            return unsafeBitCast(objects, to: [Result].self)
        }
        var results: [Result] = []
        results.reserveCapacity(objects.count)
        for object in objects {
            guard let typed = object as? Result else {
                throw ObjectGraphError.resultTypeMismatch(entity: object.entity.name, expected: "\(Result.self)")
            }
            results.append(typed)
        }
        return results
    }

    /// The objects matching a request, in its order, made a batch at a time as they are first
    /// accessed (Core Data's `fetchBatchSize`): for large results of which only some objects
    /// are read, or which are read in order, a few at a time.
    ///
    /// The result holds the IDs of all matching objects; an object, and the others of its
    /// batch, is made and read when first accessed (see ``FetchedResults``). The request's
    /// `includesPropertyValues` does not apply: the fetch reads IDs only.
    ///
    /// - Parameters:
    ///   - request: The objects to fetch.
    ///   - batchSize: How many objects are made and read together; at least 1.
    /// - Throws: As ``fetch(_:)``; ``ObjectGraphError/invalidBatchSize(_:)`` for a size below 1.
    /// - Complexity: One query for the IDs, then one per batch read. With unsaved changes the
    ///   request takes into account, or with the in-memory store, all objects are made at once.
    public func fetch<Result: ManagedObject>(_ request: FetchRequest<Result>, batchSize: Int) throws -> FetchedResults<Result> {
        guard batchSize >= 1 else { throw ObjectGraphError.invalidBatchSize(batchSize) }
        let storeRequest = try StoreRequest(request, model: model)
        let store = try self.store(for: storeRequest.entity)
        guard store.evaluates(storeRequest), !(request.includesPendingChanges && hasChanges) else {
            let objects = try fetch(request, resolved: storeRequest)
            return FetchedResults(FetchedBatches(context: self, objects: objects, batchSize: batchSize))
        }
        let ids = try store.fetchIDs(storeRequest)
        // Every object must be a `Result`: checked here, by entity, since none is made yet, and
        // for objects registered already (one inserted as `ManagedObject(entity:insertInto:)`
        // is of another class than its entity's), as a plain fetch refuses them.
        var checked: Set<ObjectIdentifier> = []
        for id in ids where checked.insert(ObjectIdentifier(id.entity)).inserted {
            guard id.entity.managedObjectClass is Result.Type else {
                throw ObjectGraphError.resultTypeMismatch(entity: id.entity.name, expected: "\(Result.self)")
            }
        }
        if Result.self != ManagedObject.self {
            for id in ids {
                guard let registered = registry[id], !(registered is Result) else { continue }
                throw ObjectGraphError.resultTypeMismatch(entity: id.entity.name, expected: "\(Result.self)")
            }
        }
        return FetchedResults(
            FetchedBatches(
                context: self, ids: ids, batchSize: batchSize, loadsObjects: !request.returnsObjectsAsFaults))
    }

    /// How many objects a request would return.
    ///
    /// - Complexity: One `SELECT COUNT` when there are no pending changes.
    public func count<Result: ManagedObject>(for request: FetchRequest<Result>) throws -> Int {
        let storeRequest = try StoreRequest(request, model: model)
        let store = try self.store(for: storeRequest.entity)
        if !(request.includesPendingChanges && hasChanges), store.evaluates(storeRequest) {
            return try store.count(storeRequest)
        }
        return try fetchObjects(request, resolved: storeRequest).objects.count
    }

    /// How many of the objects a request would return yield each value of a key path: the
    /// objects themselves do not load.
    ///
    /// Core Data answers this with a dictionary fetch grouped by the key path
    /// (`propertiesToGroupBy` and a `count:` expression), which reads the saved state only;
    /// this method counts pending changes too when `request.includesPendingChanges` is set, as
    /// ``count(for:)`` does. A fetch limit or offset applies to the objects, in the request's
    /// order, before they are grouped.
    ///
    /// ```swift
    /// let squads = try context.counts(for: FetchRequest<Player>(entityName: "Player"), groupedBy: "team")
    /// squads[.object(germany.objectID)]  // 23
    /// ```
    ///
    /// - Parameters:
    ///   - request: The objects to count.
    ///   - keyPath: Through to-one relationships only, to a stored attribute (grouped by its
    ///     value) or a to-one relationship (grouped by the object it names): `"team"`,
    ///     `"position"`, `"team.group.name"`.
    /// - Returns: The number of objects for each value at least one of them yields; objects
    ///   without one (a nil attribute, or a relationship on the way that names no object)
    ///   count under ``KeyPathValue/null``. Values that compare equal count together.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)`` for an unknown key,
    ///   ``UnsupportedFetchError`` for a key path that crosses or ends in a to-many
    ///   relationship, ends in a transient attribute or a collection operator, and the errors
    ///   of ``fetch(_:)``.
    /// - Complexity: One `SELECT … GROUP BY` when there are no pending changes (or
    ///   `includesPendingChanges` is off) and the store is SQLite; otherwise a pass over the
    ///   matching objects.
    public func counts<Result: ManagedObject>(
        for request: FetchRequest<Result>, groupedBy keyPath: String
    ) throws -> [KeyPathValue: Int] {
        let storeRequest = try StoreRequest(request, model: model)
        let key = try GroupingKeyPath(keyPath, from: storeRequest.entity)
        let store = try self.store(for: storeRequest.entity)
        if !(request.includesPendingChanges && hasChanges), store.evaluates(storeRequest) {
            return try store.counts(storeRequest, groupedBy: key)
        }
        if !request.includesPendingChanges, hasChanges {
            // The saved values, which only a context without changes holds.
            return try ManagedObjectContext(coordinator: persistentStoreCoordinator).counts(for: request, groupedBy: keyPath)
        }
        var counts: [KeyPathValue: Int] = [:]
        for object in try fetchObjects(request, resolved: storeRequest).objects {
            counts[PredicateEvaluator.value(of: key.path, on: object), default: 0] += 1
        }
        return counts
    }

    /// The objects `request` fetches, with whether each is exactly of class `Result`.
    ///
    /// - Parameter resolved: The request resolved for the store, when the caller has it.
    func fetchObjects<Result>(
        _ request: FetchRequest<Result>, resolved: StoreRequest? = nil
    ) throws -> (objects: [ManagedObject], areAllResults: Bool) {
        let storeRequest = try resolved ?? StoreRequest(request, model: model)
        let entity = storeRequest.entity
        let store = try self.store(for: entity)
        let overlay = request.includesPendingChanges && hasChanges && !pendingChangesLeaveAlone(storeRequest)
        if store.evaluates(storeRequest), !overlay {
            return try load(storeRequest, FetchedData(request), checkingClass: Result.self)
        }
        if !request.includesPendingChanges, hasChanges {
            // A store that cannot evaluate the saved state itself (the in-memory store): a
            // context without changes, on the same store, evaluates it with its objects.
            let saved = try ManagedObjectContext(coordinator: persistentStoreCoordinator).fetchObjects(request).objects
            let link = self.link
            let objects = saved.map { object(with: $0.objectID, link: link) }
            return (objects, objects.allSatisfy { type(of: $0) == Result.self })
        }

        func pendingCandidates(_ state: Membership) -> [ManagedObject] {
            pending.objects(state, of: entity, includingSubentities: request.includesSubentities)
        }
        var candidates: [ManagedObject]
        var unfiltered = storeRequest
        unfiltered.limit = 0
        unfiltered.offset = 0
        if store.evaluates(storeRequest), !needsFullScan(storeRequest) {
            candidates = try load(unfiltered, FetchedData(request)).0
            let known = Set(candidates)
            candidates += pendingCandidates(.updated).filter { !known.contains($0) }
        } else {
            unfiltered.predicate = nil
            unfiltered.orderings = []
            candidates = try load(unfiltered, FetchedData(request)).0
        }
        if request.includesPendingChanges {
            candidates += pendingCandidates(.inserted)
            candidates.removeAll { $0.membership == .deleted }
        }
        if let predicate = storeRequest.predicate {
            candidates = try candidates.filter { try PredicateEvaluator.evaluate(predicate, on: $0) }
        }
        candidates.sort { PredicateEvaluator.areInIncreasingOrder($0, $1, by: storeRequest.orderings) }
        let start = min(storeRequest.offset, candidates.count)
        let end = storeRequest.limit > 0 ? min(candidates.count, start + storeRequest.limit) : candidates.count
        let objects = Array(candidates[start..<end])
        return (objects, objects.allSatisfy { type(of: $0) == Result.self })
    }

    /// Whether no pending change can make the answer to `request` differ from the saved one.
    ///
    /// None can when nothing is inserted, updated or deleted of the fetched entity's family,
    /// nor of an entity its predicate or sort orderings reach. The store then answers alone,
    /// its limit and ordering included (a lookup while another entity has thousands of
    /// unsaved inserts reads one row, not every row of the entity).
    private func pendingChangesLeaveAlone(_ request: StoreRequest) -> Bool {
        var entities = [request.entity.rootEntity] + (request.predicate?.entitiesReached ?? [])
        for ordering in request.orderings { entities += ordering.steps.map(\.destinationEntity) }
        return ![Membership.inserted, .updated, .deleted].contains { state in
            entities.contains { pending.containsObjects(state, kindOf: $0) }
        }
    }

    /// Whether the SQL result (saved state) cannot be trusted as the starting point.
    ///
    /// It cannot when a key path of the predicate reaches, through a relationship, an entity
    /// with pending changes. Such a change can change the answer for a candidate that has none
    /// itself (a teammate's new number changes `ANY team.players.number > 50` for the whole
    /// squad), so every candidate is tested. A candidate's own changes need no scan: changed
    /// candidates are tested anyway, and a changed relationship marks the objects on both sides
    /// as changed.
    private func needsFullScan(_ request: StoreRequest) -> Bool {
        guard let reached = request.predicate?.entitiesReached, !reached.isEmpty else {
            return false
        }
        return [Membership.inserted, .updated, .deleted].contains { state in
            reached.contains { pending.containsObjects(state, kindOf: $0) }
        }
    }

    /// Runs a store request and registers its objects, as faults or loaded.
    ///
    /// - Parameters:
    ///   - data: How much of each object the store reads and how much is loaded.
    ///   - expected: A class to compare each object's class with, while the object is at hand.
    /// - Returns: The objects, and whether each is exactly of class `expected`.
    private func load(
        _ request: StoreRequest, _ data: FetchedData, checkingClass expected: AnyClass = ManagedObject.self
    ) throws -> ([ManagedObject], Bool) {
        let store = try self.store(for: request.entity)
        let expected = ObjectIdentifier(expected)
        if data == .identifiers {
            let ids = try store.fetchIDs(request)
            let link = self.link
            let objects = ids.compactMap { id in object(with: id, link: link).fitting(id) }
            group(objects, in: FaultGroup(ids, request: request))
            return (objects, objects.allSatisfy { ObjectIdentifier(type(of: $0)) == expected })
        }
        let rows = try store.fetchSnapshots(request)
        let ids = rows.ids
        var areAllOfClass = true
        let group = data == .faultsWithRows ? FaultGroup(ids) : nil
        let link = self.link
        // Each object is written in its place, as made: nothing in the loop throws. Elements
        // `0..<made` are initialized and no more; `made <= index < ids.count`, the capacity.
        let objects = [ManagedObject](unsafeUninitializedCapacity: ids.count) { objects, made in
            made = 0
            for index in 0..<ids.count {
                // Moved from the rows into the object: no copy to retain and release.
                let snapshot = rows.takeSnapshot()
                let object = object(with: ids[index], link: link)
                // A registered object of another entity holds the row's key: no result.
                guard object.fits(ids[index]) else { continue }
                areAllOfClass = areAllOfClass && ObjectIdentifier(type(of: object)) == expected
                if object.isFault {
                    if let group {
                        object.snapshot = consume snapshot
                        object.faultGroup = group
                        object.faultGroupIndex = Int32(index)
                    } else {
                        object.load(consume snapshot)
                    }
                }
                (objects.baseAddress! + made).initialize(to: consume object)
                made += 1
            }
        }
        return (objects, areAllOfClass)
    }

    /// Puts the faults among `objects` into `group`, so that they load, and load their
    /// to-many relationships, together.
    private func group(_ objects: [ManagedObject], in group: FaultGroup) {
        for (index, object) in objects.enumerated() where object.isFault {
            object.faultGroup = group
            object.faultGroupIndex = Int32(index)
        }
    }
}

/// What a fetch reads of its objects and in what state it returns them.
enum FetchedData {
    /// IDs only: the objects are faults without data (`includesPropertyValues == false`).
    case identifiers
    /// Full rows, kept by the objects, which stay faults until touched.
    case faultsWithRows
    /// Full rows, loaded into the objects (`returnsObjectsAsFaults == false`).
    case loaded

    init<Result>(_ request: FetchRequest<Result>) {
        if !request.includesPropertyValues {
            self = .identifiers
        } else {
            self = request.returnsObjectsAsFaults ? .faultsWithRows : .loaded
        }
    }
}
