import Foundation

/// Validating and saving: everything checked first, then written in one transaction.
extension ManagedObjectContext {
    /// Validates the changes and writes them to the store in one transaction.
    ///
    /// Every inserted, updated and deleted object is validated, then all changes are written.
    /// On any error nothing is written and the context keeps its changes.
    ///
    /// With several stores (see
    /// ``PersistentStoreCoordinator/addPersistentStore(_:configurationName:options:)``), each
    /// store writes the changes to its objects in a transaction of its own; the transactions
    /// are nested, so that a store that fails (a conflict, a uniqueness constraint, a read-only
    /// store) leaves every store unchanged. Only a store whose commit itself fails (an I/O
    /// error) once the stores saved after it have committed leaves the save half done: the
    /// context then holds the committed changes as saved, and those of the failed store as
    /// pending still, for another save.
    ///
    /// An object deleted by a cascade from a deleted owner is deleted with the owner's other
    /// members, all at once: the save then also fails as a conflict when another save gave
    /// the owner a member or took one away, which would otherwise be left pointing at a
    /// deleted row, or deleted with an owner it no longer has. A member is checked against
    /// the version this context read; one it never read (a member deleted by ID, see
    /// ``delete(_:)``) is deleted whatever another save changed in it, as long as it still
    /// belongs to the owner.
    ///
    /// An object whose only change is to its to-many relationships (a team that gained a
    /// player) is not checked against its version, so that two writers can add to the same
    /// team; the save fails as a conflict only if another save deleted it.
    ///
    /// Under a ``mergePolicy`` other than ``MergePolicy/error``, a conflict on an object this
    /// context updated is resolved as the policy says, and the save runs again.
    ///
    /// A write to an object whose row another save deleted (a fault that found nothing) is
    /// not made, on either side of a link; the next save then fails with
    /// ``StoreError/conflict(_:)`` naming the object, until ``rollback()`` or ``reset()``.
    /// (``ManagedObject/setValue(_:forKey:)`` throws at once instead.)
    ///
    /// - Throws: ``ValidationErrors`` listing every broken rule, ``ConstraintConflict`` when
    ///   two objects would share the values of a uniqueness constraint (another process may
    ///   have saved one of them), or the store's error (for example a conflict with a change
    ///   saved by someone else meanwhile).
    /// - Complexity: One transaction; one statement per changed row, or per owner for the
    ///   members a cascade deletes.
    public func save() throws {
        processPendingChanges()
        // Each conflict the merge policy resolves is resolved once; the save then runs again.
        var resolved: Set<ManagedObjectID> = []
        while true {
            do {
                return try saveOnce()
            } catch StoreError.conflict(let id) {
                guard id != lostWrite, resolved.insert(id).inserted, try resolveConflict(on: id, by: mergePolicy) else {
                    throw StoreError.conflict(id)
                }
            } catch let conflict as ConstraintConflict {
                guard resolved.insert(conflict.objectID).inserted, try resolveConflict(conflict) else { throw conflict }
            }
        }
    }

    /// Saves once: a conflict fails it, whatever the merge policy.
    private func saveOnce() throws {
        if let lostWrite { throw StoreError.conflict(lostWrite) }
        guard hasChanges else { return }
        checkInvariants()
        let soleStore = persistentStoreCoordinator.soleStore
        if soleStore == nil { try checkStoresHoldInsertedObjects() }
        try deriveValues()
        undoStack?.closeOpenGroup()
        let errors = validationErrors()
        guard errors.isEmpty else { throw ValidationErrors(errors: errors) }
        let (changes, inserted, written) = changes()
        guard let soleStore else {
            try saveToSeveralStores(changes, inserted: inserted, written: written)
            return
        }
        let permanentIDs = try soleStore.save(changes, beforeCommit: {})
        didSave(inserted: inserted, permanentIDs: permanentIDs, written: written)
    }

    /// Sets the derived attributes of the objects the save writes from their derivations, as
    /// Core Data's store computes them at save (an owner whose to-many changed is written too).
    private func deriveValues() throws {
        guard model.hasDerivedAttributes else { return }
        let changed = pending.objects(.inserted) + pending.objects(.updated)
        // Objects whose derivations read a changed object through a relationship, though they
        // did not change themselves (a team summing its players' goals).
        var readers: Set<ManagedObject> = []
        for object in changed where !object.isFault {
            for relationship in object.entity.relationships where relationship.feedsDerivedAttributes {
                if relationship.isToMany {
                    readers.formUnion(object.relatedSet(relationship))
                } else if let reader = object.relatedObject(relationship) {
                    readers.insert(reader)
                }
            }
        }
        let clean = readers.filter { $0.membership == .clean }
        for reader in clean { reader.fulfillFault() }
        for object in changed + clean where !object.isFault && !object.entity.derivedAttributes.isEmpty {
            for attribute in object.entity.derivedAttributes {
                object.setAttributeValue(try PredicateEvaluator.derivedValue(of: attribute, on: object), for: attribute)
            }
        }
    }

    /// Every rule broken by the pending changes, without saving.
    public func validationErrors() -> [ValidationError] {
        // Objects are checked in any order; only those that break a rule are sorted, so that
        // the errors come in ID order (inserted, then updated, then deleted objects) without
        // sorting every changed object on each save.
        var errors: [ValidationError] = []
        for objects in [pending.objects(.inserted), pending.objects(.updated)] {
            var failing: [(object: ManagedObject, errors: [ValidationError])] = []
            for object in objects {
                let objectErrors = validationErrors(of: object)
                if !objectErrors.isEmpty { failing.append((object, objectErrors)) }
            }
            errors += inSaveOrder(failing)
        }
        var failing: [(object: ManagedObject, errors: [ValidationError])] = []
        // Only deny rules bear on deleted objects: with none in the model, none is visited.
        let denies = model.entities.contains { $0.relationships.contains { $0.deleteRule == .deny } }
        for object in denies ? pending.objects(.deleted) : [] {
            var objectErrors: [ValidationError] = []
            for relationship in object.entity.relationships where relationship.deleteRule == .deny {
                // Deleted objects still linked to this one go with it.
                let count =
                    relationship.isToMany
                    ? object.relatedSet(relationship).count { membership(of: $0) != .deleted }
                    : (object.relatedObject(relationship).map { membership(of: $0) != .deleted } == true ? 1 : 0)
                if count > 0 {
                    objectErrors.append(
                        ValidationError(
                            objectID: object.objectID, entity: object.entity.name, property: relationship.name,
                            value: nil, kind: .deleteDenied(count)))
                }
            }
            if !objectErrors.isEmpty { failing.append((object, objectErrors)) }
        }
        return errors + inSaveOrder(failing)
    }

    /// The errors of each object, objects in ID order (see ``sorted(_:)``).
    private func inSaveOrder(_ failing: [(object: ManagedObject, errors: [ValidationError])]) -> [ValidationError] {
        failing.map { ($0.object.objectID.saveOrder, $0.errors) }.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// The objects in ID order.
    ///
    /// Saved ones by primary key, then new ones in the order of insertion, as
    /// ``PredicateEvaluator/areInIncreasingOrder(_:_:by:)`` sorts with no orderings. Objects
    /// usually come in that order already (they are listed as they change, and numbered as they
    /// are made); then they are returned as they are.
    private func sorted(_ objects: [ManagedObject]) -> [ManagedObject] {
        objects.sortedIfNeeded(on: \.objectID.saveOrder, by: <)
    }

    /// The rules one object breaks.
    func validationErrors(of object: ManagedObject) -> [ValidationError] {
        guard !object.isFault else { return [] }
        var errors: [ValidationError] = []
        func fail(_ property: String, _ value: AttributeValue?, _ kind: ValidationError.Kind) {
            errors.append(
                ValidationError(
                    objectID: object.objectID, entity: object.entity.name, property: property,
                    value: value.map(\.description), kind: kind))
        }
        for attribute in object.entity.attributes where !attribute.isTransient {
            let value = object.currentValue(attribute)
            if value.isNull {
                if !attribute.isOptional { fail(attribute.name, nil, .missingValue) }
                continue
            }
            if let range = attribute.attributeType.integerRange, case .integer(let i) = value, !range.contains(i) {
                fail(attribute.name, value, .typeOverflow(attribute.attributeType.rawValue))
            }
            if let min = attribute.minValue, AttributeValue.compare(value, min) == .orderedAscending {
                fail(attribute.name, value, .belowMinimum(min.description))
            }
            if let max = attribute.maxValue, AttributeValue.compare(value, max) == .orderedDescending {
                fail(attribute.name, value, .aboveMaximum(max.description))
            }
            if case .string(let string) = value {
                if let min = attribute.minLength, string.count < min { fail(attribute.name, value, .tooShort(min)) }
                if let max = attribute.maxLength, string.count > max { fail(attribute.name, value, .tooLong(max)) }
                if let pattern = attribute.regularExpression,
                    (try? StringMatching.matches(string, regex: pattern, options: [])) != true
                {
                    fail(attribute.name, value, .patternMismatch(pattern))
                }
            }
        }
        for relationship in object.entity.relationships where !relationship.isTransient {
            if relationship.canHoldUnsavedDeletedObjects {
                object.forEachLoadedDestination(of: relationship) { destination in
                    if destination.isForgottenNewObject {
                        fail(relationship.name, nil, .danglingReference(destination.objectID.description))
                    }
                }
            }
            if relationship.isToMany {
                guard object.isLoaded(relationship) || relationship.minCount > 0 || relationship.maxCount > 0 else { continue }
                let count = object.relatedSet(relationship).count
                if count == 0, !relationship.isOptional {
                    fail(relationship.name, nil, .missingValue)
                } else if relationship.minCount > 0, count < relationship.minCount, count > 0 || !relationship.isOptional {
                    fail(relationship.name, nil, .tooFewObjects(relationship.minCount))
                }
                if relationship.maxCount > 0, count > relationship.maxCount {
                    fail(relationship.name, nil, .tooManyObjects(relationship.maxCount))
                }
            } else if !relationship.isOptional, object.toOneID(relationship) == nil {
                fail(relationship.name, nil, .missingValue)
            }
        }
        return errors
    }

    /// The pending changes as the store writes them, with the inserted objects in the order of
    /// the inserts and the updated objects whose rows are written.
    private func changes() -> (StoreChanges, inserted: [ManagedObject], written: [ManagedObject]) {
        var changes = StoreChanges()
        changes.labels = HistoryLabels(author: transactionAuthor, contextName: name)
        var references = References()
        let inserted = sorted(pending.objects(.inserted))
        changes.inserts.reserveCapacity(inserted.count)
        for object in inserted {
            changes.inserts.append(
                .init(
                    id: object.objectID,
                    attributes: object.values.isEmpty ? object.persistentValues : object.values,
                    toOneStart: changes.insertedToOnes.count))
            for relationship in object.entity.relationships {
                let destination = relationship.isToMany ? nil : object.toOneID(relationship)
                changes.insertedToOnes.append(destination)
                if let destination, !destination.isTemporaryID { references.note(destination, via: relationship, in: registry) }
            }
        }
        var written: [ManagedObject] = []
        // Owners that lose a saved member to another object in this save: their rows cannot be
        // deleted by foreign key, which would take that member along.
        var ownersLosingMembers: Set<ManagedObjectID> = []
        // Rows are written in key order, as SQLite's B-trees are laid out: each write then
        // lands next to the previous one instead of at a random page.
        for object in sorted(pending.objects(.updated)) where !object.isFault {
            guard let snapshot = object.snapshot else { continue }
            var update = StoreChanges.Update(id: object.objectID, version: snapshot.version, attributes: [], toOne: [])
            for attribute in object.entity.attributes where !attribute.isTransient {
                let value = object.currentValue(attribute)
                if value != snapshot.attribute(attribute.storageIndex) { update.attributes.append((attribute, value)) }
            }
            for relationship in object.entity.relationships where !relationship.isToMany && !relationship.isTransient {
                let id = object.toOneID(relationship)
                let saved = snapshot.toOne(relationship.storageIndex)
                guard id != saved else { continue }
                update.toOne.append((relationship, id))
                if let id, !id.isTemporaryID { references.note(id, via: relationship, in: registry) }
                // A one-to-one's former destination must no longer point back: as read, if this
                // context saw it let go (else another save gave it this object meanwhile).
                if let saved, relationship.inverseRelationship?.isToMany == false {
                    references.note(saved, via: relationship, in: registry)
                }
                if let saved, relationship.pointsToCascadingOwner { ownersLosingMembers.insert(saved) }
            }
            // A change only to to-manys touches other rows (their foreign keys, join tables): the
            // object's own row, and its version, stay as they are, so that writers adding to
            // the same team from two processes do not conflict over the team's row. The row
            // must still be there, though, or those rows would point at nothing.
            if !update.attributes.isEmpty || !update.toOne.isEmpty {
                changes.updates.append(update)
                written.append(object)
            } else {
                references.note(object.objectID)
                changes.toManyOwners.append(object.objectID)
            }
        }
        // A deleted object's one-to-one partner must not point back any more: as read, when this
        // context let it go (else another save gave it the deleted object meanwhile).
        let deleted = pending.objects(.deleted)
        for object in deleted where !object.isFault {
            for relationship in object.entity.relationships
            where !relationship.isToMany && relationship.inverseRelationship?.isToMany == false {
                if let partner = object.snapshot?.toOne(relationship.storageIndex) {
                    references.note(partner, via: relationship, in: registry)
                }
            }
        }
        changes.referenced = references.unwritten(excluding: written, deleted)
        collectDeletes(into: &changes, excluding: ownersLosingMembers)
        for (link, added) in pendingLinks {
            if added { changes.addedLinks.append(link) } else { changes.removedLinks.append(link) }
        }
        for (owner, relationships) in pendingOrders.values
        where !owner.isFault && owner.membership != .deleted && !owner.isForgottenNewObject {
            for relationship in relationships {
                guard case .ordered(let list) = owner.relation(relationship) else { continue }
                let members = list.filter { $0.membership != .deleted && !$0.isForgottenNewObject }.map(\.objectID)
                changes.orderings.append(
                    StoreChanges.Ordering(relationship: relationship, owner: owner.objectID, members: members))
            }
        }
        return (changes, inserted, written)
    }

    /// The saved rows a save points at without writing them (``StoreChanges/referenced``).
    private struct References {
        /// By ID, with the version a one-to-one's destination must still be at.
        private var versions: [ManagedObjectID: Int64] = [:]
        private var ids: Set<ManagedObjectID> = []

        /// Notes a row that must still exist.
        mutating func note(_ id: ManagedObjectID) {
            ids.insert(id)
        }

        /// Notes the destination of a to-one the save writes: when it is a one-to-one whose
        /// destination this context read, it must also be as read, still pointing back.
        mutating func note(_ id: ManagedObjectID, via relationship: RelationshipDescription, in registry: ObjectRegistry) {
            if let inverse = relationship.inverseRelationship, !inverse.isToMany, let version = registry[id]?.snapshot?.version {
                versions[id] = version
            } else {
                note(id)
            }
        }

        /// The noted rows, but for those the save writes or deletes (checking their versions).
        func unwritten(excluding written: [ManagedObject], _ deleted: [ManagedObject]) -> [StoreChanges.Reference] {
            guard !versions.isEmpty || !ids.isEmpty else { return [] }
            var checked = Set(written.lazy.map(\.objectID))
            checked.formUnion(deleted.lazy.map(\.objectID))
            return versions.filter { !checked.contains($0.key) }.map { StoreChanges.Reference(id: $0.key, version: $0.value) }
                + ids.filter { versions[$0] == nil && !checked.contains($0) }.map { StoreChanges.Reference(id: $0) }
        }
    }

    /// The saved state of `object` as it is now, at `version`: its stored attributes and the
    /// IDs of its to-ones, packed by `snapshots`.
    private func committedSnapshot(
        of object: ManagedObject, version: Int64, in snapshots: inout SnapshotBuilder
    ) -> Snapshot {
        let entity = object.entity
        let attributes = entity.attributes
        let relationships = entity.relationships
        return snapshots.append(version: version, attributeCount: attributes.count, relationshipCount: relationships.count) {
            slots in
            for (index, attribute) in attributes.enumerated() {
                (slots + index).initialize(to: .value(attribute.isTransient ? .null : object.currentValue(attribute)))
            }
            for (index, relationship) in relationships.enumerated() {
                (slots + attributes.count + index).initialize(
                    to: .reference(relationship.isToMany ? nil : object.toOneID(relationship)))
            }
        }
    }

    /// Makes the saved state the committed one: permanent IDs, new snapshots, no changes;
    /// then announces the save (``PersistentStoreCoordinator/announce(_:savedBy:)``), where
    /// anyone listens.
    func didSave(inserted: [ManagedObject], permanentIDs: PermanentIDs, written: [ManagedObject]) {
        let deleted = pending.objects(.deleted)
        let announces = persistentStoreCoordinator.hasSaveListeners
        var changes = ContextDidSave()
        if announces {
            changes.updatedObjectIDs = Set(pending.objects(.updated).map(\.objectID))
            changes.deletedObjectIDs = Set(deleted.map(\.objectID))
        }
        commit(inserted: inserted, permanentIDs: permanentIDs, written: written, deleted: deleted)
        clearChanges()
        undoStack?.removeAllActions()
        releaseForgottenObjects()
        guard announces else { return }
        changes.insertedObjectIDs = Set(inserted.lazy.map(\.objectID).filter { !$0.isTemporaryID })
        persistentStoreCoordinator.announce(changes, savedBy: self)
    }

    /// Gives the saved objects their saved state: inserted ones their permanent IDs, inserted
    /// and written ones new snapshots; deleted ones leave the context.
    func commit(
        inserted: [ManagedObject], permanentIDs: PermanentIDs, written: [ManagedObject], deleted: [ManagedObject]
    ) {
        let saved = inserted.filter { permanentIDs[$0.objectID] != nil }
        registry.remove(saved)
        for object in saved {
            object.objectID = permanentIDs[object.objectID]!
            registry.insert(object)
        }
        // Only now do the to-ones of new objects name permanent IDs.
        var snapshots = SnapshotBuilder()
        for object in inserted {
            object.snapshot = committedSnapshot(of: object, version: 1, in: &snapshots)
        }
        for object in written {
            object.snapshot = committedSnapshot(of: object, version: (object.snapshot?.version ?? 0) + 1, in: &snapshots)
        }
        registry.remove(deleted)
        for object in deleted { object.detachFromContext() }
    }
}
