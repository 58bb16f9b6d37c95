/// Reading and writing the object's storage: faulting, attributes, and the primitive
/// relationship operations every public mutation is made of. Each primitive records its undo
/// and marks the object changed; inverse bookkeeping lives one level up.
extension ManagedObject {
    // MARK: Faulting

    /// Loads the object's data if it is a fault.
    func fulfillFault() {
        guard isFault else { return }
        managedObjectContext?.fulfillFault(of: self)
    }

    /// Fills the object from a saved state and clears its fault. The object stays in its fault
    /// group, so that its to-many relationships load together with its neighbours'.
    func load(_ snapshot: Snapshot) {
        let entity = self.entity
        var values = snapshot.attributes
        for attribute in entity.transientAttributes {
            values[attribute.storageIndex] = attribute.defaultValue
        }
        let relationships = entity.relationships
        var relations: [Relation] = []
        relations.reserveCapacity(relationships.count)
        for relationship in relationships {
            relations.append(relationship.isToMany ? .manyFault : .unresolved(snapshot.toOne[relationship.storageIndex]))
        }
        self.snapshot = snapshot
        self.values = values
        self.relations = relations
        isFault = false
        awakeFromFetch()
    }

    /// Cuts the object loose from its context: its relationships become empty (which also
    /// breaks reference cycles between objects) and it has no context any more. Its attribute
    /// values stay readable.
    func detachFromContext() {
        link = nil
        faultGroup = nil
        if !isFault {
            relations = entity.defaultRelations
        }
    }

    /// Turns the object back into a fault, dropping its data: the next access reads the store.
    func turnIntoFault() {
        isFault = true
        snapshot = nil
        values = []
        relations = []
    }

    /// Loads a to-many relationship if it is still a fault.
    func loadToMany(_ relationship: RelationshipDescription) {
        fulfillFault()
        guard !isFault, case .manyFault = relations[relationship.storageIndex] else { return }
        managedObjectContext?.loadRelationship(relationship, around: self)
    }

    /// Whether a to-many relationship is loaded.
    func isLoaded(_ relationship: RelationshipDescription) -> Bool {
        guard !isFault else { return false }
        if case .manyFault = relations[relationship.storageIndex] { return false }
        return true
    }

    // MARK: Attributes

    /// The current value of an attribute.
    func attributeValue(_ attribute: AttributeDescription) -> AttributeValue {
        fulfillFault()
        return isFault ? .null : values[attribute.storageIndex]
    }

    /// Sets an attribute, recording the change.
    func setAttributeValue(_ value: AttributeValue, for attribute: AttributeDescription) {
        fulfillFault()
        guard !isFault else { return }
        let old = values[attribute.storageIndex]
        guard old != value else { return }
        managedObjectContext?.willChange(self, undo: .attribute(self, attribute, old))
        values[attribute.storageIndex] = value
    }

    // MARK: Relationships, read

    /// The destination of a to-one, resolving an ID into an object on first access.
    func relatedObject(_ relationship: RelationshipDescription) -> ManagedObject? {
        fulfillFault()
        guard !isFault else { return nil }
        switch relations[relationship.storageIndex] {
        case .one(let object): return object
        case .unresolved(let id):
            let object = id.flatMap { managedObjectContext?.object(with: $0) }
            relations[relationship.storageIndex] = .one(object)
            return object
        case .many, .manyFault: return nil
        }
    }

    /// The ID of a to-one's destination, without resolving it into an object.
    func toOneID(_ relationship: RelationshipDescription) -> ManagedObjectID? {
        fulfillFault()
        guard !isFault else { return nil }
        switch relations[relationship.storageIndex] {
        case .one(let object): return object?.objectID
        case .unresolved(let id): return id
        case .many, .manyFault: return nil
        }
    }

    /// The objects of a to-many, loading them first if needed.
    func relatedSet(_ relationship: RelationshipDescription) -> Set<ManagedObject> {
        loadToMany(relationship)
        guard !isFault, case .many(let set) = relations[relationship.storageIndex] else { return [] }
        return set
    }

    // MARK: Relationships, primitive writes (one side only)

    /// Points a to-one at `object` on this side only.
    func primitiveSetToOne(_ object: ManagedObject?, for relationship: RelationshipDescription) {
        let current = relatedObject(relationship)
        guard !isFault, current !== object else { return }
        let old = relations[relationship.storageIndex]
        managedObjectContext?.willChange(self, undo: .toOne(self, relationship, old))
        relations[relationship.storageIndex] = .one(object)
    }

    /// Adds `object` to a loaded to-many on this side only.
    func primitiveInsert(_ object: ManagedObject, into relationship: RelationshipDescription) {
        loadToMany(relationship)
        guard !isFault, case .many(var set) = relations[relationship.storageIndex] else { return }
        guard set.insert(object).inserted else { return }
        relations[relationship.storageIndex] = .many(set)
        managedObjectContext?.willChange(self, undo: .removeMember(self, relationship, object))
        managedObjectContext?.noteLink(relationship, self, object, added: true)
    }

    /// Removes `object` from a loaded to-many on this side only.
    func primitiveRemove(_ object: ManagedObject, from relationship: RelationshipDescription) {
        loadToMany(relationship)
        guard !isFault, case .many(var set) = relations[relationship.storageIndex] else { return }
        guard set.remove(object) != nil else { return }
        relations[relationship.storageIndex] = .many(set)
        managedObjectContext?.willChange(self, undo: .insertMember(self, relationship, object))
        managedObjectContext?.noteLink(relationship, self, object, added: false)
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

    /// Makes a to-many hold exactly `objects`, updating inverses.
    func replaceRelatedObjects(_ objects: [ManagedObject], for relationship: RelationshipDescription) {
        let old = relatedSet(relationship)
        let new = Set(objects)
        for object in old.subtracting(new) { removeRelatedObject(object, from: relationship) }
        for object in objects where !old.contains(object) { addRelatedObject(object, to: relationship) }
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
