/// One object a user changed: added, updated (with each field before and after) or removed.
///
/// Only what a user changes counts: a player added is one change, not also one to his team,
/// whose list of players follows (the inverse side of a relationship is never a change of its
/// own; see ``Tournament/unsavedChanges``).
public struct TournamentChange {
    /// How the object changed.
    public enum Kind: Int, Comparable, Sendable {
        /// Added.
        case inserted
        /// Its values changed.
        case updated
        /// Removed.
        case deleted

        /// Inserts first, then updates, then deletes.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One field whose value changed, by the name em's options give it (`number`, `club`,
    /// `result`, `home`).
    public struct Field: Equatable, Sendable {
        /// The field's name.
        public let name: String
        /// The value before; `nil` for none (and for every field of an added object).
        public let old: FieldValue?
        /// The value after; `nil` for none.
        public let new: FieldValue?
    }

    /// The object, for the planner and its tests.
    let object: TournamentObject
    /// How it changed.
    public let kind: Kind
    /// What the object is, in a few words (``Lookup/label(of:)``); a removed object's as it
    /// was before.
    public let label: String
    /// The kind of object, its entity's name in lower case: `player`, `match`, `team`.
    public let entity: String
    /// What names the object to em, as its commands take it (``ChangeDescriber/identity(of:)``).
    public let identity: [(name: String, value: FieldValue)]
    /// The fields whose value changed: an added object's values; none for a removed one.
    public let fields: [Field]
}

@available(*, unavailable)
extension TournamentChange: Sendable {}
