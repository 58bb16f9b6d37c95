import ObjectGraph

/// Edits as units that can be taken back: an edit groups everything changed between
/// ``beginEdit()`` and ``endEdit()``; ``undo()`` and ``redo()`` take back and make again one
/// edit at a time, until ``save()`` or ``rollback()``.
extension Tournament {
    /// Describes changes as users see them.
    private var describer: ChangeDescriber { ChangeDescriber(tournament: self) }

    /// Starts keeping an undo history; without it, edits cannot be undone (and cost nothing
    /// to record).
    public func enableUndo() {
        if context.undoStack == nil { context.undoStack = UndoStack() }
    }

    /// Starts an edit: the changes until ``endEdit()`` are undone as one.
    public func beginEdit() {
        context.undoStack?.beginGrouping()
    }

    /// Ends the edit ``beginEdit()`` started.
    ///
    /// An edit that leaves everything as it was is no undo step: ``undo()`` then takes back
    /// the edit before it.
    ///
    /// - Returns: What the edit changed; empty when it changed nothing, or without an undo
    ///   history (``enableUndo()``).
    /// - Complexity: O(*n*) in the changes the edit made.
    @discardableResult
    public func endEdit() -> [TournamentChange] {
        guard let stack = context.undoStack, stack.endGrouping() else { return [] }
        let changes = describer.changes(stack.lastGroupChanges)
        if changes.isEmpty { discardLastEdit() }
        return changes
    }

    /// Ends the edit ``beginEdit()`` started and takes back what it changed, for an edit that
    /// failed half-way: it cannot be redone.
    public func abandonEdit() {
        if context.undoStack?.endGrouping() == true { context.undoDiscardingRedo() }
    }

    /// Takes back the last edit and forgets it: it cannot be redone (for a dry run, once
    /// ``endEdit()`` said what it changed).
    public func discardLastEdit() {
        context.undoDiscardingRedo()
    }

    /// Takes back the last edit, if there is one.
    ///
    /// - Returns: What changed, or `nil` if there was nothing to undo.
    /// - Complexity: O(*n*) in the changes the edit made.
    public func undo() -> [TournamentChange]? {
        guard let stack = context.undoStack, stack.canUndo else { return nil }
        // An insert undone leaves an object without values: it is named as it was.
        var before: [ObjectIdentifier: (label: String, identity: [(name: String, value: FieldValue)])] = [:]
        for change in stack.lastGroupChanges {
            before[ObjectIdentifier(change.object)] = (lookup.label(of: change.object), describer.identity(of: change.object))
        }
        context.undo()
        return describer.changes(stack.lastUndoChanges, before: before)
    }

    /// Makes the last edit undone again, if no edit came since.
    ///
    /// - Returns: What changed, or `nil` if there was nothing to redo.
    /// - Complexity: O(*n*) in the changes the edit made.
    public func redo() -> [TournamentChange]? {
        guard let stack = context.undoStack, stack.canRedo else { return nil }
        context.redo()
        return describer.changes(stack.lastGroupChanges)
    }

    /// Every unsaved change, as a user counts them (see ``TournamentChange``): inserts first,
    /// then updates, then deletes, each by entity and label.
    ///
    /// - Complexity: O(*n*) in the number of changed objects.
    public var unsavedChanges: [TournamentChange] {
        let inserted = context.insertedObjects.compactMap { describer.change(of: $0, .inserted, values: pendingValues(of: $0)) }
        let updated = context.updatedObjects.compactMap { describer.change(of: $0, .updated, values: pendingValues(of: $0)) }
        let deleted = context.deletedObjects.compactMap { describer.change(of: $0, .deleted, values: []) }
        return (inserted + updated + deleted).sorted { ($0.kind, $0.entity, $0.label) < ($1.kind, $1.entity, $1.label) }
    }

    /// How many unsaved changes there are, as a user counts them (``unsavedChanges``): a player
    /// added is one, not also one to his team.
    ///
    /// - Complexity: O(*n*) in the number of changed objects.
    public var unsavedChangeCount: Int {
        let updated = context.updatedObjects.count { !describer.fields(of: $0, pendingValues(of: $0), inserted: false).isEmpty }
        return context.insertedObjects.count + context.deletedObjects.count + updated
    }

    /// The attributes and to-ones of `object` that differ from the store, with the stored
    /// value and the current one.
    private func pendingValues(of object: TournamentObject) -> [ChangeDescriber.RawValue] {
        let changed = object.changedValues()
        let order = object.entity.attributes.map(\.name) + object.entity.relationships.map(\.name)
        let keys = order.filter { changed.keys.contains($0) }
        let committed = object.committedValues(forKeys: keys)
        return keys.map { key in
            var old: Any? = committed[key] ?? nil
            if let id = old as? ManagedObjectID { old = context.object(with: id) }
            let new: Any? = try? object.value(forKey: key)
            return (key, old, new)
        }
    }
}
