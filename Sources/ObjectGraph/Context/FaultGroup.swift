/// Objects fetched together; when one of them fires its fault, its neighbours that are still
/// faults load with it in the same query, and when one loads a to-many relationship, so do
/// its loaded neighbours.
final class FaultGroup {
    /// The members' IDs, in fetch order.
    let ids: [ManagedObjectID]
    /// The store request whose complete result the group is, until one of its faults fires.
    ///
    /// The first fault to fire re-runs it with full rows and so loads the whole group in one
    /// statement, however large, instead of one keyed read per
    /// ``ManagedObjectContext/faultBatchSize``.
    var request: StoreRequest?

    /// A group of the objects with `ids`, the result of `request` when given.
    init(_ ids: [ManagedObjectID], request: StoreRequest? = nil) {
        self.ids = ids
        self.request = request
    }

    /// How many objects the group has.
    var count: Int { ids.count }

    /// The ID of the member at `index`.
    subscript(index: Int) -> ManagedObjectID { ids[index] }
}
