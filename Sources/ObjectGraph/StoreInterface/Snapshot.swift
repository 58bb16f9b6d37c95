// Unsafe: rows live in shared `ManagedBuffer` blocks, initialized and read through raw element pointers without
// bounds checks, and `Snapshot` is `@unchecked Sendable`. Invariants: at `Snapshot`, `slot(_:)`, `SnapshotRows`
// and `SnapshotBuilder.append`.

/// The saved state of one object, as a store reads it: the row's version, its attribute values
/// and the IDs of its to-one destinations.
///
/// A snapshot does not change once made; a changed row gets a new one. Objects share the
/// snapshot they were loaded from and read their values from it until they change.
///
/// A snapshot is a view of one row of a block (``SnapshotRows``): the rows a store reads
/// together share a few allocations, instead of one each.
///
/// `@unchecked Sendable` (the block is a class): a snapshot changes nothing, its row's slots are
/// all written before it is made, and rows made later go to other slots of the block, whose count
/// only its `deinit` reads.
struct Snapshot: @unchecked Sendable {
    /// One value: an attribute's, or a to-one's destination (`nil` in a to-many's slot).
    enum Slot {
        case value(AttributeValue)
        case reference(ManagedObjectID?)
    }

    /// The block holding the row.
    private let rows: SnapshotRows
    /// Where the row starts in the block: its version, then its attributes, then its
    /// relationships.
    private let start: Int32
    /// How many attribute slots follow the version.
    private let attributeCount: UInt16
    /// How many relationship slots follow the attributes.
    private let relationshipCount: UInt16

    fileprivate init(rows: SnapshotRows, start: Int, attributeCount: Int, relationshipCount: Int) {
        self.rows = rows
        self.start = Int32(start)
        self.attributeCount = UInt16(attributeCount)
        self.relationshipCount = UInt16(relationshipCount)
    }

    /// A snapshot of an entity with `attributeCount` attributes and `relationshipCount`
    /// relationships, in a block of its own; `initialize` must initialize every slot
    /// (attributes first, then relationships, by storage index) exactly once.
    static func make(
        version: Int64, attributeCount: Int, relationshipCount: Int,
        initializingSlotsWith initialize: (UnsafeMutablePointer<Slot>) -> Void
    ) -> Snapshot {
        var builder = SnapshotBuilder(firstBlockRows: 1)
        return builder.append(
            version: version, attributeCount: attributeCount, relationshipCount: relationshipCount,
            initializingSlotsWith: initialize)
    }

    /// A snapshot holding `attributes` and `toOne`, by storage index.
    static func make(version: Int64, attributes: [AttributeValue], toOne: [ManagedObjectID?]) -> Snapshot {
        make(version: version, attributeCount: attributes.count, relationshipCount: toOne.count) { slots in
            for (index, value) in attributes.enumerated() { (slots + index).initialize(to: .value(value)) }
            for (index, id) in toOne.enumerated() { (slots + attributes.count + index).initialize(to: .reference(id)) }
        }
    }

    /// The slot `offset` places after the row's start.
    ///
    /// Not bounds-checked: callers pass storage indices of the entity the row is of, and a snapshot
    /// only reaches objects of that entity (a row read from a store must pass
    /// ``ManagedObject/fits(_:)``; a save makes an object's snapshot from the object).
    private func slot(_ offset: Int) -> Slot {
        rows.withUnsafeMutablePointerToElements { $0[Int(start) + offset] }
    }

    /// The row's version (`Z_OPT`).
    var version: Int64 {
        guard case .value(.integer(let version)) = slot(0) else { return 0 }
        return version
    }

    /// The value of the attribute at `index` (its ``AttributeDescription/storageIndex``);
    /// transient attributes are `.null`.
    func attribute(_ index: Int) -> AttributeValue {
        guard case .value(let value) = slot(1 + index) else { return .null }
        return value
    }

    /// The destination of the to-one at `index` (its ``RelationshipDescription/storageIndex``).
    func toOne(_ index: Int) -> ManagedObjectID? {
        guard case .reference(let id) = slot(1 + Int(attributeCount) + index) else { return nil }
        return id
    }

    /// All attribute values, by storage index.
    var attributes: [AttributeValue] {
        (0..<Int(attributeCount)).map(attribute)
    }

    /// All to-one destinations, by storage index (`nil` in to-many slots).
    var toOnes: [ManagedObjectID?] {
        (0..<Int(relationshipCount)).map(toOne)
    }

    /// A copy with some values replaced and the version raised by one: the row after an update.
    func updated(
        attributes changedAttributes: [(Int, AttributeValue)], toOne changedToOnes: [(Int, ManagedObjectID?)]
    ) -> Snapshot {
        var attributes = self.attributes
        var toOnes = self.toOnes
        for (index, value) in changedAttributes { attributes[index] = value }
        for (index, id) in changedToOnes { toOnes[index] = id }
        return Snapshot.make(version: version + 1, attributes: attributes, toOne: toOnes)
    }
}

/// A block of rows read together, each a version slot followed by the row's slots.
///
/// Its ``Snapshot``s keep it alive. Rows are only ever appended (by ``SnapshotBuilder``),
/// before any snapshot of theirs is handed out.
final class SnapshotRows: ManagedBuffer<Int, Snapshot.Slot> {
    // The header counts the initialized slots: the first that many, as a row's slots are all initialized before
    // they are counted (see `SnapshotBuilder.append`).

    deinit {
        withUnsafeMutablePointers { count, slots in
            // Slot by slot, so that the compiler destroys each with code for `Slot`, not the
            // run time's generic array destruction (several times slower per slot).
            for index in 0..<count.pointee { _ = (slots + index).move() }
        }
    }
}

/// Makes the snapshots of rows read one after the other, packing them into blocks.
///
/// The first block holds `firstBlockRows` rows of the first row's size, each next one twice as
/// many, up to 128. A few rows (one object's to-many) cost a small block; a large fetch, one
/// allocation per 128 rows.
struct SnapshotBuilder {
    /// The most rows a block holds.
    private static let maximumBlockRows = 128
    /// How many rows the next block holds.
    private var blockRows: Int
    private var block: SnapshotRows?
    /// Slots left in `block`.
    private var free = 0
    /// Slots filled in `block` (its header too, which reading would cost a run-time
    /// exclusivity check).
    private var used = 0

    /// A builder whose first block holds `firstBlockRows` rows.
    init(firstBlockRows: Int = 8) {
        blockRows = max(1, firstBlockRows)
    }

    /// The snapshot of the next row; `initialize` must initialize every slot (attributes
    /// first, then relationships, by storage index) exactly once.
    mutating func append(
        version: Int64, attributeCount: Int, relationshipCount: Int,
        initializingSlotsWith initialize: (UnsafeMutablePointer<Snapshot.Slot>) -> Void
    ) -> Snapshot {
        let width = 1 + attributeCount + relationshipCount
        if block == nil || free < width {
            // `create` makes an instance of the class it is called on: the downcast cannot fail.
            block = unsafeDowncast(
                SnapshotRows.create(minimumCapacity: width * blockRows) { _ in 0 }, to: SnapshotRows.self)
            free = width * blockRows
            used = 0
            blockRows = min(blockRows * 2, Self.maximumBlockRows)
        }
        free -= width
        let start = used
        used += width
        // The block is written in place. The builder holds it, but may itself be dead once
        // this call returns (a snapshot made on its own), so its lifetime is extended
        // explicitly rather than assumed. (It is not `nil`: made above if it was.) The row's
        // `width` slots are free (`free` counted them), and counted only once `initialize` has
        // initialized them all, as it must.
        return withExtendedLifetime(block.unsafelyUnwrapped) { block in
            block.withUnsafeMutablePointers { count, slots in
                (slots + start).initialize(to: .value(.integer(version)))
                initialize(slots + start + 1)
                count.pointee += width
            }
            return Snapshot(rows: block, start: start, attributeCount: attributeCount, relationshipCount: relationshipCount)
        }
    }
}
