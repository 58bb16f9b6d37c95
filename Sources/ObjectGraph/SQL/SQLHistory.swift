import Foundation
import ObjectGraphSQLite

/// A SQL store's persistent history, in Core Data's own tables: `ATRANSACTION` (one row per
/// save or batch request: time, author, context name, program, process), `ACHANGE` (one row
/// per object inserted, updated or deleted: `ZCHANGETYPE` 0, 1, 2, the entity's number and the
/// row's key, and for an update a bitmap of the properties written) and `ATRANSACTIONSTRING`,
/// registered in `Z_PRIMARYKEY` as entities 16001–16003, whose `Z_MAX` numbers their rows.
///
/// Strings are written into `ATRANSACTION`'s text columns (`ZAUTHOR`, …); those Core Data
/// interns in `ATRANSACTIONSTRING` (`ZAUTHORTS`, …) are read too. Transaction numbers are
/// handed out inside the writing transaction from a `Z_PRIMARYKEY` row that stays locked
/// until the commit, so they rise in commit order: a reader that has seen a number has seen
/// every smaller one.
///
/// Both SQL stores use it on their own connection, inside the transaction they opened.
struct SQLHistory {
    let schema: StoreSchema
    let database: any SQLDatabase
    /// The store's tag and identifier, for the IDs and transactions read.
    let tag: UInt16
    let storeIdentifier: String

    /// The history tables, by their `Z_PRIMARYKEY` entity numbers.
    static let tables = [(16001, "ACHANGE"), (16002, "ATRANSACTION"), (16003, "ATRANSACTIONSTRING")]
    private static let changeEntity: Int64 = 16001
    private static let transactionEntity: Int64 = 16002

    /// Whether `number` in `Z_PRIMARYKEY` is one of the history's, not an entity's.
    static func isHistoryNumber(_ number: Int) -> Bool { tables.contains { $0.0 == number } }

    /// Whether the history is ready to be written: its `Z_PRIMARYKEY` rows are there (they
    /// are made with its tables, and a migration that rewrites the key table drops them).
    static func isReady(on database: any SQLDatabase) throws -> Bool {
        let rows = try database.rows(
            "SELECT COUNT(*) FROM Z_PRIMARYKEY WHERE Z_ENT IN (?, ?, ?)", tables.map { .integer(Int64($0.0)) })
        return rows.first?.first == .integer(Int64(tables.count))
    }

    /// The statements making the history's tables, indexes and `Z_PRIMARYKEY` rows where they
    /// are missing; run in the store's write transaction.
    static func creation(in dialect: SQLDialect) -> [SQLStatement] {
        let key = dialect.columnType("INTEGER")
        let bookkeeping = "Z_PK \(key) PRIMARY KEY, Z_ENT \(key), Z_OPT \(key)"
        let text = dialect.columnType("VARCHAR")
        let real = dialect.columnType("FLOAT")
        let blob = dialect.columnType("BLOB")
        var statements = [
            "CREATE TABLE IF NOT EXISTS ACHANGE ( \(bookkeeping), ZCHANGETYPE \(key), ZENTITY \(key), ZENTITYPK \(key), ZTRANSACTIONID \(key), ZCOLUMNS \(blob) )",
            "CREATE TABLE IF NOT EXISTS ATRANSACTION ( \(bookkeeping), ZAUTHORTS \(key), ZBUNDLEIDTS \(key), ZCONTEXTNAMETS \(key), ZPROCESSIDTS \(key), ZTIMESTAMP \(real), ZAUTHOR \(text), ZBUNDLEID \(text), ZCONTEXTNAME \(text), ZPROCESSID \(text), ZQUERYGEN \(blob) )",
            "CREATE TABLE IF NOT EXISTS ATRANSACTIONSTRING ( \(bookkeeping), ZNAME \(text) )",
            "CREATE INDEX IF NOT EXISTS Z_ACHANGE_ZTRANSACTIONID ON ACHANGE (ZTRANSACTIONID)",
            "CREATE INDEX IF NOT EXISTS Z_ATRANSACTION_ZTIMESTAMP ON ATRANSACTION (ZTIMESTAMP)",
            "CREATE UNIQUE INDEX IF NOT EXISTS Z_ATRANSACTIONSTRING_ZNAME ON ATRANSACTIONSTRING (ZNAME)",
        ].map { SQLStatement(sql: $0, arguments: []) }
        for (number, table) in tables {
            // A key table a migration rewrote lacks the rows: the counters resume after the
            // highest keys the tables hold.
            statements.append(
                SQLStatement(
                    sql: """
                        INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) \
                        SELECT ?, ?, 0, (SELECT coalesce(MAX(Z_PK), 0) FROM \(table)) \
                        WHERE NOT EXISTS (SELECT 1 FROM Z_PRIMARYKEY WHERE Z_ENT = ?)
                        """,
                    arguments: [.integer(Int64(number)), .text(table), .integer(Int64(number))]))
        }
        return statements
    }

    /// Rows per `INSERT` of changes: six values each, well below either database's limit on
    /// bound parameters.
    private let rowsPerInsert = 500

    /// Writes `record` as one transaction of the history, last in the store's transaction.
    func write(_ record: HistoryRecord) throws {
        let counters = try database.rows(
            """
            UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + CASE WHEN Z_ENT = ? THEN 1 ELSE ? END \
            WHERE Z_ENT IN (?, ?) RETURNING Z_ENT, Z_MAX
            """,
            [
                .integer(Self.transactionEntity), .integer(Int64(record.changes.count)), .integer(Self.transactionEntity),
                .integer(Self.changeEntity),
            ])
        var last: [Int64: Int64] = [:]
        for row in counters {
            if case .integer(let entity) = row[0], case .integer(let counter) = row[1] { last[entity] = counter }
        }
        guard let transaction = last[Self.transactionEntity], let lastChange = last[Self.changeEntity] else {
            throw StoreError.damaged(path: storeIdentifier, reason: "its Z_PRIMARYKEY rows for the history are missing")
        }
        let labels = record.labels
        var statements = [
            SQLStatement(
                sql: """
                    INSERT INTO ATRANSACTION (Z_PK, Z_ENT, Z_OPT, ZTIMESTAMP, ZAUTHOR, ZBUNDLEID, ZCONTEXTNAME, ZPROCESSID) \
                    VALUES (?, ?, 1, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    .integer(transaction), .integer(Self.transactionEntity), .real(Date().timeIntervalSinceReferenceDate),
                    Self.text(labels.author), .text(HistoryLabels.bundleID), Self.text(labels.contextName),
                    .text(HistoryLabels.processID),
                ])
        ]
        var bitmaps = PropertyBitmaps()
        var key = lastChange - Int64(record.changes.count)
        for chunk in record.changes.chunked(rowsPerInsert) {
            var arguments: [SQLiteValue] = []
            arguments.reserveCapacity(chunk.count * 6)
            for change in chunk {
                key += 1
                arguments += [
                    .integer(key), .integer(Int64(change.type.rawValue)), .integer(Int64(schema.number(of: change.id.entity))),
                    .integer(change.id.primaryKey ?? 0), .integer(transaction),
                    change.type == .update ? .blob(bitmaps.bitmap(of: change.properties, in: change.id.entity)) : .null,
                ]
            }
            let row = "(?, \(Self.changeEntity), 1, ?, ?, ?, ?, ?)"
            statements.append(
                SQLStatement(
                    sql: """
                        INSERT INTO ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS) \
                        VALUES \(Array(repeating: row, count: chunk.count).joined(separator: ", "))
                        """, arguments: arguments))
        }
        try database.perform(statements)
    }

    /// The transactions after `bound`, oldest first, at most `limit` of them (0: all), with
    /// their changes to the store's entities.
    func transactions(after bound: HistoryBound, limit: Int) throws -> [PersistentHistoryTransaction] {
        let condition: (sql: String, argument: SQLiteValue)
        switch bound {
        case .transaction(let number): condition = ("t.Z_PK > ?", .integer(number))
        case .date(let date): condition = ("t.ZTIMESTAMP > ?", .real(date.timeIntervalSinceReferenceDate))
        }
        let interned = { (column: String, alias: String) in
            "coalesce((SELECT \(alias).ZNAME FROM ATRANSACTIONSTRING \(alias) WHERE \(alias).Z_PK = t.\(column)TS), t.\(column))"
        }
        let rows = try database.rows(
            """
            SELECT t.Z_PK, t.ZTIMESTAMP, \(interned("ZAUTHOR", "a")), \(interned("ZCONTEXTNAME", "c")), \
            \(interned("ZBUNDLEID", "b")), \(interned("ZPROCESSID", "p")) \
            FROM ATRANSACTION t WHERE \(condition.sql) ORDER BY t.Z_PK\(limit > 0 ? " LIMIT ?" : "")
            """, [condition.argument] + (limit > 0 ? [.integer(Int64(limit))] : []))
        var transactions = rows.compactMap { row -> PersistentHistoryTransaction? in
            guard case .integer(let number) = row[0] else { return nil }
            return PersistentHistoryTransaction(
                transactionNumber: number, storeIdentifier: storeIdentifier,
                timestamp: Date(timeIntervalSinceReferenceDate: Self.seconds(row[1])), author: Self.string(row[2]),
                contextName: Self.string(row[3]), bundleID: Self.string(row[4]), processID: Self.string(row[5]))
        }
        guard let first = transactions.first?.transactionNumber, let last = transactions.last?.transactionNumber else {
            return []
        }
        let positions = Dictionary(uniqueKeysWithValues: transactions.enumerated().map { ($1.transactionNumber, $0) })
        var bitmaps = PropertyBitmaps()
        let changes = try database.rows(
            """
            SELECT Z_PK, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS FROM ACHANGE \
            WHERE ZTRANSACTIONID BETWEEN ? AND ? ORDER BY Z_PK
            """, [.integer(first), .integer(last)])
        for row in changes {
            guard case .integer(let changeID) = row[0], case .integer(let type) = row[1],
                let changeType = PersistentHistoryChangeType(rawValue: Int(type)), case .integer(let entityNumber) = row[2],
                let entity = schema.entitiesByNumber[Int(entityNumber)], case .integer(let key) = row[3],
                (0...ManagedObjectID.maxPrimaryKey).contains(key), case .integer(let number) = row[4],
                let position = positions[number]
            else { continue }
            var properties: Set<String>?
            if changeType == .update, case .blob(let bytes) = row[5] { properties = bitmaps.names(in: bytes, of: entity) }
            transactions[position].changes.append(
                PersistentHistoryChange(
                    changeID: changeID, changeType: changeType,
                    changedObjectID: ManagedObjectID(entity: entity, primaryKey: key, storeTag: tag),
                    updatedProperties: properties, transactionNumber: number))
        }
        return transactions
    }

    /// Deletes the transactions before `bound` with their changes, returning how many.
    func delete(before bound: HistoryBound) throws -> Int {
        let condition: (sql: String, argument: SQLiteValue)
        switch bound {
        case .transaction(let number): condition = ("Z_PK < ?", .integer(number))
        case .date(let date): condition = ("ZTIMESTAMP < ?", .real(date.timeIntervalSinceReferenceDate))
        }
        try database.perform(
            "DELETE FROM ACHANGE WHERE ZTRANSACTIONID IN (SELECT Z_PK FROM ATRANSACTION WHERE \(condition.sql))",
            [condition.argument])
        let deleted = try database.rows("DELETE FROM ATRANSACTION WHERE \(condition.sql) RETURNING Z_PK", [condition.argument])
        return deleted.count
    }

    /// The number of the newest transaction; 0 without any.
    func lastTransactionNumber() throws -> Int64 {
        let rows = try database.rows("SELECT MAX(Z_PK) FROM ATRANSACTION", [])
        guard case .integer(let number) = rows.first?.first else { return 0 }
        return number
    }

    /// Optional text as a value.
    private static func text(_ string: String?) -> SQLiteValue { string.map { .text($0) } ?? .null }

    /// A text value as a string; `nil` for anything else.
    private static func string(_ value: SQLiteValue) -> String? {
        if case .text(let string) = value { return string }
        return nil
    }

    /// A time as seconds since 2001, however the column holds it.
    private static func seconds(_ value: SQLiteValue) -> Double {
        switch value {
        case .real(let seconds): seconds
        case .integer(let seconds): Double(seconds)
        default: 0
        }
    }
}
