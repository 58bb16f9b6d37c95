// Unsafe: only `loadRelationship(_:of:)`, which reads the rows in place through an unsafe buffer pointer.

/// Loading data lazily: object faults and to-many relationship faults.
extension ManagedObjectContext {
    /// Loads the data of `object` and of the faults fetched with it, in one query.
    ///
    /// The first fault of a fetch's result to fire loads the whole result with the fetch's own
    /// query (``FaultGroup/request``); later ones load up to ``faultBatchSize`` neighbours by
    /// key. A fault that came with a to-many relationship loads from the row read then, with no
    /// query.
    func fulfillFault(of object: ManagedObject) {
        guard object.isFault, !object.objectID.isTemporaryID else { return }
        if object.loadFromKeptRow() { return }
        let group = object.faultGroup
        if let group, let request = group.request {
            group.request = nil
            guard loadWhole(group, with: request) else { return }
            // A row that no longer matches the request is absent; read it by key below.
            if !object.isFault { return }
        }
        var batch = [object.objectID]
        if let group {
            let limit = faultBatchSize
            var index = Int(object.faultGroupIndex) + 1
            // The context's registry itself, not a copy: a copy would keep the entries of
            // objects that go meanwhile (the registry does not keep its objects alive).
            while batch.count < limit, index < group.count {
                let id = group[index]
                if let member = registry[id], member.isFault, member.snapshot == nil { batch.append(id) }
                index += 1
            }
        }
        let rows: [(ManagedObjectID, Snapshot)]
        do {
            rows = try store(for: object.entity).snapshots(for: batch)
        } catch {
            lastFaultError = error
            return
        }
        // `load` runs `awakeFromFetch`, which may register objects: no local copy of the
        // registry here, it would be copied on write.
        for (id, snapshot) in rows {
            guard let member = registry[id], member.isFault, member.fits(id) else { continue }
            member.load(snapshot)
        }
    }

    /// Loads the members of `group` that are still faults from the rows of `request`.
    ///
    /// `request` is the fetch the group is the result of, read again with full columns: one
    /// statement, where reading by key would take one per batch and, in SQLite, a second pass
    /// over the table. Members whose row no longer matches are left as faults.
    ///
    /// - Returns: `false` when the store failed (``lastFaultError`` says why).
    /// - Complexity: One query, the cost of the original fetch.
    private func loadWhole(_ group: FaultGroup, with request: StoreRequest) -> Bool {
        let rows: FetchedRows
        do {
            rows = try store(for: request.entity).fetchSnapshots(request)
        } catch {
            lastFaultError = error
            return false
        }
        for id in rows.ids {
            let snapshot = rows.takeSnapshot()
            guard let member = registry[id], member.isFault, member.snapshot == nil, member.faultGroup === group,
                member.fits(id)
            else { continue }
            member.load(snapshot)
        }
        return true
    }

    /// Loads a to-many relationship of `object` and, in the same query, of the objects fetched
    /// with it that are loaded (or hold their row) and have not loaded it yet (up to ``faultBatchSize`` in all):
    /// walking the relationship for each object of a fetch then costs one query per batch.
    func loadRelationship(_ relationship: RelationshipDescription, around object: ManagedObject) {
        var batch = [object]
        if let group = object.faultGroup {
            var index = Int(object.faultGroupIndex) + 1
            while batch.count < faultBatchSize, index < group.count {
                if let member = registry[group[index]], member.loadFromKeptRow(),
                    member.entity.relationshipsByName[relationship.name] === relationship,
                    case .manyFault = member.relation(relationship)
                {
                    batch.append(member)
                }
                index += 1
            }
        }
        loadRelationship(relationship, of: batch)
    }

    /// Loads a to-many relationship of several objects at once, one query in all.
    ///
    /// The destinations' rows come with it: those that are faults keep their row and stay
    /// faults until touched, when they load from it without a query (Core Data's row cache).
    func loadRelationship(_ relationship: RelationshipDescription, of objects: [ManagedObject]) {
        var sources: [ManagedObject] = []
        for object in objects where !object.isFault {
            guard case .manyFault = object.relation(relationship) else { continue }
            if object.objectID.isTemporaryID {
                object.setRelation(relationship.emptyMembers, for: relationship)
            } else {
                sources.append(object)
            }
        }
        guard !sources.isEmpty else { return }
        let rows: [RelatedRow]
        do {
            rows = try store(for: sources[0].entity).destinations(of: relationship, for: sources.map(\.objectID))
        } catch {
            lastFaultError = error
            return
        }
        var members = [[ManagedObject]](repeating: [], count: sources.count)
        // Rows are read in place: a copy of each would retain its snapshot's block once more.
        // (The buffer is of a local constant, its indices are its own, and it does not escape.)
        let link = self.link
        rows.withUnsafeBufferPointer { rows in
            for row in rows.indices {
                let member = self.object(with: rows[row].destination, link: link)
                guard member.fits(rows[row].destination) else { continue }
                if member.isFault { member.snapshot = rows[row].snapshot }
                members[rows[row].source].append(member)
            }
        }
        // The store returns an ordered to-many's rows in order.
        for (source, members) in zip(sources, members) {
            source.setRelation(relationship.isOrdered ? .ordered(members) : .many(Set(members)), for: relationship)
        }
    }

    /// Loads a relationship of many objects in one query, so that walking it for each of them
    /// costs no further query (Core Data's `relationshipKeyPathsForPrefetching`).
    ///
    /// - Complexity: One query for the objects' data if they are faults, one for the
    ///   relationship.
    public func prefetch(_ key: String, of objects: [ManagedObject]) throws {
        guard let first = objects.first else { return }
        guard let relationship = first.entity.relationshipsByName[key] else {
            throw ObjectGraphError.unknownKey(entity: first.entity.name, key: key)
        }
        for object in objects where object.isFault { fulfillFault(of: object) }
        if relationship.isToMany {
            loadRelationship(relationship, of: objects)
        } else {
            let targets = objects.compactMap { $0.relatedObject(relationship) }.filter(\.isFault)
            let group = FaultGroup(targets.map(\.objectID))
            for (index, target) in targets.enumerated() {
                target.faultGroup = group
                target.faultGroupIndex = Int32(index)
            }
            if let head = targets.first {
                let saved = faultBatchSize
                faultBatchSize = max(saved, targets.count)
                fulfillFault(of: head)
                faultBatchSize = saved
            }
        }
        if let error = lastFaultError {
            lastFaultError = nil
            throw error
        }
    }
}
