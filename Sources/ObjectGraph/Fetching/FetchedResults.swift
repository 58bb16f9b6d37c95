// Unsafe: `FetchedBatches.batches` skips exclusivity checks, and the subscript downcasts
// unchecked (`unsafeDowncast`) an object whose exact class it has compared; invariants at each.

/// The result of a batched fetch (``ManagedObjectContext/fetch(_:batchSize:)``), Core Data's
/// `fetchBatchSize`: a collection of the matching objects, in order, that holds only their IDs
/// until an object is first accessed, and then makes and reads the objects of its batch.
///
/// ```swift
/// let players = try context.fetch(FetchRequest<Player>(entityName: "Player"), batchSize: 200)
/// print(players.count)              // no object made yet
/// for player in players.prefix(10) { print(player.name ?? "") }   // one batch read
/// ```
///
/// The fetch itself reads the IDs of all matching objects, in one query. Reading element `i`
/// makes the objects of the batch holding `i` (``batchSize`` of them), reads their rows in one
/// query and keeps the objects, so that they stay the same instances for as long as the results
/// live. A batch's objects are faults that load from the rows read with them on first access,
/// or loaded objects when the request has `returnsObjectsAsFaults == false`; they fire and
/// load their to-many relationships together, as a ``ManagedObjectContext/fetch(_:)``
/// result's objects do. When the store cannot read a batch, its objects stay faults and
/// ``ManagedObjectContext/lastFaultError`` says why; they try again when touched. A row whose
/// key the context has registered for an object of another entity (an ID made from a URI
/// naming that entity, or a store another program changed) is at its position as an object
/// without a context, reading no values.
///
/// When the request takes the context's unsaved changes into account and the context has
/// some, or with the in-memory store, the fetch makes all objects at once, as ``ManagedObjectContext/fetch(_:)``
/// does: only then can it test them against the predicate as they are now.
///
/// Like the objects it returns, the results belong to their context, which they keep alive,
/// and to its thread. They are a snapshot of the match at the time of the fetch: later changes
/// to the context or the store do not add or remove elements. After the context's
/// ``ManagedObjectContext/reset()``, batches not read yet are read into the context as it now
/// is; the objects of batches read before are detached, like any object held across a reset.
public struct FetchedResults<Result: ManagedObject>: RandomAccessCollection {
    /// The storage, shared by copies: a batch is read once for all of them.
    private let storage: FetchedBatches

    /// How many objects one batch holds (the last may hold fewer).
    public var batchSize: Int { storage.batchSize }

    /// The results, from the matching objects' IDs in order.
    init(_ storage: FetchedBatches) {
        self.storage = storage
    }

    /// The position of the first object.
    public var startIndex: Int { 0 }

    /// The position after the last object: the number of objects.
    public var endIndex: Int { storage.ids.count }

    /// The object at `position`, made (with its batch) if it was not yet.
    ///
    /// - Precondition: `position` is a valid index.
    public subscript(position: Int) -> Result {
        precondition(position >= 0 && position < storage.ids.count, "index \(position) out of range 0..<\(storage.ids.count)")
        let object = storage.object(at: position)
        // A `Result`: the fetch checked the objects registered with the IDs then, and the class
        // of every entity among them; an object made since is of its entity's class.
        return type(of: object) == Result.self ? unsafeDowncast(object, to: Result.self) : object as! Result
    }

    /// The IDs of the objects, in order, without making any object: as they were at the
    /// fetch (temporary for objects not saved then).
    public var objectIDs: [ManagedObjectID] { storage.ids }

    /// Whether the object at `position` was made: its batch was read.
    ///
    /// - Precondition: `position` is a valid index.
    public func isMade(at position: Int) -> Bool {
        precondition(position >= 0 && position < storage.ids.count, "index \(position) out of range 0..<\(storage.ids.count)")
        return !storage.batches[position / storage.batchSize].isEmpty
    }
}

/// The shared storage of ``FetchedResults``: the IDs, and the objects of each batch read.
final class FetchedBatches {
    /// The context the objects are made in.
    let context: ManagedObjectContext
    /// The matching objects' IDs, in order.
    let ids: [ManagedObjectID]
    /// How many objects a batch holds.
    let batchSize: Int
    /// Whether a batch's objects are loaded rather than kept as faults holding their rows.
    private let loadsObjects: Bool
    /// The objects of each batch, by batch; empty for a batch not read yet.
    ///
    /// Exclusivity unchecked: results belong to their context's thread (they are not
    /// `Sendable`), and ``object(at:)`` evaluates `read(batch)`, which may run
    /// `awakeFromFetch`, before its write access to `batches` begins.
    @exclusivity(unchecked) private(set) var batches: [[ManagedObject]]
    /// The group all made objects join, over all of ``ids``: a fault among them that fires
    /// loads with neighbours, and a to-many loaded for one loads for its neighbours.
    private let group: FaultGroup

    /// Results holding only IDs, their batches to be read on access.
    init(context: ManagedObjectContext, ids: [ManagedObjectID], batchSize: Int, loadsObjects: Bool) {
        self.context = context
        self.ids = ids
        self.batchSize = batchSize
        self.loadsObjects = loadsObjects
        batches = Array(repeating: [], count: (ids.count + batchSize - 1) / batchSize)
        group = FaultGroup(ids)
    }

    /// Results whose objects are all made already.
    init(context: ManagedObjectContext, objects: [ManagedObject], batchSize: Int) {
        self.context = context
        ids = objects.map(\.objectID)
        self.batchSize = batchSize
        loadsObjects = false
        batches = stride(from: 0, to: objects.count, by: batchSize).map {
            Array(objects[$0..<min(objects.count, $0 + batchSize)])
        }
        group = FaultGroup([])
    }

    /// The object at `position`, reading its batch first if needed.
    func object(at position: Int) -> ManagedObject {
        let batch = position / batchSize
        if batches[batch].isEmpty { batches[batch] = read(batch) }
        return batches[batch][position - batch * batchSize]
    }

    /// Makes the objects of `batch` and reads the rows of those that are faults without one,
    /// in one query.
    private func read(_ batch: Int) -> [ManagedObject] {
        let start = batch * batchSize
        let range = start..<min(ids.count, start + batchSize)
        let link = context.link
        var unread: [ManagedObjectID] = []
        let objects = range.map { index in
            let object = context.object(with: ids[index], link: link)
            // A registered object of another entity holds the row's key: the position gets an
            // object of the row's entity and class without a context, which reads no values.
            guard object.fits(ids[index]) else { return ManagedObject.fault(with: ids[index], link: nil) }
            if object.isFault, object.snapshot == nil {
                object.faultGroup = group
                object.faultGroupIndex = Int32(index)
                unread.append(object.objectID)
            }
            return object
        }
        guard !unread.isEmpty else { return objects }
        do {
            for (id, snapshot) in try context.store(for: unread[0].entity).snapshots(for: unread) {
                guard let object = context.registry[id], object.isFault, object.snapshot == nil, object.fits(id) else { continue }
                if loadsObjects { object.load(snapshot) } else { object.snapshot = snapshot }
            }
        } catch {
            context.lastFaultError = error
        }
        return objects
    }
}
