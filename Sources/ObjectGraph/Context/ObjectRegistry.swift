/// The objects a context knows, one per ID: the context's uniquing table.
///
/// An open-addressing hash table of object references, keyed by each object's own
/// ``ManagedObject/objectID``: finding an object hashes two machine words with one
/// multiplication, where a `Dictionary` would store the key beside the object and run SipHash
/// over it. Each slot keeps 32 bits of its object's hash beside the reference, so that probing,
/// removing and growing never touch the objects themselves (a cache miss each): only a slot
/// whose hash matches is compared by ID.
struct ObjectRegistry: Sequence {
    /// Power-of-two many slots, at most three quarters full; an object sits in the first free
    /// slot at or after its hash (linear probing).
    private var slots: ContiguousArray<ManagedObject?>
    /// For each slot, the low bits of its object's hash with ``occupied`` set, or 0 when empty.
    private var hashes: ContiguousArray<UInt32>
    /// How many objects are registered.
    private(set) var count = 0

    /// The bit marking a slot's hash as occupied; the bits below it place the object.
    private static let occupied: UInt32 = 1 << 31

    /// How many slots an empty registry has.
    private static let initialSize = 16

    /// An empty registry.
    init() {
        slots = ContiguousArray(repeating: nil, count: Self.initialSize)
        hashes = ContiguousArray(repeating: 0, count: Self.initialSize)
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
        let mask = hashes.count - 1
        var index = Self.home(of: hash, mask: mask)
        while true {
            let stored = hashes[index]
            if stored == 0 { return (index, false) }
            if stored == hash, slots[index]!.objectID == id { return (index, true) }
            index = (index + 1) & mask
        }
    }

    /// The registered object with `id`, if any.
    subscript(id: ManagedObjectID) -> ManagedObject? {
        let (index, found) = find(id, hash: Self.storedHash(of: id))
        return found ? slots[index] : nil
    }

    /// Registers `object` under its current ID, replacing any object registered with that ID.
    mutating func insert(_ object: ManagedObject) {
        if (count + 1) * 4 > slots.count * 3 { resize(to: slots.count * 2) }
        let hash = Self.storedHash(of: object.objectID)
        let (index, found) = find(object.objectID, hash: hash)
        slots[index] = object
        hashes[index] = hash
        if !found { count += 1 }
    }

    /// Forgets the object registered with `id`, if any.
    mutating func remove(_ id: ManagedObjectID) {
        var (hole, found) = find(id, hash: Self.storedHash(of: id))
        guard found else { return }
        slots[hole] = nil
        hashes[hole] = 0
        count -= 1
        // Move back the objects after the hole that would no longer be found past it.
        let mask = hashes.count - 1
        var index = (hole + 1) & mask
        while hashes[index] != 0 {
            let home = Self.home(of: hashes[index], mask: mask)
            let reachable = hole <= index ? (hole < home && home <= index) : (hole < home || home <= index)
            if !reachable {
                slots.swapAt(hole, index)
                hashes.swapAt(hole, index)
                hole = index
            }
            index = (index + 1) & mask
        }
    }

    /// Makes room for `capacity` objects in all.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = slots.count
        while capacity * 4 > size * 3 { size *= 2 }
        if size > slots.count { resize(to: size) }
    }

    /// Forgets every object, releasing them slot by slot: code specialised for object
    /// references, where destroying the table would go through the run time's generic
    /// destruction, several times slower per slot.
    mutating func removeAll() {
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices { slots[index] = nil }
        }
        // Emptied in place, the old buffer is freed with no element left to destroy.
        slots.removeAll(keepingCapacity: true)
        slots = ContiguousArray(repeating: nil, count: Self.initialSize)
        hashes = ContiguousArray(repeating: 0, count: Self.initialSize)
        count = 0
    }

    /// Iterates over every registered object, in no particular order.
    func makeIterator() -> some IteratorProtocol<ManagedObject> {
        slots.lazy.compactMap { $0 }.makeIterator()
    }

    /// Moves every object to a table of `size` slots, placing them by their stored hashes and
    /// moving the references, so that no object is read and no reference count changes.
    private mutating func resize(to size: Int) {
        var oldSlots = ContiguousArray<ManagedObject?>(repeating: nil, count: size)
        var oldHashes = ContiguousArray<UInt32>(repeating: 0, count: size)
        swap(&oldSlots, &slots)
        swap(&oldHashes, &hashes)
        let mask = size - 1
        slots.withUnsafeMutableBufferPointer { newSlots in
            hashes.withUnsafeMutableBufferPointer { newHashes in
                oldSlots.withUnsafeMutableBufferPointer { oldSlots in
                    for (oldIndex, hash) in oldHashes.enumerated() where hash != 0 {
                        var index = Self.home(of: hash, mask: mask)
                        while newHashes[index] != 0 { index = (index + 1) & mask }
                        newHashes[index] = hash
                        let slot = oldSlots.baseAddress! + oldIndex
                        newSlots[index] = slot.move()
                        slot.initialize(to: nil)
                    }
                }
            }
        }
        // Every old slot is nil now: emptied in place, the old table is freed with no element
        // left to destroy.
        oldSlots.removeAll(keepingCapacity: true)
    }
}
