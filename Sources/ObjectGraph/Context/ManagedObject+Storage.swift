// Unsafe: only `fault(with:link:)`, which reads the ID's entity unretained (entities are never deallocated).

/// Reading and writing the object's storage: faulting, attributes, and the primitive
/// relationship operations every public mutation is made of. Each primitive records its undo
/// and marks the object changed; inverse bookkeeping lives one level up.
extension ManagedObject {
    // MARK: Faulting

    /// Loads the object's data if it is a fault.
    func fulfillFault() {
        // A fault that holds its row needs no context (and no weak load to reach it).
        guard !loadFromKeptRow() else { return }
        managedObjectContext?.fulfillFault(of: self)
    }

    /// Fills the object from a saved state and clears its fault.
    ///
    /// The object reads its values from the snapshot until it changes. It stays in its fault
    /// group, so that its to-many relationships load together with its neighbours'.
    func load(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        isFault = false
        awakeFromFetch()
    }

    /// A new fault of `id`'s entity and class, in the context `link` names (none if `nil`),
    /// not registered.
    static func fault(with id: ManagedObjectID, link: ContextLink?) -> ManagedObject {
        // Unretained: entities are never deallocated (see `EntityDescription`).
        let object = id.unretainedEntity._withUnsafeGuaranteedRef { $0.managedObjectClass.init(entity: $0, insertInto: nil) }
        object.objectID = id
        object.link = link
        // New, so holding no data to drop.
        object.isFault = true
        return object
    }

    /// Whether the row read as `id`, which names this object's row, fits this object.
    ///
    /// It does when the row is still of the object's entity. Only another program rewriting
    /// `Z_ENT`, or an ID made from a URI that names another entity of the same table, makes a
    /// row of one entity reach an object of another, whose storage it would not fit.
    func fits(_ id: ManagedObjectID) -> Bool { entity === id.entity }

    /// The object if it ``fits(_:)`` `id`, else `nil`.
    func fitting(_ id: ManagedObjectID) -> ManagedObject? { fits(id) ? self : nil }

    /// Loads a fault that holds its row (read with a fetch or a to-many relationship), with no
    /// query.
    ///
    /// - Returns: Whether the object is loaded now.
    func loadFromKeptRow() -> Bool {
        guard isFault else { return true }
        // The row is the snapshot already: only the fault flag changes.
        guard snapshot != nil else { return false }
        isFault = false
        awakeFromFetch()
        return true
    }

    /// Cuts the object loose from its context.
    ///
    /// Its relationships and fetched properties become empty (which also breaks reference
    /// cycles between objects) and it has no context any more. Its attribute values stay
    /// readable.
    func detachFromContext() {
        link = nil
        heldBy = []
        faultGroup = nil
        if !isFault {
            relations = entity.defaultRelations
        }
    }

    /// Drops the objects this one holds through its relationships and fetched properties, as
    /// a context going away does, so that objects pointing at each other do not keep each
    /// other alive.
    func releaseRelatedObjects() {
        if !relations.isEmpty { relations = entity.defaultRelations }
    }

    /// Turns the object back into a fault, dropping its data: the next access reads the store,
    /// and the next read of a fetched property fetches again.
    func turnIntoFault() {
        isFault = true
        snapshot = nil
        values = []
        relations = []
    }

    // MARK: Storage

    /// An attribute's current value, without firing a fault.
    func currentValue(_ attribute: AttributeDescription) -> AttributeValue {
        if !values.isEmpty { return values[attribute.storageIndex] }
        guard !attribute.isTransient, let snapshot else { return attribute.defaultValue }
        return snapshot.attribute(attribute.storageIndex)
    }

    /// The current values of the stored attributes, transient ones `.null`, as a save writes
    /// them.
    var persistentValues: [AttributeValue] {
        entity.attributes.map { $0.isTransient ? .null : currentValue($0) }
    }

    /// Sets an attribute's current value, with no change tracking.
    func writeValue(_ value: AttributeValue, for attribute: AttributeDescription) {
        if values.isEmpty {
            // Built in a fresh array (no closure, no copy of shared defaults on write).
            var current: [AttributeValue] = []
            current.reserveCapacity(entity.attributes.count)
            for attribute in entity.attributes { current.append(currentValue(attribute)) }
            values = current
        }
        values[attribute.storageIndex] = value
    }

    /// A relationship's current state, without firing a fault.
    ///
    /// Until the object's relationships are written or loaded, they are those of its snapshot
    /// (to-ones by ID, to-manys not loaded), or empty for an object never saved.
    func relation(_ relationship: RelationshipDescription) -> Relation {
        if !relations.isEmpty { return relations[relationship.storageIndex] }
        guard let snapshot else { return relationship.isToMany ? relationship.emptyMembers : .one(nil) }
        return relationship.isToMany ? .manyFault : .unresolved(snapshot.toOne(relationship.storageIndex))
    }

    /// Sets a relationship's state, with no change tracking.
    func setRelation(_ relation: Relation, for relationship: RelationshipDescription) {
        materializeRelations()
        relations[relationship.storageIndex] = relation
    }

    /// Gives the object its own ``relations``, taken from its snapshot (or empty), before one
    /// of them is written.
    func materializeRelations() {
        guard relations.isEmpty else { return }
        // Built in a fresh array (no closure, no copy of shared defaults on write).
        var current: [Relation] = []
        current.reserveCapacity(entity.relationships.count)
        for relationship in entity.relationships { current.append(relation(relationship)) }
        relations = current
        managedObjectContext?.holdRelations(of: self)
    }

    /// Changes the members of a loaded to-many in place (with no copy of the set).
    ///
    /// - Returns: What `body` returns, or `nil` when the to-many is not loaded.
    private func modifyMembers<T>(
        of relationship: RelationshipDescription, _ body: (inout Set<ManagedObject>) -> T
    ) -> T? {
        materializeRelations()
        guard case .many(var set) = relations[relationship.storageIndex] else { return nil }
        relations[relationship.storageIndex] = .manyFault
        let result = body(&set)
        relations[relationship.storageIndex] = .many(set)
        return result
    }

    /// Changes the members of a loaded ordered to-many in place (with no copy of the array).
    ///
    /// - Returns: What `body` returns, or `nil` when the to-many is not loaded.
    private func modifyOrderedMembers<T>(
        of relationship: RelationshipDescription, _ body: (inout [ManagedObject]) -> T
    ) -> T? {
        materializeRelations()
        guard case .ordered(var list) = relations[relationship.storageIndex] else { return nil }
        relations[relationship.storageIndex] = .manyFault
        let result = body(&list)
        relations[relationship.storageIndex] = .ordered(list)
        return result
    }

    /// Loads a to-many relationship if it is still a fault.
    func loadToMany(_ relationship: RelationshipDescription) {
        fulfillFault()
        guard !isFault, case .manyFault = relation(relationship) else { return }
        managedObjectContext?.loadRelationship(relationship, around: self)
    }

    /// Whether a to-many relationship is loaded.
    func isLoaded(_ relationship: RelationshipDescription) -> Bool {
        guard !isFault else { return false }
        if case .manyFault = relation(relationship) { return false }
        return true
    }

    // MARK: Attributes

    /// The current value of an attribute.
    @inline(__always)
    func attributeValue(_ attribute: AttributeDescription) -> AttributeValue {
        fulfillFault()
        return isFault ? .null : currentValue(attribute)
    }

    /// Sets an attribute, recording the change.
    func setAttributeValue(_ value: AttributeValue, for attribute: AttributeDescription) {
        guard isReadyForWrite() else { return }
        let old = currentValue(attribute)
        guard old != value else { return }
        managedObjectContext?.willChange(self, undo: .attribute(self, attribute, old))
        writeValue(value, for: attribute)
    }

    // MARK: Relationships, read

    /// The destination of a to-one, resolving an ID into an object on first access.
    func relatedObject(_ relationship: RelationshipDescription) -> ManagedObject? {
        fulfillFault()
        guard !isFault else { return nil }
        switch relation(relationship) {
        case .one(let object): return object
        case .unresolved(let id):
            // A key whose row is registered as an object of another entity (see `fits(_:)`)
            // names no destination.
            let object = id.flatMap { managedObjectContext?.object(with: $0) }
                .flatMap { $0.entity.isKind(of: relationship.destinationEntity) ? $0 : nil }
            if !relations.isEmpty { relations[relationship.storageIndex] = .one(object) }
            return object
        case .many, .ordered, .manyFault: return nil
        }
    }

    /// The ID of a to-one's destination, without resolving it into an object.
    func toOneID(_ relationship: RelationshipDescription) -> ManagedObjectID? {
        fulfillFault()
        guard !isFault else { return nil }
        switch relation(relationship) {
        case .one(let object): return object?.objectID
        case .unresolved(let id): return id
        case .many, .ordered, .manyFault: return nil
        }
    }

    /// The objects of a to-many, loading them first if needed.
    func relatedSet(_ relationship: RelationshipDescription) -> Set<ManagedObject> {
        loadToMany(relationship)
        guard !isFault else { return [] }
        switch relation(relationship) {
        case .many(let set): return set
        case .ordered(let list): return Set(list)
        case .one, .unresolved, .manyFault: return []
        }
    }

    /// The objects of an ordered to-many in their order (of an unordered one in no particular
    /// order), loading them first if needed.
    func relatedList(_ relationship: RelationshipDescription) -> [ManagedObject] {
        loadToMany(relationship)
        guard !isFault else { return [] }
        switch relation(relationship) {
        case .many(let set): return Array(set)
        case .ordered(let list): return list
        case .one, .unresolved, .manyFault: return []
        }
    }

    /// Calls `body` with each object a relationship holds in memory: nothing for a fault, a
    /// to-many not yet loaded or a to-one not yet resolved (which name saved objects only).
    func forEachLoadedDestination(of relationship: RelationshipDescription, _ body: (ManagedObject) -> Void) {
        guard !isFault else { return }
        switch relation(relationship) {
        case .one(let object?): body(object)
        case .many(let set): for object in set { body(object) }
        case .ordered(let list): for object in list { body(object) }
        case .one(nil), .unresolved, .manyFault: return
        }
    }

    /// Whether this is a new object its context no longer holds (deleted, or its insert
    /// undone or rolled back, before it was ever saved).
    var isForgottenNewObject: Bool { objectID.isTemporaryID && membership != .inserted }

    /// Fires the fault before a write; whether the object can take it.
    ///
    /// A fault whose row another save deleted cannot: its context notes the lost write and
    /// refuses to save.
    func isReadyForWrite() -> Bool {
        fulfillFault()
        guard isFault else { return true }
        if let context = managedObjectContext, context.lostWrite == nil { context.lostWrite = objectID }
        return false
    }

    /// Fires the fault before a read or write that can throw.
    ///
    /// - Throws: ``ObjectGraphError/objectNotFound(_:)`` when another save deleted the row.
    func requireRow() throws(ObjectGraphError) {
        fulfillFault()
        if isFault, managedObjectContext != nil { throw .objectNotFound(objectID.description) }
    }

    // MARK: Relationships, primitive writes (one side only)

    /// Points a to-one at `object` on this side only.
    func primitiveSetToOne(_ object: ManagedObject?, for relationship: RelationshipDescription) {
        let current = relatedObject(relationship)
        guard !isFault, current !== object else { return }
        let old = relation(relationship)
        managedObjectContext?.willChange(self, undo: .toOne(self, relationship, old))
        setRelation(.one(object), for: relationship)
    }

    /// Adds `object` to a loaded to-many on this side only: at the end of an ordered one.
    func primitiveInsert(_ object: ManagedObject, into relationship: RelationshipDescription) {
        loadToMany(relationship)
        guard !isFault else { return }
        if relationship.isOrdered {
            let inserted = modifyOrderedMembers(of: relationship) { list in
                guard !list.contains(object) else { return false }
                list.append(object)
                return true
            }
            guard inserted == true else { return }
            managedObjectContext?.noteOrder(of: relationship, self)
        } else {
            guard modifyMembers(of: relationship, { $0.insert(object).inserted }) == true else { return }
        }
        managedObjectContext?.willChange(self, undo: .removeMember(self, relationship, object))
        managedObjectContext?.noteLink(relationship, self, object, added: true)
    }

    /// Removes `object` from a loaded to-many on this side only.
    func primitiveRemove(_ object: ManagedObject, from relationship: RelationshipDescription) {
        loadToMany(relationship)
        guard !isFault else { return }
        if relationship.isOrdered {
            guard case .ordered(let old) = relation(relationship), let position = old.firstIndex(of: object) else { return }
            // Recorded first, so that undoing puts the object back (at the end), then restores
            // its place.
            managedObjectContext?.willChange(self, undo: .order(self, relationship, old))
            _ = modifyOrderedMembers(of: relationship) { $0.remove(at: position) }
            managedObjectContext?.noteOrder(of: relationship, self)
        } else {
            guard modifyMembers(of: relationship, { $0.remove(object) != nil }) == true else { return }
        }
        managedObjectContext?.willChange(self, undo: .insertMember(self, relationship, object))
        managedObjectContext?.noteLink(relationship, self, object, added: false)
    }

    /// Puts the members of a loaded ordered to-many in the order of `objects`, on this side
    /// only; members `objects` leaves out keep their relative order after those it names, and
    /// objects that are not members are ignored.
    func primitiveReorder(_ objects: [ManagedObject], of relationship: RelationshipDescription) {
        loadToMany(relationship)
        guard !isFault, case .ordered(let old) = relation(relationship) else { return }
        let members = Set(old)
        var seen: Set<ManagedObject> = []
        var list = objects.filter { members.contains($0) && seen.insert($0).inserted }
        list += old.filter { !seen.contains($0) }
        guard list != old else { return }
        managedObjectContext?.willChange(self, undo: .order(self, relationship, old))
        setRelation(.ordered(list), for: relationship)
        managedObjectContext?.noteOrder(of: relationship, self)
    }

    // MARK: Relationships, writes that keep both sides consistent

    /// Sets a to-one and updates the inverse of the old and the new destination.
    func setRelatedObject(_ object: ManagedObject?, for relationship: RelationshipDescription) {
        let old = relatedObject(relationship)
        guard old !== object else { return }
        let inverse = relationship.inverseRelationship
        if let old, let inverse { old.detach(self, via: inverse) }
        primitiveSetToOne(object, for: relationship)
        if let object, let inverse { object.attach(self, via: inverse) }
    }

    /// Adds to a to-many and updates the inverse.
    func addRelatedObject(_ object: ManagedObject, to relationship: RelationshipDescription) {
        guard let inverse = relationship.inverseRelationship else {
            primitiveInsert(object, into: relationship)
            return
        }
        if inverse.isToMany {
            primitiveInsert(object, into: relationship)
            object.primitiveInsert(self, into: inverse)
        } else {
            object.setRelatedObject(self, for: inverse)
        }
    }

    /// Removes from a to-many and updates the inverse.
    func removeRelatedObject(_ object: ManagedObject, from relationship: RelationshipDescription) {
        guard relatedSet(relationship).contains(object) else { return }
        guard let inverse = relationship.inverseRelationship else {
            primitiveRemove(object, from: relationship)
            return
        }
        if inverse.isToMany {
            primitiveRemove(object, from: relationship)
            object.primitiveRemove(self, from: inverse)
        } else {
            object.setRelatedObject(nil, for: inverse)
        }
    }

    /// Makes a to-many hold exactly `objects` (an ordered one in their order), updating
    /// inverses.
    func replaceRelatedObjects(_ objects: [ManagedObject], for relationship: RelationshipDescription) {
        let old = relatedSet(relationship)
        let new = Set(objects)
        for object in old.subtracting(new) { removeRelatedObject(object, from: relationship) }
        for object in objects where !old.contains(object) { addRelatedObject(object, to: relationship) }
        if relationship.isOrdered { primitiveReorder(objects, of: relationship) }
    }

    /// Inserts `object` into an ordered to-many at `index` (clamped to the members' count),
    /// updating the inverse; a member moves there.
    func insertRelatedObject(_ object: ManagedObject, at index: Int, into relationship: RelationshipDescription) {
        addRelatedObject(object, to: relationship)
        var list = relatedList(relationship)
        guard let position = list.firstIndex(of: object) else { return }
        list.remove(at: position)
        list.insert(object, at: max(0, min(index, list.count)))
        primitiveReorder(list, of: relationship)
    }

    /// Removes `source` from this object's side of `relationship` (the inverse of a
    /// relationship `source` is leaving).
    func detach(_ source: ManagedObject, via relationship: RelationshipDescription) {
        if relationship.isToMany {
            primitiveRemove(source, from: relationship)
        } else if relatedObject(relationship) === source {
            primitiveSetToOne(nil, for: relationship)
        }
    }

    /// Adds `source` to this object's side of `relationship`, first detaching whatever
    /// a to-one pointed at before (its inverse loses this object).
    func attach(_ source: ManagedObject, via relationship: RelationshipDescription) {
        if relationship.isToMany {
            primitiveInsert(source, into: relationship)
            return
        }
        if let previous = relatedObject(relationship), previous !== source,
            let back = relationship.inverseRelationship
        {
            previous.detach(self, via: back)
        }
        primitiveSetToOne(source, for: relationship)
    }
}
