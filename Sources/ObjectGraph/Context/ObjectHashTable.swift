// Unsafe: slots hold their objects unretained (`Unmanaged`: alive while registered, see `ObjectRegistry`), and
// probing runs over unsafe buffer pointers, without bounds checks.

/// The objects of a context whose IDs ``PrimaryKeyTable`` does not hold (temporary IDs, large
/// primary keys), one per ID.
///
/// An open-addressing hash table of object references, keyed by each object's own
/// ``ManagedObject/objectID``: finding an object hashes two machine words with one
/// multiplication, where a `Dictionary` would store the key beside the object and run SipHash
/// over it. Each slot keeps 32 bits of its object's hash beside the reference, so that probing,
/// removing and growing never read the objects themselves (a cache miss each): only a slot
/// whose hash matches is compared by ID. Slots do not retain their objects (see
/// ``ObjectRegistry``).
struct ObjectHashTable: Sequence {
    /// One place in the table.
    private struct Slot {
        /// The low bits of the object's hash with ``ObjectHashTable/occupied`` set, or 0 when
        /// the slot is empty.
        var hash: UInt32 = 0
        /// The object, when the slot is occupied: unretained, and alive as long as it is here (see
        /// ``ObjectRegistry``), so every slot's object may be read.
        var object: Unmanaged<ManagedObject>?
    }

    /// Power-of-two many slots, at most three quarters full; an object sits in the first free
    /// slot at or after its hash (linear probing).
    private var slots: ContiguousArray<Slot>
    /// How many objects are registered.
    private(set) var count = 0

    /// The bit marking a slot's hash as occupied; the bits below it place the object.
    private static let occupied: UInt32 = 1 << 31

    /// How many slots an empty table has.
    private static let initialSize = 16

    /// An empty table.
    init() {
        slots = ContiguousArray(repeating: Slot(), count: Self.initialSize)
    }

    /// The stored hash of `id`: never 0.
    private static func storedHash(of id: ManagedObjectID) -> UInt32 {
        UInt32(truncatingIfNeeded: id.tableHash) | occupied
    }

    /// The slot a stored hash starts probing at.
    private static func home(of hash: UInt32, mask: Int) -> Int {
        Int(hash & ~occupied) & mask
    }

    /// The slot holding `id`, or the empty slot where probing for it stopped.
    private func find(_ id: ManagedObjectID, hash: UInt32) -> (index: Int, found: Bool) {
        // No bounds checks needed: `index` is masked into the power-of-two table, and probing stops at an empty
        // slot, which a table at most three quarters full always has.
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Self.home(of: hash, mask: mask)
            while true {
                let stored = slots[index].hash
                if stored == 0 { return (index, false) }
                if stored == hash, slots[index].object!._withUnsafeGuaranteedRef({ $0.objectID == id }) {
                    return (index, true)
                }
                index = (index + 1) & mask
            }
        }
    }

    /// The registered object with `id`, if any.
    subscript(id: ManagedObjectID) -> ManagedObject? {
        let (index, found) = find(id, hash: Self.storedHash(of: id))
        return found ? slots[index].object?.takeUnretainedValue() : nil
    }

    /// Registers `object` under its current ID, replacing any object registered with that ID.
    mutating func insert(_ object: ManagedObject) {
        if (count + 1) * 4 > slots.count * 3 { resize(to: slots.count * 2) }
        let hash = Self.storedHash(of: object.objectID)
        let (index, found) = find(object.objectID, hash: hash)
        slots[index] = Slot(hash: hash, object: Unmanaged.passUnretained(object))
        if !found { count += 1 }
    }

    /// Forgets the object registered with `id`, if any: any object, or only `object`.
    mutating func remove(_ id: ManagedObjectID, onlyIf object: ManagedObject? = nil) {
        let (hole, found) = find(id, hash: Self.storedHash(of: id))
        guard found, object.map(slots[hole].object!.refers) ?? true else { return }
        removeSlot(hole)
    }

    /// Forgets `objects` (those registered), visiting their slots about in table order.
    ///
    /// Each probe then lands next to the previous one instead of at a random slot (a cache
    /// miss). The objects are put in order by a counting sort on their slots' high bits, and
    /// their slots matched by identity.
    mutating func remove(_ objects: [ManagedObject]) {
        let mask = slots.count - 1
        // Read in the objects' order (about memory order), so that the sweep reads no object.
        let hashes = objects.map { Self.storedHash(of: $0.objectID) }
        for position in Self.order(hashes, mask: mask) {
            let hash = hashes[position]
            var index = Self.home(of: hash, mask: mask)
            while slots[index].hash != 0 {
                if slots[index].hash == hash, slots[index].object!.refers(to: objects[position]) {
                    removeSlot(index)
                    break
                }
                index = (index + 1) & mask
            }
        }
        // A save moves every new object to its permanent ID: give the emptied table's memory back.
        if count == 0 && slots.count > Self.initialSize { self = ObjectHashTable() }
    }

    /// The positions of `hashes` in about the order of their slots: by buckets of 64 slots
    /// (1 KiB of table each), with a counting sort; as they are when they are few.
    private static func order(_ hashes: [UInt32], mask: Int) -> [Int] {
        guard hashes.count > 64 else { return Array(hashes.indices) }
        let shift = 6
        var starts = [Int](repeating: 0, count: ((mask + 1) >> shift) + 1)
        for hash in hashes { starts[(home(of: hash, mask: mask) >> shift) + 1] += 1 }
        for bucket in starts.indices.dropFirst() { starts[bucket] += starts[bucket - 1] }
        var order = [Int](repeating: 0, count: hashes.count)
        for (position, hash) in hashes.enumerated() {
            let bucket = home(of: hash, mask: mask) >> shift
            order[starts[bucket]] = position
            starts[bucket] += 1
        }
        return order
    }

    /// Empties slot `hole`, moving back the objects after it that would no longer be found.
    private mutating func removeSlot(_ hole: Int) {
        var hole = hole
        slots[hole] = Slot()
        count -= 1
        // Move back the objects after the hole that would no longer be found past it.
        let mask = slots.count - 1
        var index = (hole + 1) & mask
        while slots[index].hash != 0 {
            let home = Self.home(of: slots[index].hash, mask: mask)
            let reachable = hole <= index ? (hole < home && home <= index) : (hole < home || home <= index)
            if !reachable {
                slots.swapAt(hole, index)
                hole = index
            }
            index = (index + 1) & mask
        }
    }

    /// Iterates over every registered object, in no particular order.
    func makeIterator() -> some IteratorProtocol<ManagedObject> {
        slots.lazy.compactMap { $0.object?.takeUnretainedValue() }.makeIterator()
    }

    /// Moves every object to a table of `size` slots, placing them by their stored hashes, so
    /// that no object is read.
    private mutating func resize(to size: Int) {
        var old = ContiguousArray(repeating: Slot(), count: size)
        swap(&old, &slots)
        let mask = size - 1
        // Both tables are this call's alone while it runs; indices are `old`'s own, or masked into the new table,
        // which has more empty slots than `old` has objects (probing stops at one). References move as they are.
        slots.withUnsafeMutableBufferPointer { slots in
            old.withUnsafeMutableBufferPointer { old in
                for oldIndex in old.indices where old[oldIndex].hash != 0 {
                    var index = Self.home(of: old[oldIndex].hash, mask: mask)
                    while slots[index].hash != 0 { index = (index + 1) & mask }
                    slots[index].hash = old[oldIndex].hash
                    slots[index].object = old[oldIndex].object
                }
            }
        }
    }
}
