import ObjectGraphPostgreSQL
import ObjectGraphSQLite

/// A PostgreSQL store's schema (the connection's `search_path`) as the database a
/// ``StoreMigration`` moves tables in.
extension PostgreSQLConnection: MigrationDatabase {
    var dialect: SQLDialect { .postgreSQL }

    func perform(_ sql: String, _ arguments: [SQLiteValue]) throws {
        try execute(PostgreSQLStore.numberingPlaceholders(sql), arguments.map(PostgreSQLStore.value))
    }

    func keys(_ sql: String, _ arguments: [SQLiteValue], after statements: [SQLStatement]) throws -> [(
        primaryKey: Int64, entityNumber: Int64
    )] {
        let result = try pipeline(Self.statements(statements + [SQLStatement(sql: sql, arguments: arguments)])).last!
        return (0..<result.rowCount).map { (result.int64($0, 0), result.int64($0, 1)) }
    }

    /// Runs statements in one pipeline: one round trip.
    func perform(_ statements: [SQLStatement]) throws {
        _ = try pipeline(Self.statements(statements))
    }

    /// Statements as the connection runs them: placeholders numbered, values as bound.
    private static func statements(_ statements: [SQLStatement]) -> [Statement] {
        statements.map { Statement(PostgreSQLStore.numberingPlaceholders($0.sql), $0.arguments.map(PostgreSQLStore.value)) }
    }

    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[SQLiteValue]] {
        let result = try execute(PostgreSQLStore.numberingPlaceholders(sql), arguments.map(PostgreSQLStore.value))
        return (0..<result.rowCount).map { row in
            (0..<result.columnCount).map { column in
                switch result.value(row, column) {
                case .null: .null
                case .integer(let value): .integer(value)
                case .boolean(let value): .integer(value ? 1 : 0)
                case .real(let value): .real(value)
                case .bytes(let value): .blob(value)
                case .text(let value), .numeric(let value): .text(value)
                case .integerArray(let values): .text(values.map(String.init).joined(separator: ","))
                }
            }
        }
    }

    /// The columns of `table` in the current schema; PostgreSQL keeps the unquoted names the
    /// store's SQL uses in lower case.
    func columns(of table: String) throws -> Set<String> {
        let result = try execute(
            """
            SELECT column_name::text FROM information_schema.columns \
            WHERE table_schema = current_schema() AND table_name = $1
            """, [.text(table.lowercased())])
        return Set((0..<result.rowCount).compactMap { result.text($0, 0)?.uppercased() })
    }

    /// Nothing: PostgreSQL drops a column's indexes with it.
    func dropIndexes(on column: String, of table: String) throws {}

    /// Drops every index of the store's tables but their primary keys, and makes those of
    /// `schema` (on columns: the expression indexes of SQLite's functions are left out, as
    /// when the store is created).
    func synchroniseIndexes(of schema: StoreSchema) throws {
        let tables = (schema.tables.values.map(\.name) + schema.joinTables.values.map(\.name)).map { $0.lowercased() }
        let existing = try execute(
            """
            SELECT index_class.relname::text FROM pg_catalog.pg_index \
            JOIN pg_catalog.pg_class index_class ON index_class.oid = pg_index.indexrelid \
            JOIN pg_catalog.pg_class table_class ON table_class.oid = pg_index.indrelid \
            JOIN pg_catalog.pg_namespace ON pg_namespace.oid = table_class.relnamespace \
            WHERE pg_namespace.nspname = current_schema() AND NOT pg_index.indisprimary \
            AND table_class.relname::text = ANY(string_to_array($1, ','))
            """, [.text(tables.joined(separator: ","))])
        for row in 0..<existing.rowCount {
            guard let name = existing.text(row, 0) else { continue }
            try execute("DROP INDEX \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"")
        }
        var names = SQLNames(reserved: [])
        for index in schema.indexes where index.isOnColumns {
            // Read first: a failed statement would end the transaction.
            if let constraint = index.constraint, let duplicates = try DuplicateValues(of: constraint, in: index, on: self) {
                throw duplicates
            }
            try execute(index.creationSQL(names: &names))
        }
    }
}
