/// Names claimed in one SQLite namespace: a table's columns or a database's tables and indexes.
///
/// SQLite compares them without regard to case. A name taken already gets the first free number
/// after it (`ZTEAM`, `ZTEAM1`), as Core Data numbers colliding columns.
struct SQLNames {
    private var taken: Set<String>

    /// A namespace where `reserved` are taken.
    init(reserved: [String]) {
        taken = Set(reserved.map { $0.uppercased() })
    }

    /// `base`, or `base` numbered if it is taken; taken from now on.
    mutating func claim(_ base: String) -> String {
        var name = base
        var suffix = 1
        while !taken.insert(name.uppercased()).inserted {
            name = base + String(suffix)
            suffix += 1
        }
        return name
    }
}
