/// What a group of the history changed, net: the state before the group (which its recorded
/// reversals hold) against the objects as they are now.
extension UndoStack {
    /// The net changes of the group ``ManagedObjectContext/undo()`` would take back (the last
    /// edit or redo), from before that group to now; correct until something else changes.
    ///
    /// - Complexity: O(*n*) in the changes the group recorded.
    public var lastGroupChanges: [ObjectChange] {
        Self.changes(of: openGroup.isEmpty ? undoGroups.last ?? [] : openGroup)
    }

    /// The net changes of the last ``ManagedObjectContext/undo()``, from before it to now (the
    /// group ``ManagedObjectContext/redo()`` would make again holds that undo's reversals);
    /// correct until something else changes.
    ///
    /// - Complexity: O(*n*) in the changes the undo recorded.
    public var lastUndoChanges: [ObjectChange] {
        Self.changes(of: redoGroups.last ?? [])
    }

    /// An object's state before a group: its first recorded membership and, per property,
    /// the first value recorded (later ones are states inside the group).
    private struct Before {
        var membership: ManagedObjectContext.Membership?
        var attributes: [Int: AttributeValue] = [:]
        var toOnes: [Int: ManagedObject.Relation] = [:]
    }

    private static func changes(of group: [UndoAction]) -> [ObjectChange] {
        var order: [ManagedObject] = []
        var before: [ObjectIdentifier: Before] = [:]
        func note(_ object: ManagedObject, _ change: (inout Before) -> Void) {
            let id = ObjectIdentifier(object)
            if before[id] == nil {
                order.append(object)
                before[id] = Before()
            }
            change(&before[id]!)
        }
        for action in group {
            switch action {
            case .attribute(let object, let attribute, let old):
                note(object) { if $0.attributes[attribute.storageIndex] == nil { $0.attributes[attribute.storageIndex] = old } }
            case .toOne(let object, let relationship, let old):
                note(object) { if $0.toOnes[relationship.storageIndex] == nil { $0.toOnes[relationship.storageIndex] = old } }
            case .insertMember(let object, _, _), .removeMember(let object, _, _), .order(let object, _, _):
                note(object) { _ in }
            case .membership(let object, let old):
                note(object) { if $0.membership == nil { $0.membership = old } }
            }
        }
        return order.compactMap { object in
            let old = before[ObjectIdentifier(object)]!
            let existed = exists(object, old.membership ?? object.membership)
            switch (existed, exists(object, object.membership)) {
            case (false, false): return nil
            case (true, false): return ObjectChange(object: object, kind: .deleted, values: [])
            case (let existed, true):
                let values = changedValues(of: object, since: old)
                guard !existed || !values.isEmpty else { return nil }
                return ObjectChange(object: object, kind: existed ? .updated : .inserted, values: values)
            }
        }
    }

    /// Whether `object` is part of the graph in `membership`: not deleted, and not a new
    /// object its context no longer holds.
    private static func exists(_ object: ManagedObject, _ membership: ManagedObjectContext.Membership) -> Bool {
        switch membership {
        case .inserted, .updated: true
        case .deleted: false
        case .clean: !object.objectID.isTemporaryID
        }
    }

    private static func changedValues(of object: ManagedObject, since old: Before) -> [ObjectChange.Value] {
        var values: [ObjectChange.Value] = []
        for attribute in object.entity.attributes {
            guard let value = old.attributes[attribute.storageIndex] else { continue }
            let current = object.currentValue(attribute)
            if current != value { values.append(.init(key: attribute.name, old: value.anyValue, new: current.anyValue)) }
        }
        for relationship in object.entity.relationships where !relationship.isToMany {
            guard let relation = old.toOnes[relationship.storageIndex] else { continue }
            let previous: ManagedObject?
            switch relation {
            case .one(let target): previous = target
            case .unresolved(let id): previous = id.flatMap { object.managedObjectContext?.object(with: $0) }
            case .many, .ordered, .manyFault: continue
            }
            let current = object.relatedObject(relationship)
            if current !== previous { values.append(.init(key: relationship.name, old: previous, new: current)) }
        }
        return values
    }
}
