import ObjectGraphPostgreSQL
import ObjectGraphSQLite

/// Reading and writing whole tables, to copy a store (``TableRowStore``).
extension PostgreSQLStore: TableRowStore {
    func allRows(of table: String, columns: [String]) throws -> [[SQLiteValue]] {
        let result = try wrap { try connection.execute("SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY 1") }
        return (0..<result.rowCount).map { row in
            (0..<result.columnCount).map { column in
                switch result.value(row, column) {
                case .null: .null
                case .integer(let value): .integer(value)
                case .real(let value): .real(value)
                case .text(let value), .numeric(let value): .text(value)
                case .bytes(let value): .blob(value)
                case .boolean(let value): .integer(value ? 1 : 0)
                case .integerArray: .null
                }
            }
        }
    }

    func keyCounters() throws -> [Int: Int64] {
        let result = try wrap { try connection.execute("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY") }
        var counters: [Int: Int64] = [:]
        for row in 0..<result.rowCount { counters[Int(result.int64(row, 0))] = result.int64(row, 1) }
        return counters
    }

    func insert(_ tables: [TableRows], keyCounters: [Int: Int64]) throws {
        if isStandby { throw StoreError.readOnlyStandby(store: name) }
        guard !isReadOnly else { throw StoreError.readOnly(path: name) }
        try wrap {
            try connection.inTransaction {
                for table in tables where !table.rows.isEmpty {
                    let placeholders = (1...table.columns.count).map { "$\($0)" }.joined(separator: ", ")
                    let sql = "INSERT INTO \(table.table) (\(table.columns.joined(separator: ", "))) VALUES (\(placeholders))"
                    for chunk in table.rows.chunked(5_000) {
                        _ = try connection.pipeline(chunk.map { .init(sql, $0.map(Self.value)) })
                    }
                }
                _ = try connection.pipeline(
                    keyCounters.sorted(by: { $0.key < $1.key }).map { number, counter in
                        .init(
                            "UPDATE Z_PRIMARYKEY SET Z_MAX = $1 WHERE Z_ENT = $2", [.integer(counter), .integer(Int64(number))])
                    })
            }
        }
    }
}
