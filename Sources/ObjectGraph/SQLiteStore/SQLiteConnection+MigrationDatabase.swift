import ObjectGraphSQLite

/// A SQLite store's file as the database a ``StoreMigration`` moves tables in.
extension SQLiteConnection: MigrationDatabase {
    var dialect: SQLDialect { .sqlite }

    func perform(_ sql: String, _ arguments: [SQLiteValue]) throws { try execute(sql, arguments) }

    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[SQLiteValue]] {
        try prepare(sql).rows(arguments)
    }

    func keys(_ sql: String, _ arguments: [SQLiteValue], after statements: [SQLStatement]) throws -> [(
        primaryKey: Int64, entityNumber: Int64
    )] {
        try perform(statements)
        let statement = try prepare(sql)
        try statement.bind(arguments)
        var keys: [(primaryKey: Int64, entityNumber: Int64)] = []
        while try statement.step() { keys.append((statement.int64(at: 0), statement.int64(at: 1))) }
        return keys
    }

    func columns(of table: String) throws -> Set<String> {
        Set(
            try prepare("SELECT name FROM pragma_table_info(?)").rows([.text(table)]).compactMap {
                if case .text(let name) = $0[0] { return name }
                return nil
            })
    }

    /// Drops the indexes that name `column` of `table`, which `DROP COLUMN` refuses to leave,
    /// and those on expressions, which may read it (the schema's indexes are made again once
    /// the tables are migrated).
    func dropIndexes(on column: String, of table: String) throws {
        let indexes = try prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
            .rows([.text(table)])
        for row in indexes {
            guard case .text(let name) = row[0] else { continue }
            let columns = try prepare("SELECT name, cid FROM pragma_index_info(?)").rows([.text(name)])
            if columns.contains(where: { $0[0] == .text(column) || $0[1] == .integer(-2) }) {
                try execute("DROP INDEX \(name)")
            }
        }
    }

    func synchroniseIndexes(of schema: StoreSchema) throws {
        try SQLiteStore.indexChanges(for: schema, on: self).apply(on: self)
    }
}
