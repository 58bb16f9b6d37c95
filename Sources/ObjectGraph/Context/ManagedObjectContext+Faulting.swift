/// Loading data lazily: object faults and to-many relationship faults.
extension ManagedObjectContext {
    /// Loads the data of `object`, together with up to ``faultBatchSize`` of the faults fetched
    /// with it, in one query.
    func fulfillFault(of object: ManagedObject) {
        guard object.isFault, !object.objectID.isTemporaryID else { return }
        var batch = [object.objectID]
        if let group = object.faultGroup {
            var index = object.faultGroupIndex + 1
            while batch.count < faultBatchSize, index < group.ids.count {
                let id = group.ids[index]
                if let member = registry[id], member.isFault { batch.append(id) }
                index += 1
            }
        }
        let snapshots: [ManagedObjectID: Snapshot]
        do {
            snapshots = try store.snapshots(for: batch)
        } catch {
            lastFaultError = error
            return
        }
        for id in batch {
            guard let snapshot = snapshots[id], let member = registry[id], member.isFault else { continue }
            member.load(snapshot)
        }
    }

    /// Loads a to-many relationship of several objects at once, one query in all.
    func loadRelationship(_ relationship: RelationshipDescription, of objects: [ManagedObject]) {
        var sources: [ManagedObjectID] = []
        for object in objects where !object.isFault {
            guard case .manyFault = object.relations[relationship.storageIndex] else { continue }
            if object.objectID.isTemporaryID {
                object.relations[relationship.storageIndex] = .many([])
            } else {
                sources.append(object.objectID)
            }
        }
        guard !sources.isEmpty else { return }
        let destinations: [ManagedObjectID: [ManagedObjectID]]
        do {
            destinations = try store.destinations(of: relationship, for: sources)
        } catch {
            lastFaultError = error
            return
        }
        for id in sources {
            guard let source = registry[id] else { continue }
            let members = (destinations[id] ?? []).map { object(with: $0) }
            source.relations[relationship.storageIndex] = .many(Set(members))
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
                target.faultGroupIndex = index
            }
            if let head = targets.first {
                let saved = faultBatchSize
                faultBatchSize = max(saved, targets.count)
                fulfillFault(of: head)
                faultBatchSize = saved
            }
        }
        if let error = lastFaultError { lastFaultError = nil; throw error }
    }
}
