/// One object's net change over a group of the undo history (see
/// ``UndoStack/lastGroupChanges`` and ``UndoStack/lastUndoChanges``): inserted, deleted, or
/// updated, with each attribute and to-one whose value the group changed.
///
/// Changes to to-many relationships are not listed: each is the inverse of a to-one, listed on
/// the other side (or of another to-many).
public struct ObjectChange {
    /// How the object changed.
    public enum Kind: Sendable {
        /// The group made it (or undid its delete).
        case inserted
        /// It was there before and after, with other values.
        case updated
        /// The group deleted it (or undid its insert).
        case deleted
    }

    /// One attribute or to-one whose value the group changed.
    public struct Value {
        /// The property's name.
        public let key: String
        /// The value before the group: an attribute's Swift value (as
        /// ``ManagedObject/value(forKey:)`` gives it), a to-one's object, or `nil`.
        public let old: Any?
        /// The value after the group, in the same form.
        public let new: Any?
    }

    /// The object.
    public let object: ManagedObject
    /// How it changed.
    public let kind: Kind
    /// The attributes and then the to-ones whose value differs from before the group, in the
    /// entity's order; an inserted object's are those not left at their default; empty for a
    /// deleted object.
    public let values: [Value]
}

@available(*, unavailable)
extension ObjectChange: Sendable {}

@available(*, unavailable)
extension ObjectChange.Value: Sendable {}
