/// The objects a context knows, one per ID: the context's uniquing table.
///
/// Objects with small primary keys, most of a store's, are kept in a ``PrimaryKeyTable``,
/// indexed by their keys; the others (new objects' temporary IDs, large keys) in an
/// ``ObjectHashTable``. Until the registry first holds ``keyedThreshold`` objects, all are in
/// the hash table: for a context that reads a few objects, a few hashed slots cost less than
/// pages of slots.
struct ObjectRegistry: Sequence {
    /// The objects whose primary keys index their slots, once ``usesKeys``.
    private var keyed = PrimaryKeyTable()
    /// The other objects.
    private var hashed = ObjectHashTable()
    /// Whether objects with small keys are in ``keyed``.
    private var usesKeys = false

    /// How many objects the hash table holds before objects with small keys move to ``keyed``.
    static let keyedThreshold = 64

    /// An empty registry.
    init() {}

    /// How many objects are registered.
    var count: Int { keyed.count + hashed.count }

    /// The key `id` has in ``keyed``, or `nil` when it belongs in ``hashed``.
    private func key(of id: ManagedObjectID) -> Int? {
        usesKeys ? PrimaryKeyTable.key(of: id) : nil
    }

    /// The registered object with `id`, if any.
    subscript(id: ManagedObjectID) -> ManagedObject? {
        if let key = key(of: id) { return keyed[id.rootIdentity, key] }
        return hashed[id]
    }

    /// Registers `object` under its current ID, replacing any object registered with that ID.
    mutating func insert(_ object: ManagedObject) {
        let id = object.objectID
        if let key = key(of: id) {
            keyed.insert(object, root: id.rootIdentity, key: key)
        } else {
            hashed.insert(object)
            useKeysIfLarge()
        }
    }

    /// The object registered with `id`, or else the one `make` returns (whose ID must be `id`),
    /// registered.
    mutating func object(with id: ManagedObjectID, orRegister make: () -> ManagedObject) -> ManagedObject {
        if let key = key(of: id) { return keyed.object(root: id.rootIdentity, key: key, orRegister: make) }
        let object = hashed.object(with: id, orRegister: make)
        useKeysIfLarge()
        return object
    }

    /// Moves the objects with small keys to ``keyed`` once the hash table holds
    /// ``keyedThreshold`` objects.
    private mutating func useKeysIfLarge() {
        guard !usesKeys, hashed.count >= Self.keyedThreshold else { return }
        usesKeys = true
        let moving = hashed.filter { PrimaryKeyTable.key(of: $0.objectID) != nil }
        hashed.remove(moving)
        for object in moving { insert(object) }
    }

    /// Forgets the object registered with `id`, if any.
    mutating func remove(_ id: ManagedObjectID) {
        if let key = key(of: id) {
            keyed.remove(root: id.rootIdentity, key: key)
        } else {
            hashed.remove(id)
        }
    }

    /// Forgets `objects` (those registered).
    mutating func remove(_ objects: [ManagedObject]) {
        var unkeyed: [ManagedObject] = []
        for object in objects {
            let id = object.objectID
            if let key = key(of: id) {
                keyed.remove(root: id.rootIdentity, key: key, onlyIf: object)
            } else {
                unkeyed.append(object)
            }
        }
        hashed.remove(unkeyed)
    }

    /// Forgets every object, releasing them page by page of memory, which is about the order
    /// they were made in: freeing objects in the tables' order would visit memory at random,
    /// a cache miss per object. `prepare` sees every object, in the same order, before any is
    /// released.
    mutating func removeAll(preparing prepare: (ManagedObject) -> Void = { _ in }) {
        let objects = UnsafeMutablePointer<ManagedObject>.allocate(capacity: count)
        defer { objects.deallocate() }
        let taken = keyed.moveAll(to: objects)
        let count = taken + hashed.moveAll(to: objects + taken)
        usesKeys = false
        Self.releaseInAddressOrder(objects, count: count, preparing: prepare)
    }

    /// Releases the `count` objects at `objects`, grouped by the 4 KiB page each starts in,
    /// lowest first: a counting sort on the page number, which is linear and reads no object.
    /// Objects spread over too many pages for that to pay are released in the given order.
    private static func releaseInAddressOrder(
        _ objects: UnsafeMutablePointer<ManagedObject>, count: Int, preparing prepare: (ManagedObject) -> Void
    ) {
        defer {
            for index in 0..<count { prepare(objects[index]) }
            for index in 0..<count { _ = (objects + index).move() }
        }
        // The pointers' bits, read without retaining the objects.
        let raw = UnsafeRawPointer(objects)
        let pages = (0..<count).map { raw.load(fromByteOffset: $0 * MemoryLayout<UInt>.stride, as: UInt.self) >> 12 }
        guard let first = pages.min(), let last = pages.max(), last - first < UInt(4 * count + 1024) else { return }
        var ends = [Int](repeating: 0, count: Int(last - first) + 1)
        for page in pages { ends[Int(page - first)] += 1 }
        for index in ends.indices.dropFirst() { ends[index] += ends[index - 1] }
        // Place each object in its page's run, moving it (no reference count changes), then
        // put the runs back in the buffer the deferred loop releases from.
        let sorted = UnsafeMutablePointer<ManagedObject>.allocate(capacity: count)
        defer { sorted.deallocate() }
        for index in stride(from: count - 1, through: 0, by: -1) {
            let position = Int(pages[index] - first)
            ends[position] -= 1
            (sorted + ends[position]).moveInitialize(from: objects + index, count: 1)
        }
        objects.moveInitialize(from: sorted, count: count)
    }

    /// Iterates over every registered object, in no particular order.
    func makeIterator() -> some IteratorProtocol<ManagedObject> {
        Chained(first: keyed.makeIterator(), second: hashed.makeIterator())
    }

    /// The elements of one iterator, then those of another.
    private struct Chained<First: IteratorProtocol<ManagedObject>, Second: IteratorProtocol<ManagedObject>>:
        IteratorProtocol
    {
        var first: First
        var second: Second

        mutating func next() -> ManagedObject? { first.next() ?? second.next() }
    }
}
