import ObjectGraphSQLite

/// Reading and writing whole tables, to copy a store (``TableRowStore``).
extension SQLiteStore: TableRowStore {
    func allRows(of table: String, columns: [String]) throws -> [[SQLiteValue]] {
        try Self.wrap { try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY 1").rows() }
    }

    func keyCounters() throws -> [Int: Int64] {
        var counters: [Int: Int64] = [:]
        for row in try Self.wrap({ try connection.prepare("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY").rows() }) {
            guard case .integer(let number) = row[0] else { continue }
            if case .integer(let counter) = row[1] { counters[Int(number)] = counter } else { counters[Int(number)] = 0 }
        }
        return counters
    }

    func insert(_ tables: [TableRows], keyCounters: [Int: Int64]) throws {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        try Self.wrap {
            try connection.inTransaction {
                for table in tables {
                    let statement = try connection.prepare(
                        "INSERT INTO \(table.table) (\(table.columns.joined(separator: ", "))) VALUES (\(Self.placeholders(table.columns.count)))"
                    )
                    for row in table.rows { try statement.run(row) }
                }
                for (number, counter) in keyCounters.sorted(by: { $0.key < $1.key }) {
                    try connection.execute(
                        "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?", [.integer(counter), .integer(Int64(number))])
                }
            }
        }
    }
}
