// Unsafe: C interop with SQLite: raw pointers into C strings and column values, and a row buffer SQLite reads in
// place (`rowText`). Invariants: at each use.

import CSQLite

/// One compiled SQL statement: bind parameters, step through rows, read columns.
///
/// Parameters are numbered from 1, as in SQLite (`?1`, `?2`, ...); columns are numbered from 0.
/// The typed binds and readers call straight into SQLite and allocate only for the `String`
/// or `[UInt8]` they return, so a loop over rows costs what the C loop costs.
///
/// A statement holds its connection's C handle, so the connection stays open as long as the
/// statement exists. It is confined to one thread at a time, like its connection.
package final class SQLiteStatement {
    /// The SQL text the statement was compiled from.
    package let sql: String

    /// The `sqlite3_stmt *` this statement owns and finalizes.
    package let handle: OpaquePointer

    /// The connection handle, held so that the connection cannot close under the statement.
    private let connection: SQLiteConnection.Handle

    /// The text of the row being bound with ``bindRowText(_:at:)``, which SQLite reads in
    /// place instead of copying it; allocated on first use, freed with the statement.
    ///
    /// SQLite may read a text bound from it until the statement is finalized or the parameter is
    /// bound again: the buffer never moves, and is freed only after `sqlite3_finalize` (`deinit`).
    /// Its bytes are overwritten only after ``startRow()``, whose callers bind every parameter
    /// again before the next ``step()``.
    private var rowText: UnsafeMutableRawBufferPointer?
    /// How many bytes of ``rowText`` the row being bound uses.
    private var rowTextCount = 0
    /// The size of ``rowText``; longer text is copied by SQLite instead.
    private static let rowTextCapacity = 4096

    /// SQLite's `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns.
    ///
    /// In C, `((sqlite3_destructor_type)-1)`, a macro Swift does not import: the bit cast makes the
    /// same value. Pointers passed with it need to live only during the call.
    package static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    /// Compiles one SQL statement.
    ///
    /// - Parameters:
    ///   - connection: The connection to compile on.
    ///   - sql: Exactly one statement; a trailing semicolon and comments are allowed.
    ///   - isPersistent: Hints SQLite that the statement will be reused many times.
    /// - Throws: ``SQLiteError`` when the SQL does not compile, holds no statement, or holds more than one.
    package init(connection: SQLiteConnection.Handle, sql: String, isPersistent: Bool) throws {
        let flags = isPersistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let handle: OpaquePointer = try sql.withCString { start in
            var statement: OpaquePointer?
            // `tail` points into the C string, valid for this closure, where it is used (`hasStatement`).
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection.pointer, start, -1, flags, &statement, &tail)
            guard code == SQLITE_OK else {
                throw connection.error(code, sql: sql)
            }
            guard let statement else {
                throw SQLiteError(resultCode: SQLITE_MISUSE, message: "no SQL statement to prepare", sql: sql)
            }
            if let tail, Self.hasStatement(tail, connection: connection) {
                sqlite3_finalize(statement)
                throw SQLiteError(
                    resultCode: SQLITE_MISUSE,
                    message: "more than one SQL statement to prepare; run scripts with execute(_:)",
                    sql: sql
                )
            }
            return statement
        }
        self.sql = sql
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
        rowText?.deallocate()
    }

    /// Whether SQL text holds anything but whitespace and comments.
    ///
    /// `text` is NUL-terminated: the scan stops at the NUL at the latest.
    private static func hasStatement(_ text: UnsafePointer<CChar>, connection: SQLiteConnection.Handle) -> Bool {
        var cursor = text
        while cursor.pointee == 0x20 || (0x09...0x0D).contains(cursor.pointee) {
            cursor += 1
        }
        if cursor.pointee == 0 { return false }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection.pointer, cursor, -1, &statement, nil)
        sqlite3_finalize(statement)
        return code != SQLITE_OK || statement != nil
    }

    // MARK: Binding

    /// The number of parameters (the largest `?NNN` index).
    package var parameterCount: Int32 {
        sqlite3_bind_parameter_count(handle)
    }

    /// Binds all parameters at once, the first value to parameter 1.
    ///
    /// - Parameter values: Exactly one value per parameter.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the count differs from ``parameterCount``,
    ///   or the error of the failing bind.
    package func bind(_ values: [SQLiteValue]) throws {
        guard values.count == Int(parameterCount) else {
            throw SQLiteError(
                resultCode: SQLITE_RANGE,
                message: "statement expects \(parameterCount) arguments, got \(values.count)",
                sql: sql
            )
        }
        var index: Int32 = 1
        for value in values {
            try bind(value, at: index)
            index += 1
        }
    }

    /// Binds a value of any storage class.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    package func bind(_ value: SQLiteValue, at index: Int32) throws {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let value): try bind(value, at: index)
        case .real(let value): try bind(value, at: index)
        case .text(let value): try bind(value, at: index)
        case .blob(let value): try bind(value, at: index)
        }
    }

    /// Binds an integer.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    package func bind(_ value: Int64, at index: Int32) throws {
        let code = sqlite3_bind_int64(handle, index, value)
        if code != SQLITE_OK { throw bindError(code, at: index) }
    }

    /// Binds a double; SQLite stores NaN as `NULL`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    package func bind(_ value: Double, at index: Int32) throws {
        let code = sqlite3_bind_double(handle, index, value)
        if code != SQLITE_OK { throw bindError(code, at: index) }
    }

    /// Binds text; SQLite copies it, and an empty string stays text, not `NULL`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range, the statement is running, or the text is too big.
    package func bind(_ value: String, at index: Int32) throws {
        var value = value
        let code = value.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                return sqlite3_bind_text64(handle, index, "", 0, Self.transient, UInt8(SQLITE_UTF8))
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                sqlite3_bind_text64(handle, index, text, UInt64(buffer.count), Self.transient, UInt8(SQLITE_UTF8))
            }
        }
        if code != SQLITE_OK { throw bindError(code, at: index) }
    }

    /// Starts binding a row: text bound with ``bindRowText(_:at:)`` since the last call may be
    /// overwritten, so every text parameter bound that way must be bound again before the
    /// next ``step()``.
    package func startRow() {
        rowTextCount = 0
    }

    /// Binds text that SQLite reads in place from the statement's buffer for the row.
    ///
    /// SQLite makes no copy of its own (a memory allocation and release per value). The text
    /// stays there until the next ``startRow()``.
    ///
    /// - Parameters:
    ///   - value: The text.
    ///   - index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    package func bindRowText(_ value: String, at index: Int32) throws {
        // Too long for what is left of the buffer: SQLite copies it.
        guard value.utf8.count <= Self.rowTextCapacity - rowTextCount else { return try bind(value, at: index) }
        var value = value
        // SQLite reads the bytes in place (see `rowText`), which the guard above keeps within it.
        let code = value.withUTF8 { utf8 -> Int32 in
            let buffer =
                rowText ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.rowTextCapacity, alignment: 8)
            rowText = buffer
            let text = buffer.baseAddress! + rowTextCount
            if let source = utf8.baseAddress { text.copyMemory(from: source, byteCount: utf8.count) }
            rowTextCount += utf8.count
            // A nil destructor is SQLITE_STATIC: SQLite reads the bytes where they are.
            return sqlite3_bind_text64(
                handle, index, text.assumingMemoryBound(to: CChar.self), UInt64(utf8.count), nil, UInt8(SQLITE_UTF8))
        }
        if code != SQLITE_OK { throw bindError(code, at: index) }
    }

    /// Binds bytes; SQLite copies them, and an empty array stays an empty blob, not `NULL`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range, the statement is running, or the blob is too big.
    package func bind(_ value: [UInt8], at index: Int32) throws {
        // The bytes are lent for the call only: SQLite copies them (`transient`).
        let code = value.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), Self.transient)
        }
        if code != SQLITE_OK { throw bindError(code, at: index) }
    }

    /// Binds `NULL`.
    ///
    /// - Parameter index: The parameter index, from 1.
    /// - Throws: ``SQLiteError`` when the index is out of range or the statement is running.
    package func bindNull(at index: Int32) throws {
        let code = sqlite3_bind_null(handle, index)
        if code != SQLITE_OK { throw bindError(code, at: index) }
    }

    /// Sets every parameter back to `NULL`.
    package func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    /// Describes a failed bind, naming the parameter.
    @inline(never)
    private func bindError(_ code: Int32, at index: Int32) -> SQLiteError {
        switch code {
        case SQLITE_RANGE:
            SQLiteError(
                resultCode: code,
                message: "parameter index \(index) is out of range 1...\(parameterCount)",
                sql: sql
            )
        case SQLITE_MISUSE:
            SQLiteError(
                resultCode: code,
                message: "cannot bind parameter \(index) of a running statement; reset it first",
                sql: sql
            )
        default:
            SQLiteError(
                resultCode: code,
                message: "cannot bind parameter \(index): \(String(cString: sqlite3_errstr(code)))",
                sql: sql
            )
        }
    }

    // MARK: Running

    /// Runs the statement to its next row.
    ///
    /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` carrying this statement's SQL; ``reset()`` before running it again.
    /// - Complexity: Touches the disk.
    package func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw connection.error(code, sql: sql)
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    ///
    /// Also ends the statement's read of the database, which matters in WAL mode.
    package func reset() {
        // Returns the code of the last failed step, which step() already reported.
        sqlite3_reset(handle)
    }

    /// Runs the statement to completion, dropping any rows, then resets it.
    ///
    /// - Parameter arguments: When not empty, bound first (one per parameter); when empty,
    ///   the statement runs with the values already bound.
    /// - Throws: ``SQLiteError`` carrying this statement's SQL.
    /// - Complexity: Touches the disk.
    package func run(_ arguments: [SQLiteValue] = []) throws {
        reset()
        defer { reset() }
        if !arguments.isEmpty {
            try bind(arguments)
        }
        while try step() {}
    }

    /// Runs the statement to completion and collects every row, then resets it.
    ///
    /// Convenient for small results; for large ones, loop over ``step()`` with the typed readers.
    ///
    /// - Parameter arguments: When not empty, bound first (one per parameter); when empty,
    ///   the statement runs with the values already bound.
    /// - Returns: One array of ``columnCount`` values per row.
    /// - Throws: ``SQLiteError`` carrying this statement's SQL.
    /// - Complexity: Touches the disk; O(rows × columns) memory.
    package func rows(_ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        reset()
        defer { reset() }
        if !arguments.isEmpty {
            try bind(arguments)
        }
        let count = columnCount
        var rows: [[SQLiteValue]] = []
        while try step() {
            var row: [SQLiteValue] = []
            row.reserveCapacity(Int(count))
            for column in 0..<count {
                row.append(value(at: column))
            }
            rows.append(row)
        }
        return rows
    }

    // MARK: Reading

    /// The number of columns in each row.
    package var columnCount: Int32 {
        sqlite3_column_count(handle)
    }

    /// The name of a result column, as given by its `AS` clause or derived by SQLite.
    ///
    /// - Parameter column: The column index, from 0.
    package func columnName(_ column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }

    /// Reads a column of the current row as an integer; `NULL` reads as 0.
    ///
    /// - Parameter column: The column index, from 0.
    package func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// Reads a column of the current row as a double; `NULL` reads as 0.
    ///
    /// - Parameter column: The column index, from 0.
    package func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// Reads a column of the current row as text; `NULL` reads as the empty string.
    ///
    /// Invalid UTF-8 is repaired with replacement characters.
    ///
    /// - Parameter column: The column index, from 0.
    package func text(at column: Int32) -> String {
        optionalText(at: column) ?? ""
    }

    /// Reads a column of the current row as text, or `nil` when it is `NULL` (one call less
    /// than checking ``isNull(at:)`` first).
    ///
    /// Invalid UTF-8 is repaired with replacement characters.
    ///
    /// - Parameter column: The column index, from 0.
    package func optionalText(at column: Int32) -> String? {
        // The pointer must be fetched before the byte count, which it may change. It stays valid until the
        // next step or reset: the bytes are copied into the string at once.
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Reads a column of the current row as bytes; `NULL` reads as an empty array.
    ///
    /// - Parameter column: The column index, from 0.
    package func blob(at column: Int32) -> [UInt8] {
        // Valid until the next step or reset: copied at once (the pointer fetched before the count).
        guard let bytes = sqlite3_column_blob(handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, column))
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Whether a column of the current row is `NULL`.
    ///
    /// - Parameter column: The column index, from 0.
    package func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// Reads a column of the current row in its own storage class.
    ///
    /// - Parameter column: The column index, from 0.
    package func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: .integer(int64(at: column))
        case SQLITE_FLOAT: .real(double(at: column))
        case SQLITE_TEXT: .text(text(at: column))
        case SQLITE_BLOB: .blob(blob(at: column))
        default: .null
        }
    }
}

@available(*, unavailable)
extension SQLiteStatement: Sendable {}
