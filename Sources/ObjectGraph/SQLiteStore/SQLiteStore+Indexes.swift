import ObjectGraphSQLite

/// Making a SQLite store's indexes those of its schema, after a migration or when the model's
/// indexes changed.
extension SQLiteStore {
    /// Indexes to drop and to create so that a store has those of `schema`.
    struct IndexChanges {
        /// Names of the indexes to drop.
        var drops: [String] = []
        /// The indexes to create.
        var creations: [StoreSchema.Index] = []
        /// The names taken in the store, from which new indexes are named.
        var names: SQLNames

        /// Whether the store has the indexes already.
        var isEmpty: Bool { drops.isEmpty && creations.isEmpty }

        /// Drops and creates the indexes.
        ///
        /// - Throws: ``DuplicateValues`` when the rows break a uniqueness constraint whose
        ///   index is made; SQLite's errors otherwise.
        func apply(on connection: SQLiteConnection) throws {
            var names = names
            for name in drops { try connection.execute("DROP INDEX \(name)") }
            for index in creations {
                do {
                    try connection.execute(index.creationSQL(names: &names))
                } catch let error as SQLiteError where error.primaryResultCode == 19 {
                    guard let constraint = index.constraint else { throw error }
                    throw try DuplicateValues(of: constraint, in: index, on: connection) ?? error
                }
            }
        }
    }

    /// What makes the indexes of the store behind `connection` those of `schema`, on the
    /// tables and columns the store has (another program's store may name its tables
    /// otherwise), found with reads only: the indexes the store lacks, and the indexes of the
    /// schema's tables that the schema lacks.
    ///
    /// A store Core Data wrote (`keepingStoreIndexes`) keeps the indexes it has, and gets only
    /// the unique indexes that enforce the model's uniqueness constraints.
    static func indexChanges(
        for schema: StoreSchema, on connection: SQLiteConnection, keepingStoreIndexes: Bool = false
    ) throws -> IndexChanges {
        func texts(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [String] {
            try connection.prepare(sql).rows(arguments).compactMap {
                if case .text(let text) = $0[0] { return text }
                return nil
            }
        }
        let known = Set((schema.tables.values.map(\.name) + schema.joinTables.values.map(\.name)).map { $0.uppercased() })
        var columnsByTable: [String: Set<String>] = [:]
        for table in try texts("SELECT name FROM sqlite_master WHERE type = 'table'") where known.contains(table.uppercased()) {
            columnsByTable[table.uppercased()] = Set(
                try texts("SELECT name FROM pragma_table_info(?)", [.text(table)]).map { $0.uppercased() })
        }
        let wanted = schema.indexes.filter { index in
            guard !keepingStoreIndexes || index.constraint != nil else { return false }
            return columnsByTable[index.table.uppercased()].map { columns in
                index.columns.allSatisfy { columns.contains($0.uppercased()) }
            } ?? false
        }
        let wantedKeys = Set(wanted.map(\.key))
        var changes = IndexChanges(names: SQLNames(reserved: try texts("SELECT name FROM sqlite_master")))
        var found: Set<[String]> = []
        let existing = try connection.prepare(
            "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        ).rows()
        for row in existing {
            guard case .text(let name) = row[0], case .text(let table) = row[1], case .text(let sql) = row[2],
                known.contains(table.uppercased())
            else { continue }
            let indexKey = existingIndexKey(
                table: table,
                columns: try connection.prepare("SELECT name, desc FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno")
                    .rows([.text(name)]).map { row in
                        guard case .text(let column) = row[0], row[1] == .integer(0) else { return nil }
                        return column
                    },
                sql: sql)
            if wantedKeys.contains(indexKey), found.insert(indexKey).inserted { continue }
            if !keepingStoreIndexes { changes.drops.append(name) }
        }
        changes.creations = wanted.filter { !found.contains($0.key) }
        return changes
    }

    /// The ``StoreSchema/Index/key`` of an index the store has: its table and columns (`nil`
    /// for an expression or a column in descending order, whose terms its SQL then gives),
    /// whether its SQL makes it unique, and the condition of a partial index.
    private static func existingIndexKey(table: String, columns: [String?], sql: String) -> [String] {
        let plain = columns.compactMap { $0 }
        var key = ([table] + (plain.count == columns.count ? plain : indexedTerms(of: sql))).map { $0.uppercased() }
        if sql.uppercased().hasPrefix("CREATE UNIQUE INDEX") { key.append("UNIQUE") }
        if let clause = sql.range(of: " WHERE ", options: [.caseInsensitive, .backwards]) {
            key.append(String(sql[clause.upperBound...]).trimmingCharacters(in: .whitespaces))
        }
        return key
    }

    /// The terms between the parentheses of a `CREATE INDEX`, as written (`ZNAME DESC`,
    /// `og_lower(ZNAME)`), split at their top-level commas.
    static func indexedTerms(of sql: String) -> [String] {
        guard let on = sql.range(of: " ON ", options: .caseInsensitive),
            let open = sql[on.upperBound...].firstIndex(of: "(")
        else { return [] }
        var terms: [String] = []
        var term = ""
        var depth = 0
        for character in sql[sql.index(after: open)...] {
            switch character {
            case "(": depth += 1
            case ")" where depth == 0:
                terms.append(term.trimmingCharacters(in: .whitespaces))
                return terms
            case ")": depth -= 1
            case "," where depth == 0:
                terms.append(term.trimmingCharacters(in: .whitespaces))
                term = ""
                continue
            default: break
            }
            term.append(character)
        }
        return terms
    }
}
