import ObjectGraphSQLite

/// The tables and columns a store file has, as SQLite reports them.
///
/// A store Core Data wrote is read with the names it has rather than the names ObjectGraph
/// derives: Core Data numbers colliding columns in its own order, and may name a join table
/// and its columns after either side of a many-to-many.
struct ExistingSchema {
    /// A table and its columns.
    struct Table {
        /// The name as the store spells it.
        var name: String
        /// Columns in table order, as the store spells them, with their declared types.
        var columns: [(name: String, type: String)]

        /// The column named `name` (without regard to case), as the store spells it.
        func column(named name: String) -> (name: String, type: String)? {
            let key = name.uppercased()
            return columns.first { $0.name.uppercased() == key }
        }
    }

    /// Tables by upper-cased name.
    private(set) var tables: [String: Table] = [:]

    /// Reads the tables of the database behind `connection`, and their columns unless
    /// `withColumns` is false (the tables are then listed without columns).
    init(reading connection: SQLiteConnection, withColumns: Bool = true) throws {
        let names = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").rows().compactMap {
            row -> String? in
            if case .text(let name) = row[0] { return name }
            return nil
        }
        let columns = try connection.prepare("SELECT name, type FROM pragma_table_info(?) ORDER BY cid")
        for name in names {
            let rows = withColumns ? try columns.rows([.text(name)]) : []
            tables[name.uppercased()] = Table(
                name: name,
                columns: rows.compactMap { row in
                    guard case .text(let column) = row[0] else { return nil }
                    if case .text(let type) = row[1] { return (column, type) }
                    return (column, "")
                })
        }
    }

    /// The table named `name` (without regard to case).
    func table(named name: String) -> Table? { tables[name.uppercased()] }

    /// The join table of a many-to-many, found by its columns: one holding the keys of the
    /// relationship's source objects, named `Z_<n><INVERSE>`, one holding the keys of its
    /// destinations, named `Z_<n><RELATIONSHIP>` (each possibly numbered, `Z_15TAGS1`), and
    /// `Z_FOK_` ordering columns besides.
    ///
    /// Of several tables that fit, the one named `derived` wins, then one named after either
    /// side (`Z_<n><NAME>`), then one whose columns carry the expected entity numbers.
    ///
    /// - Parameters:
    ///   - relationship: The name of the side whose destinations the second column holds.
    ///   - inverse: The name of the side whose destinations the first column holds.
    ///   - numbers: The entity numbers the two columns are expected to carry.
    ///   - derived: The name ObjectGraph would give the table.
    ///   - excluded: Tables taken by other relationships already (upper-cased).
    func joinTable(
        relationship: String, inverse: String, numbers: (source: Int, destination: Int), derived: String,
        excluded: Set<String>
    ) -> StoreSchema.JoinTable? {
        var best: (score: Int, table: StoreSchema.JoinTable)?
        for key in tables.keys.sorted() where !excluded.contains(key) && Self.isNumbered(key, prefix: "Z_") {
            let table = tables[key]!
            let keyColumns = table.columns.map(\.name).filter { !$0.uppercased().hasPrefix("Z_FOK_") }
            guard keyColumns.count == 2 else { continue }
            // The source column first; for a relationship that is its own inverse both fit
            // either way, and the unnumbered one (sorting first) holds the source.
            let ordered = keyColumns.sorted { ($0.count, $0) < ($1.count, $1) }
            for (source, destination) in [(ordered[0], ordered[1]), (ordered[1], ordered[0])] {
                guard let sourceNumber = Self.entityNumber(in: source, naming: inverse),
                    let destinationNumber = Self.entityNumber(in: destination, naming: relationship)
                else { continue }
                var score = 0
                if key == derived.uppercased() { score += 4 }
                if Self.entityNumber(in: table.name, naming: relationship) != nil
                    || Self.entityNumber(in: table.name, naming: inverse) != nil
                {
                    score += 2
                }
                if (sourceNumber, destinationNumber) == numbers { score += 1 }
                if score > best?.score ?? -1 {
                    best = (score, StoreSchema.JoinTable(name: table.name, sourceColumn: source, destinationColumn: destination))
                }
                break
            }
        }
        return best?.table
    }

    /// The entity number in a join table's or column's name `Z_<n><NAME>`, possibly followed
    /// by a collision number; `nil` when `name` does not have that form.
    static func entityNumber(in name: String, naming relationship: String) -> Int? {
        let text = name.uppercased()
        guard text.hasPrefix("Z_") else { return nil }
        let rest = text.dropFirst(2)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let tail = rest.dropFirst(digits.count)
        let wanted = relationship.uppercased()
        guard tail.hasPrefix(wanted), tail.dropFirst(wanted.count).allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return number
    }

    /// The column holding the entity number of a to-one's destination, `Z<n>_<NAME>`, for
    /// any `n`, when the table has one.
    static func entityColumn(in table: Table, naming relationship: String) -> String? {
        let wanted = "_" + relationship.uppercased()
        return table.columns.map(\.name).first { column in
            let text = column.uppercased()
            guard text.hasPrefix("Z"), text.hasSuffix(wanted) else { return false }
            let middle = text.dropFirst().dropLast(wanted.count)
            return !middle.isEmpty && middle.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// Whether `name` is `prefix` followed by a digit.
    private static func isNumbered(_ name: String, prefix: String) -> Bool {
        name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isASCII && $0.isNumber } == true
    }
}
