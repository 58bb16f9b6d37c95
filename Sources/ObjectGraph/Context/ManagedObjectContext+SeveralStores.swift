/// Saving to several stores: each store writes the changes to the objects it holds, in a
/// transaction nested in the one of the store added before it.
extension ManagedObjectContext {
    /// Checks, before anything is derived, validated or written, that a store holds each
    /// inserted object.
    ///
    /// - Throws: ``ObjectGraphError/noStore`` without a store,
    ///   ``ObjectGraphError/noStoreForEntity(_:)`` naming the entity of an object no store holds.
    func checkStoresHoldInsertedObjects() throws(ObjectGraphError) {
        for object in pending.objects(.inserted) { _ = try store(for: object.entity) }
    }

    /// Writes changes spread over the coordinator's stores: each store's part in a transaction
    /// of its own, the next store saving inside it just before it commits, so that a failure
    /// undoes every store's part.
    ///
    /// Once the stores after it have committed, only a store's own commit can fail: the
    /// changes the committed stores wrote are then the saved state, and those of the others
    /// stay pending.
    ///
    /// - Throws: What a store throws.
    func saveToSeveralStores(_ changes: StoreChanges, inserted: [ManagedObject], written: [ManagedObject]) throws {
        let stores = persistentStoreCoordinator.persistentStores.map(\.store)
        let parts = changes.partitioned(into: stores.count) { entity in
            stores.firstIndex { $0.configuration.holds(entity) }!
        }
        var saved = [PermanentIDs?](repeating: nil, count: stores.count)
        /// Saves the parts from `index` on, each inside the transaction of the one before.
        func save(from index: Int) throws {
            guard index < stores.count else { return }
            let part = parts[index]
            // A store with nothing to write or check is not locked (nor refused if read-only).
            guard !part.isEmpty || !part.referenced.isEmpty else { return try save(from: index + 1) }
            saved[index] = try stores[index].save(part) { try save(from: index + 1) }
        }
        do {
            try save(from: 0)
        } catch {
            let committed = stores.indices.filter { saved[$0] != nil }.map { stores[$0] }
            if !committed.isEmpty {
                didSave(
                    committedBy: committed, permanentIDs: Self.merged(parts, saved), inserted: inserted, written: written)
            }
            throw error
        }
        didSave(inserted: inserted, permanentIDs: Self.merged(parts, saved), written: written)
    }

    /// The permanent IDs the stores gave, as one table.
    private static func merged(_ parts: [StoreChanges], _ saved: [PermanentIDs?]) -> PermanentIDs {
        var temporaries: [ManagedObjectID] = []
        var permanents: [ManagedObjectID] = []
        for (part, ids) in zip(parts, saved) {
            guard let ids else { continue }
            for insert in part.inserts {
                temporaries.append(insert.id)
                permanents.append(ids[insert.id]!)
            }
        }
        return PermanentIDs(temporaries: temporaries, permanents: permanents)
    }

    /// Makes the changes to the objects of the stores that committed (`committed`) the saved
    /// state, leaves the others pending, and announces what they committed.
    private func didSave(
        committedBy committed: [any PersistentStore], permanentIDs: PermanentIDs, inserted: [ManagedObject],
        written: [ManagedObject]
    ) {
        func isCommitted(_ entity: EntityDescription) -> Bool { committed.contains { $0.configuration.holds(entity) } }
        let deleted = pending.objects(.deleted).filter { isCommitted($0.entity) }
        let announces = persistentStoreCoordinator.hasSaveListeners
        var changes = ContextDidSave()
        if announces {
            changes.updatedObjectIDs = Set(pending.objects(.updated).filter { isCommitted($0.entity) }.map(\.objectID))
            changes.deletedObjectIDs = Set(deleted.map(\.objectID))
        }
        for state in [Membership.inserted, .updated, .deleted] {
            for object in pending.objects(state) where isCommitted(object.entity) { pending.move(object, to: .clean) }
        }
        commit(
            inserted: inserted.filter { isCommitted($0.entity) }, permanentIDs: permanentIDs,
            written: written.filter { isCommitted($0.entity) }, deleted: deleted)
        pendingLinks = pendingLinks.filter { !isCommitted($0.key.relationship.entity) }
        pendingOrders = pendingOrders.filter { !isCommitted($0.value.owner.entity) }
        ownersDeletingMembersByID.removeAll { isCommitted($0.owner.entity) }
        // Listings made before the commit may no longer be the store's.
        prefetchedMemberIDs = [:]
        undoStack?.removeAllActions()
        releaseForgottenObjects()
        guard announces else { return }
        changes.insertedObjectIDs = Set(
            inserted.lazy.filter { isCommitted($0.entity) }.map(\.objectID).filter { !$0.isTemporaryID })
        persistentStoreCoordinator.announce(changes, savedBy: self)
    }
}
