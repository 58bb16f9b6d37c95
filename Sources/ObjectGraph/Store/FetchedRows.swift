/// The rows a store read for a fetch, in order: each object's ID, and its saved state.
///
/// The IDs are plain values, so an array of them costs one allocation to keep (as the fetch's
/// fault group) and one to free. The snapshots are handed over one by one, in order, each
/// moved out of the rows (``takeSnapshot()``): a copy would retain its block once more, and
/// release it again when the rows go, an atomic operation each way for every row.
///
/// A class, because taking a snapshot consumes it: the rows are read by one owner, once.
final class FetchedRows {
    /// The objects' IDs, in order.
    @exclusivity(unchecked) private(set) var ids: [ManagedObjectID] = []
    /// The snapshot of each row of ``ids``: those from ``taken`` on are still here.
    @exclusivity(unchecked) private var snapshots: UnsafeMutablePointer<Snapshot>
    /// How many snapshots ``snapshots`` has room for.
    @exclusivity(unchecked) private var capacity: Int
    /// How many snapshots were taken, from the first.
    @exclusivity(unchecked) private var taken = 0

    /// No rows, with room for `capacity` before growing.
    init(capacity: Int = 16) {
        self.capacity = Swift.max(1, capacity)
        snapshots = .allocate(capacity: self.capacity)
    }

    deinit {
        (snapshots + taken).deinitialize(count: ids.count - taken)
        snapshots.deallocate()
    }

    /// How many rows were read.
    var count: Int { ids.count }

    /// Adds a row after the others.
    ///
    /// - Precondition: No snapshot was taken yet.
    func append(_ id: ManagedObjectID, _ snapshot: consuming Snapshot) {
        precondition(taken == 0, "rows are appended before any is taken")
        if ids.count == capacity {
            let grown = UnsafeMutablePointer<Snapshot>.allocate(capacity: 2 * capacity)
            grown.moveInitialize(from: snapshots, count: ids.count)
            snapshots.deallocate()
            (snapshots, capacity) = (grown, 2 * capacity)
        }
        (snapshots + ids.count).initialize(to: snapshot)
        ids.append(id)
    }

    /// The snapshot of the next row not taken yet (the first, then the second, …), moved out.
    ///
    /// - Precondition: Fewer than ``count`` snapshots were taken.
    func takeSnapshot() -> Snapshot {
        precondition(taken < ids.count, "every snapshot was taken")
        defer { taken += 1 }
        return (snapshots + taken).move()
    }
}
