/// One destination of a to-many relationship as a store reads it: the source it belongs to and
/// the destination's saved state.
struct RelatedRow {
    /// The source's position in the sources the store was asked about.
    var source: Int
    var destination: ManagedObjectID
    var snapshot: Snapshot
}

/// What a fetch asks of a store.
struct StoreRequest {
    /// The fetched entity.
    var entity: EntityDescription
    /// Whether sub-entities' objects match too.
    var includesSubentities: Bool
    /// The condition, already free of variables.
    var predicate: FetchPredicate?
    /// Sort keys.
    var orderings: [FetchOrdering]
    /// Most rows to return (0: all).
    var limit: Int
    /// Rows to skip.
    var offset: Int
}

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
    /// A saved row that rows of this save point at without writing it.
    struct Reference {
        var id: ManagedObjectID
        /// The version it must still be at (a one-to-one's destination, which must still
        /// point back as read); `nil` when it only has to exist.
        var version: Int64?
    }
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
            && removedLinks.isEmpty
    }
}

/// The saved destinations of a one-to-many relationship of one source, by ID.
struct DestinationIDs {
    var ids: [ManagedObjectID]
    /// The store's data version when they were read, which changes with every change to the
    /// store (``StoreChanges/OwnedRows/listedAt``); `nil` when the store keeps none.
    var dataVersion: UInt32?
}

/// A place objects are saved to: the SQLite store or the in-memory store.
protocol PersistentStore: AnyObject {
    /// The store's UUID, part of every permanent object ID's URI.
    var identifier: String { get }
    /// The number standing for ``identifier`` in permanent object IDs (``StoreTags``).
    var tag: UInt16 { get }
    /// Whether the store evaluates predicates and orderings itself; when not, it returns all
    /// objects of the entity and the context filters and sorts them in memory.
    var evaluatesPredicates: Bool { get }
    /// IDs of the matching objects, in order.
    func fetchIDs(_ request: StoreRequest) throws -> [ManagedObjectID]
    /// The matching objects with their saved state, in order.
    func fetchSnapshots(_ request: StoreRequest) throws -> FetchedRows
    /// How many objects match.
    func count(_ request: StoreRequest) throws -> Int
    /// How many matching objects yield each value of `key`; values that compare equal are
    /// counted together. Only asked of a store that ``evaluatesPredicates``.
    func counts(_ request: StoreRequest, groupedBy key: GroupingKeyPath) throws -> [KeyPathValue: Int]
    /// The saved state of the given objects, in no particular order; missing ones are absent
    /// from the result.
    func snapshots(for ids: [ManagedObjectID]) throws -> [(ManagedObjectID, Snapshot)]
    /// The saved destinations of a to-many relationship for each of the given sources, with
    /// their saved state, in one query (per chunk of sources).
    func destinations(of relationship: RelationshipDescription, for sources: [ManagedObjectID]) throws -> [RelatedRow]
    /// The IDs of the saved destinations of a one-to-many relationship of `source`, in key
    /// order, without their rows.
    func destinationIDs(of relationship: RelationshipDescription, for source: ManagedObjectID) throws -> DestinationIDs
    /// Writes all changes in one transaction, all or nothing.
    ///
    /// - Returns: The permanent ID given to each inserted object, by its temporary ID.
    func save(_ changes: StoreChanges) throws -> PermanentIDs
}
