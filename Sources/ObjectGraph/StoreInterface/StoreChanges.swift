/// Everything one save writes.
struct StoreChanges {
    /// A new row.
    struct Insert {
        var id: ManagedObjectID
        /// Values by storage index; those of transient attributes are not written.
        var attributes: [AttributeValue]
        /// Where the row's to-one destinations start in ``StoreChanges/insertedToOnes``: one per
        /// relationship, by storage index (`nil` for a to-many).
        var toOneStart: Int
    }
    /// Changed columns of an existing row, guarded by the version read.
    struct Update {
        var id: ManagedObjectID
        var version: Int64
        var attributes: [(AttributeDescription, AttributeValue)]
        var toOne: [(RelationshipDescription, ManagedObjectID?)]
    }
    /// A removed row, guarded by the version read.
    struct Delete {
        var id: ManagedObjectID
        /// The version the context read; `nil` for a row it never read (a member a cascade
        /// deletes by ID, see ``RelationshipDescription/cascadesToMembersByID``), deleted at
        /// whatever version it has.
        var version: Int64?
    }
    /// All the saved rows that name one owner through a to-one whose inverse cascades, deleted
    /// with the owner: a store may delete them by their foreign key at once, provided it finds
    /// exactly these rows at these versions (anything else is a conflict).
    struct OwnedRows {
        /// The rows' to-one naming the owner (whose inverse is the cascading to-many).
        var relationship: RelationshipDescription
        var owner: ManagedObjectID
        var rows: [Delete]
        /// Set when the rows are exactly those the context listed by ID (``DestinationIDs``),
        /// at this data version of the store: if the store has not changed since, they are
        /// still all of the owner's rows, and a store may delete them unchecked.
        var listedAt: UInt32? = nil
    }
    /// A link added to or removed from a many-to-many relationship.
    struct Link: Hashable {
        var relationship: RelationshipDescription
        var source: ManagedObjectID
        var destination: ManagedObjectID

        static func == (a: Link, b: Link) -> Bool {
            a.relationship === b.relationship && a.source == b.source && a.destination == b.destination
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(relationship))
            hasher.combine(source)
            hasher.combine(destination)
        }
    }

    /// Who writes the changes, for the store's persistent history.
    var labels = HistoryLabels()
    var inserts: [Insert] = []
    /// The to-one destinations of all inserts, in one array rather than one per insert.
    var insertedToOnes: [ManagedObjectID?] = []
    var updates: [Update] = []
    /// Rows deleted one by one.
    var deletes: [Delete] = []
    /// Rows deleted with their owner, by owner.
    var ownedDeletes: [OwnedRows] = []
    var addedLinks: [Link] = []
    var removedLinks: [Link] = []
    /// The members of an ordered to-many of one object, in order, written as their positions
    /// once the links and foreign keys are.
    struct Ordering {
        var relationship: RelationshipDescription
        var owner: ManagedObjectID
        var members: [ManagedObjectID]
    }
    var orderings: [Ordering] = []
    /// A saved row that rows of this save point at without writing it.
    struct Reference {
        var id: ManagedObjectID
        /// The version it must still be at (a one-to-one's destination, which must still
        /// point back as read); `nil` when it only has to exist.
        var version: Int64?
    }
    /// Saved objects whose only changes are to their to-manys: the save writes other rows
    /// (members' foreign keys, links), not theirs; the history records them as updated.
    var toManyOwners: [ManagedObjectID] = []
    /// Saved rows this save points at without writing them.
    ///
    /// They are the objects whose to-manys changed (their new members' foreign keys, join-table
    /// links name them) and the destinations of the to-ones it writes. Another save may have
    /// deleted them (or, for a one-to-one, moved them): the save is then a conflict.
    var referenced: [Reference] = []

    /// The destination of `insert`'s to-one at `index` (its storage index).
    func toOne(_ index: Int, of insert: Insert) -> ManagedObjectID? {
        insertedToOnes[insert.toOneStart + index]
    }

    var isEmpty: Bool {
        inserts.isEmpty && updates.isEmpty && deletes.isEmpty && ownedDeletes.isEmpty && addedLinks.isEmpty
            && removedLinks.isEmpty && orderings.isEmpty
    }
}
