/// One recorded change and how to reverse it.
enum UndoAction {
    /// Restore an attribute's previous value.
    case attribute(ManagedObject, AttributeDescription, AttributeValue)
    /// Restore a to-one's previous state.
    case toOne(ManagedObject, RelationshipDescription, ManagedObject.Relation)
    /// Put an object back into a to-many.
    case insertMember(ManagedObject, RelationshipDescription, ManagedObject)
    /// Take an object out of a to-many.
    case removeMember(ManagedObject, RelationshipDescription, ManagedObject)
    /// Restore the order of an ordered to-many (of the same members).
    case order(ManagedObject, RelationshipDescription, [ManagedObject])
    /// Restore an object's insert/update/delete state.
    case membership(ManagedObject, ManagedObjectContext.Membership)
}

/// The context's undo and redo history, in groups: one group per user-level operation.
///
/// Changes are recorded at the lowest level (each attribute value, each side of each
/// relationship, each insert and delete), so undoing a group restores the graph exactly.
/// Enable it with ``ManagedObjectContext/undoStack``; a save or rollback clears it.
public final class UndoStack {
    var undoGroups: [[UndoAction]] = []
    var redoGroups: [[UndoAction]] = []
    var openGroup: [UndoAction] = []
    var openDepth = 0
    /// Whether actions are being replayed (undo or redo), and where their reversals go.
    var replaying: Replay = .none
    enum Replay { case none, undo, redo }

    /// The most groups kept; older ones are dropped (0: unlimited).
    public var levelsOfUndo: Int

    /// Creates an empty history.
    public init(levelsOfUndo: Int = 0) { self.levelsOfUndo = levelsOfUndo }

    /// Whether there is a group to undo.
    public var canUndo: Bool { !undoGroups.isEmpty || !openGroup.isEmpty }
    /// Whether there is a group to redo.
    public var canRedo: Bool { !redoGroups.isEmpty }

    /// Starts a group; changes until the matching ``endGrouping()`` undo together.
    public func beginGrouping() {
        if openDepth == 0 { closeOpenGroup() }
        openDepth += 1
    }

    /// Ends the group started by ``beginGrouping()``.
    ///
    /// - Returns: Whether the group recorded any change (only an outermost group can tell;
    ///   nested ones return `false`). An empty group leaves no undo step behind.
    @discardableResult
    public func endGrouping() -> Bool {
        guard openDepth > 0 else { return false }
        openDepth -= 1
        guard openDepth == 0 else { return false }
        let recorded = !openGroup.isEmpty
        closeOpenGroup()
        return recorded
    }

    /// Forgets all history.
    public func removeAllActions() {
        undoGroups = []
        redoGroups = []
        openGroup = []
    }

    func record(_ action: UndoAction) {
        switch replaying {
        case .undo, .redo: openGroup.append(action)
        case .none:
            openGroup.append(action)
            redoGroups = []
        }
    }

    func closeOpenGroup() {
        guard !openGroup.isEmpty else { return }
        undoGroups.append(openGroup)
        openGroup = []
        if levelsOfUndo > 0, undoGroups.count > levelsOfUndo { undoGroups.removeFirst() }
    }
}
