/// The objects of a context with unsaved changes: inserted, updated and deleted ones, each kind
/// in the order the objects got it.
///
/// Each object keeps its own state (``ManagedObject/membership``), so the lists need no
/// hashing: an object is appended when it enters a state and stays, stale, when it leaves it;
/// reading a list skips stale entries, and an object is never listed twice under one state.
/// Walking the lists in order walks the objects about in the order they were made, which a
/// save does several times; a hash set would visit them at random, a cache miss each.
struct PendingChanges {
    /// Objects that entered each state, by ``ManagedObjectContext/Membership`` (clean unused).
    private var lists: [[ManagedObject]] = [[], [], [], []]
    /// How many objects are in each state now.
    private var counts = [0, 0, 0, 0]

    /// Whether no object has unsaved changes.
    var isEmpty: Bool { counts[1] == 0 && counts[2] == 0 && counts[3] == 0 }

    /// How many objects are in `state`.
    func count(_ state: ManagedObjectContext.Membership) -> Int { counts[state.rawValue] }

    /// The objects in `state` now, in the order they entered it.
    func objects(_ state: ManagedObjectContext.Membership) -> [ManagedObject] {
        let list = lists[state.rawValue]
        guard list.count != counts[state.rawValue] else { return list }
        return list.filter { $0.membership == state }
    }

    /// Moves `object` from its state to `state`.
    mutating func move(_ object: ManagedObject, to state: ManagedObjectContext.Membership) {
        let old = object.membership
        guard old != state else { return }
        if old != .clean { counts[old.rawValue] -= 1 }
        object.membership = state
        guard state != .clean else { return }
        counts[state.rawValue] += 1
        let bit: UInt8 = 1 << state.rawValue
        if object.listedStates & bit == 0 {
            object.listedStates |= bit
            lists[state.rawValue].append(object)
        }
    }

    /// Makes every object clean and empties the lists.
    mutating func removeAll() {
        for list in lists {
            for object in list {
                object.membership = .clean
                object.listedStates = 0
            }
        }
        lists = [[], [], [], []]
        counts = [0, 0, 0, 0]
    }
}
