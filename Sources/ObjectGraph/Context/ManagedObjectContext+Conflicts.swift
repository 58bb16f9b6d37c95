/// Resolving save conflicts by the context's merge policy.
extension ManagedObjectContext {
    /// Settles a conflict on the object `id` by `policy` (``mergePolicy`` at a save), so that
    /// the save can run again: each property from what the context read, what it holds and
    /// what the store now holds.
    ///
    /// - Returns: Whether it did: `false` for a conflict the policy does not resolve (see
    ///   ``MergePolicy``).
    /// - Throws: The store's error reading the row.
    func resolveConflict(on id: ManagedObjectID, by policy: MergePolicy) throws -> Bool {
        guard policy != .error, let object = registry[id], object.link === link, membership(of: object) == .updated,
            !object.isFault, let read = object.snapshot
        else { return false }
        guard let theirs = try store(for: object.entity).snapshots(for: [id]).first?.1 else {
            // The row is gone: only a rollback gives way to that.
            guard policy == .rollback else { return false }
            merge(updated: [], deleted: [id])
            return true
        }
        adopt(theirs, into: object, read: read, by: policy)
        return true
    }

    /// Settles a uniqueness conflict by ``mergePolicy``: an object this save inserts whose
    /// unique values a saved row already has becomes that row, each property settled as for
    /// a version conflict (what it "read" being the entity's defaults), so that the save
    /// updates the row instead of inserting one.
    ///
    /// - Returns: Whether it did: `false` under ``MergePolicy/error``, and where the other
    ///   object is also new in this save or is held by this context.
    /// - Throws: The store's error reading the row.
    func resolveConflict(_ conflict: ConstraintConflict) throws -> Bool {
        let id = conflict.objectID
        let existing = conflict.conflictingObjectID
        guard mergePolicy != .error, !existing.isTemporaryID, registry[existing] == nil, let object = registry[id],
            object.link === link, membership(of: object) == .inserted,
            let theirs = try store(for: object.entity).snapshots(for: [existing]).first?.1
        else { return false }
        adopt(theirs, into: object, read: nil, by: mergePolicy) {
            registry.remove(id)
            object.objectID = existing
            registry.insert(object)
            pending.move(object, to: .updated)
        }
        // The row's members are the store's, those this save gives it included: read when next used.
        for relationship in object.entity.relationships where relationship.isToMany {
            object.setRelation(.manyFault, for: relationship)
        }
        return true
    }

    /// Gives `object` the row `theirs` as its saved state, each property as `policy` settles
    /// it from what the object holds, what it read (`read`; `nil` for an object never saved,
    /// which read the entity's defaults) and `theirs`; `rekey` runs just before the object
    /// takes the row.
    private func adopt(
        _ theirs: Snapshot, into object: ManagedObject, read: Snapshot?, by policy: MergePolicy, rekey: () -> Void = {}
    ) {
        let attributes = object.entity.attributes.filter { !$0.isTransient }
        let values = attributes.map { attribute in
            policy.settle(
                mine: object.currentValue(attribute), read: read?.attribute(attribute.storageIndex) ?? attribute.defaultValue,
                theirs: theirs.attribute(attribute.storageIndex))
        }
        let toOnes = object.entity.relationships.filter { !$0.isToMany && !$0.isTransient }
        let destinations = toOnes.map { relationship in
            policy.settle(
                mine: object.toOneID(relationship), read: read?.toOne(relationship.storageIndex),
                theirs: theirs.toOne(relationship.storageIndex))
        }
        // The relationships as held, before the row becomes what they are compared with.
        object.materializeRelations()
        rekey()
        object.snapshot = theirs
        for (attribute, value) in zip(attributes, values) { object.writeValue(value, for: attribute) }
        for (relationship, destination) in zip(toOnes, destinations) where destination != object.toOneID(relationship) {
            object.setRelatedObject(destination.map { self.object(with: $0) }, for: relationship)
        }
    }
}
