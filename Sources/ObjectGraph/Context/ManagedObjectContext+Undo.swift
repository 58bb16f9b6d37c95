/// Undo and redo: replaying the groups of changes ManagedObjectContext/undoStack recorded.
extension ManagedObjectContext {
    /// Reverses the last group of changes (needs ``undoStack``).
    public func undo() {
        guard let stack = undoStack else { return }
        stack.closeOpenGroup()
        guard let group = stack.undoGroups.popLast() else { return }
        replay(group, stack, as: .undo)
        stack.redoGroups.append(stack.openGroup)
        stack.openGroup = []
        checkInvariants()
    }

    /// Reverses the last group of changes and forgets it: it cannot be redone.
    ///
    /// Use it to take back an operation that failed half-way or was only a trial.
    public func undoDiscardingRedo() {
        guard let stack = undoStack else { return }
        let redo = stack.redoGroups
        undo()
        stack.redoGroups = redo
    }

    /// Re-applies the last undone group of changes.
    public func redo() {
        guard let stack = undoStack, let group = stack.redoGroups.popLast() else { return }
        stack.closeOpenGroup()
        replay(group, stack, as: .redo)
        stack.undoGroups.append(stack.openGroup)
        stack.openGroup = []
        checkInvariants()
    }

    private func replay(_ group: [UndoAction], _ stack: UndoStack, as mode: UndoStack.Replay) {
        stack.replaying = mode
        defer {
            stack.replaying = .none
            observersMustRefetch = true
            processPendingChanges()
        }
        for action in group.reversed() {
            switch action {
            case .attribute(let object, let attribute, let value):
                object.setAttributeValue(value, for: attribute)
            case .toOne(let object, let relationship, let relation):
                willChange(object, undo: .toOne(object, relationship, object.relation(relationship)))
                object.setRelation(relation, for: relationship)
            case .insertMember(let object, let relationship, let member):
                object.primitiveInsert(member, into: relationship)
            case .removeMember(let object, let relationship, let member):
                object.primitiveRemove(member, from: relationship)
            case .order(let object, let relationship, let list):
                object.primitiveReorder(list, of: relationship)
            case .membership(let object, let state):
                if state == .inserted || state == .clean, object.link == nil { object.link = link }
                setMembership(object, state)
            }
        }
    }
}
