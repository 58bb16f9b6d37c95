import Foundation
import ObjectGraphSQLite

/// Reads an em store with SQLite directly, behind em's back: its integrity, its logical dump,
/// and the rows the stress checks count (teams, players, a match's result).
///
/// The store is Core Data's SQLite layout: a table per entity (`ZTEAM`, `ZMATCH`,
/// `ZCOMPETITION`), players and coaches both in `ZHUMAN` told apart by `Z_ENT`, and entity
/// numbers in `Z_PRIMARYKEY`.
struct StoreReader {
    /// The open database.
    private let connection: SQLiteConnection

    /// Opens the store at `path` for reading; it is never created, and closing it leaves its
    /// write-ahead log as it was.
    ///
    /// - Parameter path: The store file.
    /// - Throws: `SQLiteError` when the file is missing or cannot be opened.
    init(path: String) throws {
        connection = try SQLiteConnection(path: path, create: false)
        connection.setCheckpointsOnClose(false)
        connection.setBusyTimeout(ms: 5000)
    }

    /// The rows of one query, each value as a SQL literal.
    ///
    /// - Parameters:
    ///   - sql: One statement.
    ///   - arguments: Its parameters.
    private func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        try connection.prepare(sql).rows(arguments)
    }

    /// What `PRAGMA integrity_check` says: "ok", or its complaints joined by "; ".
    func integrity() throws -> String {
        try rows("PRAGMA integrity_check").map { $0.first?.description ?? "" }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }.joined(separator: "; ")
    }

    /// Every table's rows and the schema.
    ///
    /// - Throws: `SQLiteError` when the file is not a database or cannot be read.
    func dump() throws -> StoreDump {
        let schema = try rows("SELECT type, name, tbl_name, sql FROM sqlite_master")
        var columns = ["sqlite_master": ["type", "name", "tbl_name", "sql"]]
        var contents = ["sqlite_master": schema.map { $0.map(\.description) }.sorted { $0.lexicographicallyPrecedes($1) }]
        let tables = schema.filter { $0[0] == .text("table") }.compactMap { row -> String? in
            guard case .text(let name) = row[1], !name.hasPrefix("sqlite_") else { return nil }
            return name
        }
        let uuid = try storeUUID(tables: tables)
        for table in tables {
            let statement = try connection.prepare("SELECT * FROM \"\(table)\"")
            columns[table] = (0..<statement.columnCount).map { statement.columnName($0) }
            // A transaction of the history records when, by which process and with which
            // command line (the store's path): two runs of one command differ there only.
            let volatile = table == "ATRANSACTION" ? Set(["ZTIMESTAMP", "ZPROCESSID", "ZCONTEXTNAME"]) : []
            let blanked = Set(columns[table]!.indices.filter { volatile.contains(columns[table]![$0]) })
            contents[table] = try statement.rows().map { row in
                row.enumerated().map { index, value in
                    blanked.contains(index) ? "?" : Self.blanking(uuid, in: value).description
                }
            }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        return StoreDump(columns: columns, rows: contents)
    }

    /// The store's UUID from `Z_METADATA`, if the table is there.
    ///
    /// - Parameter tables: The store's tables.
    private func storeUUID(tables: [String]) throws -> String? {
        guard tables.contains("Z_METADATA") else { return nil }
        guard case .text(let uuid) = try rows("SELECT Z_UUID FROM Z_METADATA").first?.first else { return nil }
        return uuid.isEmpty ? nil : uuid
    }

    /// `value` with every occurrence of `uuid` (as text, or as the bytes of a blob such as
    /// the metadata plist) replaced by zeros of the same length.
    ///
    /// - Parameters:
    ///   - uuid: The store's UUID, or `nil` to leave `value` alone.
    ///   - value: One value of the dump.
    private static func blanking(_ uuid: String?, in value: SQLiteValue) -> SQLiteValue {
        guard let uuid else { return value }
        let blank = String(repeating: "0", count: uuid.utf8.count)
        switch value {
        case .text(let text): return .text(text.replacingOccurrences(of: uuid, with: blank))
        case .blob(let bytes):
            return .blob(bytes.replacing(Array(uuid.utf8), with: Array(blank.utf8)))
        default: return value
        }
    }

    /// Every team's FIFA code and German name.
    func teams() throws -> [(code: String, name: String)] {
        try rows("SELECT ZCODE, ZNAME FROM ZTEAM").map { (Self.text($0[0]), Self.text($0[1])) }
    }

    /// Every player's team (by FIFA code), shirt number and family name.
    ///
    /// A player's team is the `ZTEAM…` column of `ZHUMAN` that players fill (coaches fill another).
    func players() throws -> [(team: String, number: Int, name: String)] {
        guard case .integer(let entity) = try rows("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Player'").first?.first
        else { return [] }
        var best: (column: String, count: Int64)?
        for column in try rows("SELECT name FROM pragma_table_info('ZHUMAN') WHERE name LIKE 'ZTEAM%'").map({ Self.text($0[0]) })
        {
            let filled = try rows("SELECT count(*) FROM ZHUMAN WHERE Z_ENT = ? AND \(column) IS NOT NULL", [.integer(entity)])
            if case .integer(let count) = filled.first?.first, count > (best?.count ?? -1) { best = (column, count) }
        }
        guard let column = best?.column else { return [] }
        let sql = """
            SELECT t.ZCODE, h.ZNUMBER, h.ZNAME FROM ZHUMAN h LEFT JOIN ZTEAM t ON t.Z_PK = h.\(column)
            WHERE h.Z_ENT = ?
            """
        return try rows(sql, [.integer(entity)]).map { row in
            guard case .integer(let number) = row[1] else { return (Self.text(row[0]), -1, Self.text(row[2])) }
            return (Self.text(row[0]), Int(number), Self.text(row[2]))
        }
    }

    /// The goals of the match between `home` and `away` (FIFA codes, home first), or `nil`
    /// when it has no result or there is no such match.
    ///
    /// - Parameters:
    ///   - home: The home team's code.
    ///   - away: The away team's code.
    func result(home: String, away: String) throws -> (home: Int, away: Int)? {
        let sql = """
            SELECT m.ZHOMEGOALS, m.ZAWAYGOALS FROM ZMATCH m JOIN ZTEAM h ON h.Z_PK = m.ZHOMETEAM
            JOIN ZTEAM a ON a.Z_PK = m.ZAWAYTEAM WHERE h.ZCODE = ? AND a.ZCODE = ?
            """
        guard let row = try rows(sql, [.text(home), .text(away)]).first,
            case .integer(let homeGoals) = row[0], case .integer(let awayGoals) = row[1]
        else { return nil }
        return (Int(homeGoals), Int(awayGoals))
    }

    /// A value read as text; `NULL` and other classes as their SQL literal.
    ///
    /// - Parameter value: A column's value.
    private static func text(_ value: SQLiteValue) -> String {
        if case .text(let text) = value { return text }
        return value.description
    }
}
