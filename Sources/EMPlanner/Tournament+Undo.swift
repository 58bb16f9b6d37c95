import ObjectGraph

/// Edits as units that can be taken back: an edit groups everything changed between
/// ``beginEdit()`` and ``endEdit()``; ``undo()`` and ``redo()`` take back and make again one
/// edit at a time, until ``save()`` or ``rollback()``.
extension Tournament {
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
    /// - Returns: Whether the edit changed anything.
    @discardableResult
    public func endEdit() -> Bool {
        context.undoStack?.endGrouping() ?? false
    }

    /// Takes back the last edit and forgets it: it cannot be redone (for an edit that failed,
    /// or a dry run).
    public func discardLastEdit() {
        context.undoDiscardingRedo()
    }

    /// Takes back the last edit, if there is one.
    ///
    /// - Returns: What changed, or `nil` if there was nothing to undo.
    public func undo() -> [UnsavedChanges.Change]? {
        guard context.undoStack?.canUndo == true else { return nil }
        let before = unsavedChanges
        context.undo()
        return unsavedChanges.changes(since: before)
    }

    /// Makes the last edit undone again, if no edit came since.
    ///
    /// - Returns: What changed, or `nil` if there was nothing to redo.
    public func redo() -> [UnsavedChanges.Change]? {
        guard context.undoStack?.canRedo == true else { return nil }
        let before = unsavedChanges
        context.redo()
        return unsavedChanges.changes(since: before)
    }

    /// The unsaved changes as of now.
    ///
    /// - Complexity: O(*n*) in the number of changed objects.
    public var unsavedChanges: UnsavedChanges {
        UnsavedChanges(of: context, label: label(of:))
    }

    /// How many objects have unsaved changes.
    public var unsavedChangeCount: Int {
        context.insertedObjects.count + context.updatedObjects.count + context.deletedObjects.count
    }
}
