/// What one save or batch request records in a store's persistent history: who made it and
/// the objects it inserted, updated and deleted, each once.
struct HistoryRecord {
    /// One object's change.
    struct Change {
        var type: PersistentHistoryChangeType
        var id: ManagedObjectID
        /// For an update, the names of the properties written, in the order first written.
        var properties: [String]
    }

    var labels: HistoryLabels
    private(set) var changes: [Change] = []
    /// The position of each object's change in ``changes``.
    private var positions: [ManagedObjectID: Int] = [:]

    /// An empty record.
    init(labels: HistoryLabels) {
        self.labels = labels
    }

    /// The record of a save: its inserts (by their permanent IDs), the objects it updated,
    /// linked or reordered, those whose to-manys gained or lost members, and those it deleted.
    init(_ changes: StoreChanges, resolve: (ManagedObjectID?) -> ManagedObjectID?, permanentIDs: [ManagedObjectID]) {
        self.init(labels: changes.labels)
        for id in permanentIDs { add(.insert, id) }
        for delete in changes.deletes { add(.delete, delete.id) }
        for group in changes.ownedDeletes {
            for row in group.rows { add(.delete, row.id) }
        }
        // The to-manys whose members this save moves, by the to-ones it writes.
        var moved: Set<ObjectIdentifier> = []
        for (insert, id) in zip(changes.inserts, permanentIDs) {
            for relationship in id.entity.relationships where !relationship.isToMany {
                guard let inverse = relationship.inverseRelationship, inverse.isToMany,
                    let owner = resolve(changes.toOne(relationship.storageIndex, of: insert))
                else { continue }
                moved.insert(ObjectIdentifier(inverse))
                add(.update, owner, properties: [inverse.name])
            }
        }
        for update in changes.updates {
            add(.update, update.id, properties: update.attributes.map(\.0.name) + update.toOne.map(\.0.name))
            for (relationship, destination) in update.toOne {
                guard let inverse = relationship.inverseRelationship, inverse.isToMany else { continue }
                moved.insert(ObjectIdentifier(inverse))
                if let owner = resolve(destination) { add(.update, owner, properties: [inverse.name]) }
            }
        }
        for delete in changes.deletes {
            for relationship in delete.id.entity.relationships where !relationship.isToMany {
                if let inverse = relationship.inverseRelationship, inverse.isToMany { moved.insert(ObjectIdentifier(inverse)) }
            }
        }
        // Owners that only lost members (to another owner, or deleted): the to-manys the save
        // moved members of, else all of theirs.
        for owner in changes.toManyOwners {
            let toManys = owner.entity.relationships.filter(\.isToMany)
            let touched = toManys.filter { moved.contains(ObjectIdentifier($0)) }
            add(.update, owner, properties: (touched.isEmpty ? toManys : touched).map(\.name))
        }
        for link in changes.addedLinks + changes.removedLinks {
            if let source = resolve(link.source) { add(.update, source, properties: [link.relationship.name]) }
            if let inverse = link.relationship.inverseRelationship, let destination = resolve(link.destination) {
                add(.update, destination, properties: [inverse.name])
            }
        }
        for ordering in changes.orderings {
            if let owner = resolve(ordering.owner) { add(.update, owner, properties: [ordering.relationship.name]) }
        }
    }

    var isEmpty: Bool { changes.isEmpty }

    /// Notes a change of `id`.
    ///
    /// An insert or delete stands for any update of the same object; updates of one object
    /// are one change, with the properties of all.
    mutating func add(_ type: PersistentHistoryChangeType, _ id: ManagedObjectID, properties: [String] = []) {
        guard let position = positions[id] else {
            positions[id] = changes.count
            changes.append(Change(type: type, id: id, properties: type == .update ? properties : []))
            return
        }
        switch (changes[position].type, type) {
        case (.update, .update):
            for name in properties where !changes[position].properties.contains(name) {
                changes[position].properties.append(name)
            }
        case (.update, _):
            changes[position] = Change(type: type, id: id, properties: [])
        default:
            break
        }
    }
}
