// Unsafe: the registry holds its objects unretained (`Unmanaged`, in both of its tables), so that registering
// and finding objects costs no reference counting; the invariant is in `ObjectRegistry`'s comment.

/// The objects a context knows, one per ID: the context's uniquing table.
///
/// The registry does not keep its objects alive, as a context by default does not
/// (``ManagedObjectContext/retainsRegisteredObjects``): an object leaves it as it goes
/// (``forget(_:)``, from the object's `deinit`), so that every object it holds is alive. It
/// changes no reference count when it registers, finds by key, moves or forgets objects, and
/// so never runs a `deinit` itself. Reading it hands out strong references; ``allObjects``
/// takes all of them at once, for loops whose work may let objects go.
///
/// That every registered object is alive is what makes the tables' unretained references safe: an
/// object's `deinit` forgets it before its memory goes, on the context's thread, the only one that
/// reads the registry (``ManagedObject``'s `deinit`, reaching the context through ``ContextLink``).
/// For that `deinit` to find it, the context removes an object before it clears the object's link
/// (detaching it) or changes its ID (a save); once it has cleared its own link (going, or in
/// ``ManagedObjectContext/reset()``), it never reads that registry again.
///
/// Objects with small primary keys, most of a store's, are kept in a ``PrimaryKeyTable``,
/// indexed by their keys; the others (new objects' temporary IDs, large keys) in an
/// ``ObjectHashTable``. Until the registry first holds ``keyedThreshold`` objects, all are in
/// the hash table: for a context that reads a few objects, a few hashed slots cost less than
/// pages of slots.
struct ObjectRegistry {
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
    @inline(__always)
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

    /// The object registered with `id`, or else the one `make` returns, registered.
    ///
    /// The object `make` returns must have the ID `id`. One look-up serves both, in the key
    /// table. Inlined, so that `make` retains nothing it captures (passed to a call, a closure
    /// retains its captures).
    ///
    /// - Precondition: `make` registers and forgets no object.
    @inline(__always)
    mutating func object(with id: ManagedObjectID, orRegister make: () -> ManagedObject) -> ManagedObject {
        guard let key = key(of: id) else {
            if let object = hashed[id] { return object }
            let object = make()
            insert(object)
            return object
        }
        return keyed.object(root: id.rootIdentity, key: key, orRegister: make)
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

    /// Forgets `object` if it is registered (under its current ID), and no other object.
    mutating func forget(_ object: ManagedObject) {
        let id = object.objectID
        if let key = key(of: id) {
            keyed.remove(root: id.rootIdentity, key: key, onlyIf: object)
        } else {
            hashed.remove(id, onlyIf: object)
        }
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

    /// Every registered object, held: unlike the registry, the array keeps them alive while
    /// the caller works on them.
    var allObjects: [ManagedObject] { Array(keyed) + Array(hashed) }
}

extension Unmanaged where Instance == ManagedObject {
    /// Whether this is a reference to `object`, compared by address, without touching the
    /// object referred to (which a registry slot may not keep alive).
    ///
    /// Safe for any slot: it reads the reference's bits only, never the object.
    func refers(to object: ManagedObject) -> Bool {
        toOpaque() == Unmanaged.passUnretained(object).toOpaque()
    }
}
