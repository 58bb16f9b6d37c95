/// The objects a context knows, one per ID: the context's uniquing table.
///
/// An open-addressing hash table of object references, keyed by each object's own
/// ``ManagedObject/objectID``: a slot is one pointer, and finding an object hashes two machine
/// words with one multiplication, where a `Dictionary` would store the key beside the object
/// and run SipHash over it.
struct ObjectRegistry: Sequence {
    /// Power-of-two many slots, at most three quarters full; an object sits in the first free
    /// slot at or after its hash (linear probing).
    private var slots: ContiguousArray<ManagedObject?>
    /// How many objects are registered.
    private(set) var count = 0

    /// An empty registry.
    init() {
        slots = ContiguousArray(repeating: nil, count: Self.initialSize)
    }

    /// How many slots an empty registry has.
    private static let initialSize = 16

    /// The registered object with `id`, if any.
    subscript(id: ManagedObjectID) -> ManagedObject? {
        let mask = slots.count - 1
        var index = id.tableHash & mask
        while let object = slots[index] {
            if object.objectID == id { return object }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Registers `object` under its current ID, replacing any object registered with that ID.
    mutating func insert(_ object: ManagedObject) {
        if (count + 1) * 4 > slots.count * 3 { resize(to: slots.count * 2) }
        let id = object.objectID
        let mask = slots.count - 1
        var index = id.tableHash & mask
        while let present = slots[index] {
            if present.objectID == id {
                slots[index] = object
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = object
        count += 1
    }

    /// Forgets the object registered with `id`, if any.
    mutating func remove(_ id: ManagedObjectID) {
        let mask = slots.count - 1
        var hole = id.tableHash & mask
        while true {
            guard let object = slots[hole] else { return }
            if object.objectID == id { break }
            hole = (hole + 1) & mask
        }
        slots[hole] = nil
        count -= 1
        // Move back the objects after the hole that would no longer be found past it.
        var index = (hole + 1) & mask
        while let object = slots[index] {
            let home = object.objectID.tableHash & mask
            let reachable = hole <= index ? (hole < home && home <= index) : (hole < home || home <= index)
            if !reachable {
                slots[hole] = object
                slots[index] = nil
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
        count = 0
    }

    /// Iterates over every registered object, in no particular order.
    func makeIterator() -> some IteratorProtocol<ManagedObject> {
        slots.lazy.compactMap { $0 }.makeIterator()
    }

    private mutating func resize(to size: Int) {
        let old = slots
        slots = ContiguousArray(repeating: nil, count: size)
        let mask = size - 1
        for case let object? in old {
            var index = object.objectID.tableHash & mask
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = object
        }
    }
}
