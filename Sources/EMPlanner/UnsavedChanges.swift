import ObjectGraph

/// The unsaved changes of a tournament at one moment — which objects are inserted, updated or
/// deleted, and their changed values — to compare with another moment.
public struct UnsavedChanges {
    /// How an object differs from the store.
    public enum Kind: Int, Comparable, Sendable {
        /// New, not in the store yet.
        case inserted
        /// In the store, with changed values.
        case updated
        /// In the store, to be deleted.
        case deleted

        /// Inserts first, then updates, then deletes.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One changed object.
    public struct Change {
        /// The object.
        public let object: TournamentObject
        /// How it differs from the store.
        public let kind: Kind
        /// What the object is, in a few words (``Tournament/label(of:)``), as it was when the
        /// changes were taken (an insert undone leaves an object without values).
        public let label: String
    }

    private struct Entry {
        let change: Change
        /// The changed values as text, to tell a further change of an updated object.
        let fingerprint: String
    }

    private let entries: [ObjectIdentifier: Entry]

    /// Takes the pending changes of `context`.
    ///
    /// - Parameters:
    ///   - context: The context.
    ///   - label: What an object is, in a few words.
    /// - Complexity: O(*n*) in the number of changed objects.
    init(of context: ManagedObjectContext, label: (ManagedObject) -> String) {
        var entries: [ObjectIdentifier: Entry] = [:]
        let kinds: [(Set<ManagedObject>, Kind)] = [
            (context.insertedObjects, .inserted), (context.updatedObjects, .updated), (context.deletedObjects, .deleted),
        ]
        for (objects, kind) in kinds {
            for object in objects {
                entries[ObjectIdentifier(object)] = Entry(
                    change: Change(object: object, kind: kind, label: label(object)),
                    fingerprint: Self.fingerprint(of: object))
            }
        }
        self.entries = entries
    }

    /// Every pending change, inserts first, then updates, then deletes.
    public var all: [Change] {
        Self.ordered(entries.values.map(\.change))
    }

    /// The changes made since `earlier`: objects newly inserted, updated or deleted, updated
    /// objects whose values changed again, and inserted objects that are gone again (reported
    /// as deleted).
    ///
    /// - Parameter earlier: The unsaved changes at an earlier moment of the same tournament.
    public func changes(since earlier: UnsavedChanges) -> [Change] {
        var changes: [Change] = []
        for (id, entry) in entries {
            let old = earlier.entries[id]
            if old?.change.kind != entry.change.kind || old?.fingerprint != entry.fingerprint {
                changes.append(entry.change)
            }
        }
        for (id, old) in earlier.entries where entries[id] == nil {
            let kind: Kind = old.change.kind == .inserted ? .deleted : .updated
            changes.append(Change(object: old.change.object, kind: kind, label: old.change.label))
        }
        return Self.ordered(changes)
    }

    private static func ordered(_ changes: [Change]) -> [Change] {
        changes.sorted {
            ($0.kind, $0.object.entity.name, $0.label) < ($1.kind, $1.object.entity.name, $1.label)
        }
    }

    private static func fingerprint(of object: ManagedObject) -> String {
        object.changedValues()
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\(String(describing: $0.value))" }
            .joined(separator: "\u{1F}")
    }
}

@available(*, unavailable)
extension UnsavedChanges: Sendable {}
