import CSQLite

/// An error reported by SQLite, with the statement that was running when it happened.
///
/// The description names the result code, SQLite's message and the SQL, on one line, and
/// never the bound argument values, so errors can be logged without leaking user data:
///
/// ```
/// SQLite error 19 (constraint failed): UNIQUE constraint failed: ZTEAM.ZNAME — while running: INSERT INTO ZTEAM(ZNAME) VALUES (?)
/// ```
///
/// Catch a family of errors by its primary code, or one precise error by its extended code:
///
/// ```swift
/// do { try connection.execute(sql, arguments) }
/// catch let error as SQLiteError where error.primaryResultCode == SQLITE_CONSTRAINT { ... }
/// ```
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    ///
    /// Its least significant 8 bits are the primary result code; see ``primaryResultCode``.
    public let resultCode: Int32

    /// SQLite's explanation, such as "UNIQUE constraint failed: ZTEAM.ZNAME".
    public let message: String

    /// The SQL that was running, with `?` placeholders; `nil` when no statement ran (opening a file).
    public let sql: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - resultCode: A primary or extended SQLite result code.
    ///   - message: What went wrong; when `nil`, SQLite's generic text for `resultCode`.
    ///   - sql: The SQL that was running, if any.
    package init(resultCode: Int32, message: String? = nil, sql: String? = nil) {
        self.resultCode = resultCode
        self.message = message ?? String(cString: sqlite3_errstr(resultCode))
        self.sql = sql
    }

    /// The primary result code, such as 19 (`SQLITE_CONSTRAINT`) for every kind of constraint failure.
    public var primaryResultCode: Int32 {
        resultCode & 0xFF
    }

    /// Whether SQLite found the database file malformed (`SQLITE_CORRUPT`) or no database at
    /// all (`SQLITE_NOTADB`).
    public var isDamage: Bool {
        primaryResultCode == SQLITE_CORRUPT || primaryResultCode == SQLITE_NOTADB
    }

    /// One line: the primary code, its generic meaning and SQLite's message, without the SQL,
    /// to show to users: `SQLite error 5 (database is locked): database is locked`.
    public var summary: String {
        let meaning = String(cString: sqlite3_errstr(primaryResultCode))
        return "SQLite error \(primaryResultCode) (\(meaning)): \(message)"
    }

    /// One line: the primary code, its generic meaning, SQLite's message and the SQL that ran.
    ///
    /// Whitespace runs in the SQL (newlines of a formatted statement) are shown as single spaces.
    public var description: String {
        var text = summary
        if let sql {
            let oneLine = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            text += " — while running: \(oneLine)"
        }
        return text
    }
}
