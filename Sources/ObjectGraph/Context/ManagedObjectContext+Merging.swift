/// Bringing a context up to date with what other contexts saved.
extension ManagedObjectContext {
    /// Brings the context up to date with another context's save, as Core Data's
    /// `mergeChanges(fromContextDidSave:)` does: deleted objects are forgotten (their unsaved
    /// changes with them) and leave the loaded to-manys that held them; updated objects read
    /// their new saved state (a fault when it fires), and those with unsaved changes keep or
    /// drop them by the context's ``mergePolicy``, property by property as a save conflict is
    /// settled (under ``MergePolicy/error``, the default, their changes stay on top, as Core
    /// Data's merge keeps them); loaded to-manys of unchanged objects that inserted objects
    /// may join read the store again when next used.
    ///
    /// Objects the context does not hold are not loaded. After the merge, a save of an
    /// updated object no longer conflicts with the save merged.
    ///
    /// - Complexity: One pass over the objects the context holds; the updated ones it holds
    ///   are read again, as each is used.
    public func mergeChanges(fromContextDidSave changes: ContextDidSave) {
        merge(inserted: changes.insertedObjectIDs, updated: changes.updatedObjectIDs, deleted: changes.deletedObjectIDs)
    }

    /// Merges saved inserts, updates and deletes (``mergeChanges(fromContextDidSave:)``).
    func merge(inserted: Set<ManagedObjectID> = [], updated: Set<ManagedObjectID>, deleted: Set<ManagedObjectID>) {
        let updated = updated.subtracting(deleted)
        guard !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty else { return }
        defer { processPendingChanges() }
        if !observers.isEmpty {
            // New to this context: registered, so that observed fetches can take them in.
            for id in inserted where registry[id] == nil { unprocessedChanges.insert(object(with: id)) }
        }
        // The entities whose objects were inserted: a loaded to-many of one of them may lack one.
        let insertedEntities = Set(inserted.map { ObjectIdentifier($0.entity) })
        for object in registry.allObjects where object.link === link {
            let id = object.objectID
            if !observers.isEmpty, deleted.contains(id) || updated.contains(id) { unprocessedChanges.insert(object) }
            if deleted.contains(id) {
                pending.move(object, to: .clean)
                if lostWrite == id { lostWrite = nil }
                registry.remove(id)
                object.detachFromContext()
                continue
            }
            if updated.contains(id) {
                settle(object)
                continue
            }
            guard !object.isFault else { continue }
            let unchanged = membership(of: object) == .clean
            for relationship in object.entity.relationships where relationship.isToMany {
                let members: [ManagedObject]
                switch object.relation(relationship) {
                case .many(let set): members = Array(set)
                case .ordered(let list): members = list
                case .one, .unresolved, .manyFault: continue
                }
                let mayGain =
                    unchanged && !insertedEntities.isEmpty
                    && relationship.destinationEntity.selfAndDescendants.contains {
                        insertedEntities.contains(ObjectIdentifier($0))
                    }
                if mayGain || members.contains(where: { deleted.contains($0.objectID) }) {
                    object.setRelation(.manyFault, for: relationship)
                }
            }
        }
        releaseForgottenObjects()
    }

    /// Gives an object another save updated its saved state: a fault, or an object without
    /// changes, reads it when next used (a fault may hold the row its fetch read); one with
    /// unsaved changes is settled by ``mergePolicy`` as a save conflict would be, its
    /// changes winning under ``MergePolicy/error`` as Core Data's merge keeps them.
    private func settle(_ object: ManagedObject) {
        guard !object.isFault, membership(of: object) == .updated else {
            object.isFault ? object.turnIntoFault() : refresh(object)
            return
        }
        if mergePolicy == .rollback { return refresh(object) }
        let policy = mergePolicy == .error ? .mergeByPropertyObjectTrump : mergePolicy
        do {
            if try resolveConflict(on: object.objectID, by: policy) { return }
        } catch {
            lastFaultError = error
        }
        refresh(object, mergeChanges: true)
    }
}
