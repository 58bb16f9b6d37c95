/// The permanent IDs a save gave the objects it inserted, by their temporary IDs.
///
/// Temporary IDs are numbered in creation order, so one save's are usually a dense run of
/// numbers: the table is then an array indexed by number, and resolving a to-one that points
/// at a new object is an index, not a hash. Scattered numbers fall back to a dictionary.
struct PermanentIDs {
    /// By temporary number minus ``base``, when dense.
    private var table: [ManagedObjectID?] = []
    private var base: UInt64 = 0
    /// By temporary ID, when the numbers are too scattered for a table.
    private var scattered: [ManagedObjectID: ManagedObjectID] = [:]
    /// How many objects were given a permanent ID.
    private(set) var count = 0

    /// No IDs.
    init() {}

    /// The permanent ID `permanents[i]` for each temporary ID `temporaries[i]`.
    init(temporaries: [ManagedObjectID], permanents: [ManagedObjectID]) {
        count = temporaries.count
        let numbers = temporaries.compactMap(\.temporaryNumber)
        guard let low = numbers.min(), let high = numbers.max(), numbers.count == temporaries.count,
            high - low < UInt64(4 * temporaries.count + 64)
        else {
            scattered = Dictionary(zip(temporaries, permanents), uniquingKeysWith: { first, _ in first })
            return
        }
        base = low
        table = Array(repeating: nil, count: Int(high - low) + 1)
        for (number, permanent) in zip(numbers, permanents) { table[Int(number - low)] = permanent }
    }

    /// The permanent ID given to the object with temporary ID `id`, if it was inserted.
    subscript(id: ManagedObjectID) -> ManagedObjectID? {
        guard !table.isEmpty else { return scattered[id] }
        guard let number = id.temporaryNumber, number >= base, number - base < UInt64(table.count) else { return nil }
        guard let permanent = table[Int(number - base)], permanent.entity.rootEntity === id.entity.rootEntity else {
            return nil
        }
        return permanent
    }

    /// `id`, or the permanent ID it was given.
    func resolve(_ id: ManagedObjectID?) -> ManagedObjectID? {
        guard let id else { return nil }
        return id.isTemporaryID ? self[id] ?? id : id
    }
}
