// Unsafe: pages of unretained objects (`Unmanaged`: alive while registered, see `ObjectRegistry`) in memory the
// table allocates and frees itself, reached through raw pointers; its shared storage skips exclusivity checks.

/// The objects of a context whose permanent IDs have small primary keys, one per ID: slots
/// indexed by the key itself, per inheritance root, in pages allocated as keys reach them.
///
/// Stores hand out primary keys in sequence, so the objects of a fetch fill neighbouring slots:
/// registering and finding them hashes nothing and reads memory in order, where a hash table
/// scatters them (a cache miss each). A slot also needs no key beside its object: its place is
/// the key. Keys at or above ``keyLimit`` belong in ``ObjectHashTable``, which bounds a root's
/// directory of pages. A page costs ``pageSize`` references however few of its keys are used:
/// 256 bytes for an object whose neighbours' keys are not registered, at worst.
///
/// Slots do not retain their objects (see ``ObjectRegistry``). The table is a value: a copy
/// shares the pages until one side changes.
struct PrimaryKeyTable: Sequence {
    /// The number of low key bits that place an object within its page.
    private static let pageBits = 5
    /// How many slots a page holds.
    static let pageSize = 1 << pageBits
    /// The keys this table holds are below this: 2²², a directory of at most 131,072 pages
    /// (1 MiB).
    static let keyLimit: Int64 = 1 << 22

    /// A page of ``PrimaryKeyTable/pageSize`` slots.
    ///
    /// Allocated and initialized whole by ``makePage(_:root:at:)``, freed only by ``Storage``'s `deinit`, and
    /// never moved: a pointer to a slot stays valid as long as the storage does.
    fileprivate typealias Page = UnsafeMutablePointer<Unmanaged<ManagedObject>?>

    /// The objects of one inheritance root (IDs of one root share its key space).
    fileprivate struct Root {
        /// The root entity's identity, as IDs hold it.
        let identity: ObjectIdentifier
        /// The number of the page at `pages[0]`: a context that reads a few rows with large
        /// keys needs no directory entries for the keys below them.
        var firstPage: Int
        /// The directory: page `firstPage + n` at `n`, holding the objects with keys from
        /// `(firstPage + n) × pageSize`, or `nil` until one of them is registered.
        ///
        /// Room for ``capacity`` entries, the first ``pageCount`` initialized; owned by the root's
        /// ``Storage``, which frees it (``cover(_:)`` moves it, never the pages).
        var pages: UnsafeMutablePointer<Page?>
        /// How many pages the directory covers.
        var pageCount: Int
        /// How many pages the directory has room for.
        var capacity: Int

        /// A root whose directory covers one page, `firstPage`, not yet made.
        init(identity: ObjectIdentifier, firstPage: Int) {
            self.identity = identity
            self.firstPage = firstPage
            pages = .allocate(capacity: 1)
            pages.initialize(to: nil)
            pageCount = 1
            capacity = 1
        }

        /// Extends the directory to cover page `number` (it does not make the page).
        mutating func cover(_ number: Int) {
            let low = Swift.min(number, firstPage)
            let count = Swift.max(number, firstPage + pageCount - 1) - low + 1
            if low == firstPage, count <= capacity {
                (pages + pageCount).initialize(repeating: nil, count: count - pageCount)
            } else {
                // Room to grow twice over at the end, where sequential keys go.
                let grown = low == firstPage ? Swift.max(count, 2 * capacity) : count
                let directory = UnsafeMutablePointer<Page?>.allocate(capacity: grown)
                directory.initialize(repeating: nil, count: count)
                (directory + (firstPage - low)).update(from: pages, count: pageCount)
                pages.deallocate()
                (pages, capacity, firstPage) = (directory, grown, low)
            }
            pageCount = count
        }

        /// The page `number`, if the directory covers it and it has been made.
        func page(_ number: Int) -> Page? {
            let index = number &- firstPage
            return index >= 0 && index < pageCount ? pages[index] : nil
        }

        /// Every page made, in key order.
        var madePages: some Sequence<Page> {
            UnsafeBufferPointer(start: pages, count: pageCount).lazy.compactMap { $0 }
        }
    }

    /// The pages and their directories, shared by copies of the table.
    fileprivate final class Storage {
        // Exclusivity unchecked: a storage belongs to the registry of one context, on its thread, and a copy of
        // the table gets storage of its own before it changes (`makeUnique()`). No access is held across a call
        // that could reach the storage: `object(root:key:orRegister:)` runs `make` holding only a slot pointer,
        // and `make` registers and forgets nothing.
        @exclusivity(unchecked) var roots: [Root] = []
        @exclusivity(unchecked) var count = 0

        init() {}

        /// A storage with the same objects as `other`, in pages of its own.
        init(copying other: Storage) {
            count = other.count
            roots = other.roots.map { root in
                var copy = Root(identity: root.identity, firstPage: root.firstPage)
                copy.cover(root.firstPage + root.pageCount - 1)
                for index in 0..<root.pageCount {
                    guard let page = root.pages[index] else { continue }
                    let copied = Page.allocate(capacity: PrimaryKeyTable.pageSize)
                    copied.initialize(from: page, count: PrimaryKeyTable.pageSize)
                    copy.pages[index] = copied
                }
                return copy
            }
        }

        deinit {
            for root in roots {
                for page in root.madePages { page.deallocate() }
                root.pages.deallocate()
            }
        }
    }

    private var storage = Storage()

    /// How many objects are registered.
    var count: Int { storage.count }

    /// The key `id` has in this table, or `nil` when the table cannot hold it (a temporary ID
    /// or a key from ``keyLimit`` on).
    static func key(of id: ManagedObjectID) -> Int? {
        guard let primaryKey = id.primaryKey, primaryKey < keyLimit else { return nil }
        return Int(primaryKey)
    }

    /// The object registered under `key` for the inheritance root `root`, if any.
    @inline(__always)
    subscript(root: ObjectIdentifier, key: Int) -> ManagedObject? {
        slot(root: root, key: key, making: false)?.pointee?.takeUnretainedValue()
    }

    /// Registers `object` under `key` for the inheritance root `root`, replacing any object
    /// registered there.
    mutating func insert(_ object: ManagedObject, root: ObjectIdentifier, key: Int) {
        makeUnique()
        let slot = slot(root: root, key: key, making: true)!
        if slot.pointee == nil { storage.count += 1 }
        slot.pointee = Unmanaged.passUnretained(object)
    }

    /// The object registered under `key` for `root`, or else the one `make` returns,
    /// registered (see ``ObjectRegistry/object(with:orRegister:)``).
    @inline(__always)
    mutating func object(root: ObjectIdentifier, key: Int, orRegister make: () -> ManagedObject) -> ManagedObject {
        if let registered = slot(root: root, key: key, making: false)?.pointee { return registered.takeUnretainedValue() }
        makeUnique()
        // Pages never move: the slot stays put while `make` runs.
        let slot = slot(root: root, key: key, making: true)!
        let object = make()
        storage.count += 1
        slot.pointee = Unmanaged.passUnretained(object)
        return object
    }

    /// Forgets the object registered under `key` for `root`: any object, or only `object`
    /// (compared by address, without touching the registered object).
    mutating func remove(root: ObjectIdentifier, key: Int, onlyIf object: ManagedObject? = nil) {
        guard let registered = slot(root: root, key: key, making: false)?.pointee,
            object.map(registered.refers) ?? true
        else { return }
        makeUnique()
        slot(root: root, key: key, making: false)!.pointee = nil
        storage.count -= 1
    }

    /// Gives the table storage of its own before a change, if a copy shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// The slot of `key` for `root`.
    ///
    /// When it has no page yet, one is made if `making`, else there is no slot. Making a page
    /// changes the storage: callers that pass `making: true` (and callers that write through
    /// the slot) have given the table storage of its own first (``makeUnique()``). The pointer stays
    /// valid as long as the storage (see ``Page``); the roots are only read while it is looked up.
    @inline(__always)
    private func slot(root: ObjectIdentifier, key: Int, making: Bool) -> UnsafeMutablePointer<Unmanaged<ManagedObject>?>? {
        let number = key >> Self.pageBits
        let found = storage.roots.withUnsafeBufferPointer { roots in
            for index in roots.indices where roots[index].identity == root {
                return (index, roots[index].page(number))
            }
            return (roots.count, nil)
        }
        if let page = found.1 { return page + (key & (Self.pageSize - 1)) }
        return making ? makePage(number, root: root, at: found.0) + (key & (Self.pageSize - 1)) : nil
    }

    /// Makes page `number` of `root`, which is at `rootIndex` in the storage or to be added,
    /// in storage the table does not share.
    private func makePage(_ number: Int, root: ObjectIdentifier, at rootIndex: Int) -> Page {
        if rootIndex == storage.roots.count { storage.roots.append(Root(identity: root, firstPage: number)) }
        storage.roots[rootIndex].cover(number)
        let page = Page.allocate(capacity: Self.pageSize)
        page.initialize(repeating: nil, count: Self.pageSize)
        storage.roots[rootIndex].pages[number - storage.roots[rootIndex].firstPage] = page
        return page
    }

    /// Iterates over every registered object, by root and key.
    func makeIterator() -> Iterator {
        Iterator(storage: storage)
    }

    /// The objects of a table, by root and key; the iterator keeps the pages it reads.
    struct Iterator: IteratorProtocol {
        fileprivate let storage: Storage
        private var root = 0
        private var page = 0
        private var slot = 0

        fileprivate init(storage: Storage) {
            self.storage = storage
        }

        mutating func next() -> ManagedObject? {
            while root < storage.roots.count {
                let directory = storage.roots[root]
                while page < directory.pageCount {
                    if let slots = directory.pages[page] {
                        while slot < PrimaryKeyTable.pageSize {
                            defer { slot += 1 }
                            if let object = slots[slot] { return object.takeUnretainedValue() }
                        }
                    }
                    page += 1
                    slot = 0
                }
                root += 1
                page = 0
            }
            return nil
        }
    }
}
