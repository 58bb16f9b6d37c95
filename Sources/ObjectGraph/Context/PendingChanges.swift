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
    /// The same lists by state, then by entity number: an entity's own objects, not its
    /// subentities'.
    ///
    /// A fetch overlays the changes of its entity only, at a cost that does not grow with the
    /// changes to other entities.
    private var entityLists: [[[ManagedObject]]] = [[], [], [], []]
    /// How many objects of each entity (by number) are in each state now.
    private var entityCounts: [[Int]] = [[], [], [], []]

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

    /// The objects of `entity` in `state` now, with those of its subentities if asked; each
    /// entity's in the order they entered the state.
    func objects(
        _ state: ManagedObjectContext.Membership, of entity: EntityDescription, includingSubentities: Bool
    ) -> [ManagedObject] {
        guard includingSubentities, !entity.subentities.isEmpty else { return objects(state, ofOnly: entity) }
        return entity.selfAndDescendants.flatMap { objects(state, ofOnly: $0) }
    }

    /// Whether any object of `entity` or of its subentities is in `state`.
    func containsObjects(_ state: ManagedObjectContext.Membership, kindOf entity: EntityDescription) -> Bool {
        let counts = entityCounts[state.rawValue]
        return entity.selfAndDescendants.contains { $0.entityNumber < counts.count && counts[$0.entityNumber] > 0 }
    }

    /// The objects of `entity` itself in `state`.
    private func objects(_ state: ManagedObjectContext.Membership, ofOnly entity: EntityDescription) -> [ManagedObject] {
        let number = entity.entityNumber
        guard number < entityLists[state.rawValue].count else { return [] }
        let list = entityLists[state.rawValue][number]
        guard list.count != entityCounts[state.rawValue][number] else { return list }
        return list.filter { $0.membership == state }
    }

    /// Moves `object` from its state to `state`.
    mutating func move(_ object: ManagedObject, to state: ManagedObjectContext.Membership) {
        let old = object.membership
        guard old != state else { return }
        let number = object.entity.entityNumber
        if old != .clean {
            counts[old.rawValue] -= 1
            entityCounts[old.rawValue][number] -= 1
        }
        object.membership = state
        guard state != .clean else { return }
        counts[state.rawValue] += 1
        if number >= entityCounts[state.rawValue].count {
            entityCounts[state.rawValue] += Array(repeating: 0, count: number + 1 - entityCounts[state.rawValue].count)
            entityLists[state.rawValue] += Array(repeating: [], count: number + 1 - entityLists[state.rawValue].count)
        }
        entityCounts[state.rawValue][number] += 1
        let bit: UInt8 = 1 << state.rawValue
        if object.listedStates & bit == 0 {
            object.listedStates |= bit
            lists[state.rawValue].append(object)
            entityLists[state.rawValue][number].append(object)
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
        entityLists = [[], [], [], []]
        entityCounts = [[], [], [], []]
    }
}
