import CSQLite3
import Foundation

/// The raw C baseline's connection: a bare `sqlite3 *` and the helpers every C program writes.
///
/// The helpers are open, exec and prepare. The workloads call `sqlite3_step`, `sqlite3_bind_*`
/// and `sqlite3_column_*` themselves, with no Swift layer in between.
final class RawDatabase {
    let handle: OpaquePointer
    /// The database file.
    let path: String

    /// Opens an existing database with the pragmas ObjectGraph's store uses (the file is
    /// already in WAL mode; `synchronous = NORMAL` is per connection).
    init(path: String) throws {
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let pointer else {
            // https://www.sqlite.org/c3ref/open.html: a handle is usually returned even on
            // failure and must still be closed.
            sqlite3_close_v2(pointer)
            throw RawError(code: code, message: "cannot open \(path)", sql: nil)
        }
        handle = pointer
        self.path = path
        try execute("PRAGMA synchronous = NORMAL")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs SQL without results.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql) }
    }

    /// Prepares one statement; the caller finalizes it.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return statement
    }

    /// Steps a statement that returns no row (or whose rows are ignored) and resets it.
    func run(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, String(cString: sqlite3_sql(statement))) }
        sqlite3_reset(statement)
    }

    /// The integers of the single row of a query.
    func integers(_ sql: String) throws -> [Int64] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw error(sqlite3_errcode(handle), sql) }
        return (0..<sqlite3_column_count(statement)).map { sqlite3_column_int64(statement, $0) }
    }

    /// The text of the single row of a query.
    func text(_ sql: String) throws -> String {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
            throw error(sqlite3_errcode(handle), sql)
        }
        return String(cString: text)
    }

    /// The blob of the single row of a query.
    func blob(_ sql: String) throws -> Data {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw error(sqlite3_errcode(handle), sql) }
        return Data(bytes: sqlite3_column_blob(statement, 0), count: Int(sqlite3_column_bytes(statement, 0)))
    }

    /// Copies the database into a new file with SQLite's online backup API, in one step.
    func backup(to path: String) throws {
        var pointer: OpaquePointer?
        guard sqlite3_open_v2(path, &pointer, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let copy = pointer
        else {
            sqlite3_close_v2(pointer)
            throw RawError(code: 0, message: "cannot open \(path)", sql: nil)
        }
        defer { sqlite3_close_v2(copy) }
        guard let backup = sqlite3_backup_init(copy, "main", handle, "main") else {
            throw RawError(code: sqlite3_errcode(copy), message: "cannot back up to \(path)", sql: nil)
        }
        let code = sqlite3_backup_step(backup, -1)
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            throw RawError(code: code, message: "backup to \(path) failed", sql: nil)
        }
    }

    func error(_ code: Int32, _ sql: String?) -> RawError {
        RawError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// A failed SQLite call of the raw baseline, with the SQL that ran.
struct RawError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var sql: String?

    var description: String { "SQLite error \(code): \(message)" + (sql.map { " in \($0)" } ?? "") }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns (the C macro is not
/// imported into Swift).
// Named as the C macro it stands in for.
// swift-format-ignore: AlwaysUseLowerCamelCase
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension String {
    /// A column's text as a Swift string (NULL reads as "").
    init(column: Int32, of statement: OpaquePointer) {
        guard let text = sqlite3_column_text(statement, column) else {
            self = ""
            return
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        self = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}
