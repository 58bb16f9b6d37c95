// Unsafe: the snapshots sit in memory the rows allocate, initialize and free themselves, and are moved out one
// by one; the properties skip run-time exclusivity checks. Invariants: at `FetchedRows` and `snapshots`.

/// The rows a store read for a fetch, in order: each object's ID, and its saved state.
///
/// The IDs are plain values, kept in the array the fetch's fault group then keeps as it is
/// (an array of them costs one allocation to keep, no copy, and one to free). The snapshots
/// are handed over one by one, in order, each moved out of the rows (``takeSnapshot()``): a
/// copy would retain its block once more, and release it again when the rows go, an atomic
/// operation each way for every row.
///
/// A class, because taking a snapshot consumes it: the rows are read by one owner, once.
///
/// Its properties skip run-time exclusivity checks: the rows have one owner, on one thread (they
/// are not `Sendable`), and no method calls out while it holds an access to one of them.
final class FetchedRows {
    /// The objects' IDs, in order.
    @exclusivity(unchecked) private(set) var ids: [ManagedObjectID] = []
    /// The snapshot of each row of ``ids``: those from ``taken`` on are still here.
    ///
    /// Room for ``capacity`` snapshots: those before ``taken`` were moved out, those from ``taken``
    /// to ``count`` are initialized, the rest are not; `deinit` destroys exactly the initialized
    /// ones. Rows are appended before any is taken: ``grow()``, which moves slots from the first
    /// to ``count``, checks it; and ``takeSnapshot()`` checks that it never reads past ``count``.
    @exclusivity(unchecked) private var snapshots: UnsafeMutablePointer<Snapshot>
    /// How many rows were read.
    var count: Int { ids.count }
    /// How many rows ``snapshots`` has room for.
    @exclusivity(unchecked) private var capacity: Int
    /// How many snapshots were taken, from the first.
    @exclusivity(unchecked) private var taken = 0

    /// No rows, with room for `capacity` before growing.
    init(capacity: Int = 16) {
        self.capacity = Swift.max(1, capacity)
        snapshots = .allocate(capacity: self.capacity)
        ids.reserveCapacity(self.capacity)
    }

    deinit {
        (snapshots + taken).deinitialize(count: count - taken)
        snapshots.deallocate()
    }

    /// Adds a row after the others.
    ///
    /// - Precondition: No snapshot was taken yet.
    func append(_ id: ManagedObjectID, _ snapshot: consuming Snapshot) {
        if count == capacity { grow() }
        (snapshots + count).initialize(to: snapshot)
        ids.append(id)
    }

    /// Doubles the room for rows.
    private func grow() {
        precondition(taken == 0, "rows are appended before any is taken")
        capacity *= 2
        ids.reserveCapacity(capacity)
        let grownSnapshots = UnsafeMutablePointer<Snapshot>.allocate(capacity: capacity)
        grownSnapshots.moveInitialize(from: snapshots, count: count)
        snapshots.deallocate()
        snapshots = grownSnapshots
    }

    /// The snapshot of the next row not taken yet (the first, then the second, …), moved out.
    ///
    /// - Precondition: Fewer than ``count`` snapshots were taken.
    func takeSnapshot() -> Snapshot {
        precondition(taken < count, "every snapshot was taken")
        defer { taken += 1 }
        return (snapshots + taken).move()
    }
}
