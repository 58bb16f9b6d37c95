// Unsafe: C interop with SQLite: raw pointers into C strings and SQLite's values, and Swift boxes handed to SQLite
// as context pointers (`Unmanaged`: `TraceBox` unretained, `FunctionBox` retained). Invariants: at each use.

import CSQLite

/// One open SQLite database: runs SQL, caches prepared statements, wraps transactions.
///
/// A connection is confined to one thread at a time (it is opened with `SQLITE_OPEN_NOMUTEX`
/// and is not `Sendable`). It knows nothing of objects: it runs the SQL it is given and reports
/// every failure as an ``SQLiteError`` that carries the SQL that ran.
///
/// The C handle has exactly one owner, ``Handle``, shared by the connection and by every
/// statement prepared on it, so a statement that outlives its connection still runs, and the
/// handle is closed when the last of them goes away.
package final class SQLiteConnection {
    /// The owner of the `sqlite3` pointer: closes it when the connection and all its statements are gone.
    ///
    /// Statements hold the handle rather than the connection so that the connection's statement
    /// cache (connection → statement) does not form a reference cycle (statement → connection).
    package final class Handle {
        /// The `sqlite3 *` connection pointer.
        let pointer: OpaquePointer

        /// Takes ownership of an open connection pointer.
        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit {
            // Every statement holds this handle, so all of them are finalized by now and
            // close cannot be left waiting on one.
            let code = sqlite3_close_v2(pointer)
            assert(code == SQLITE_OK, "sqlite3_close_v2 failed with code \(code)")
        }

        /// The error SQLite recorded for the last failed call on this connection.
        ///
        /// - Parameters:
        ///   - code: The result code the failed call returned.
        ///   - sql: The SQL that was running.
        func error(_ code: Int32, sql: String?) -> SQLiteError {
            SQLiteError(resultCode: code, message: String(cString: sqlite3_errmsg(pointer)), sql: sql)
        }
    }

    /// The shared owner of the C connection handle; its `pointer` is the raw `sqlite3 *`.
    package let handle: Handle

    /// Prepared statements by SQL text, reused by ``cachedStatement(_:)``.
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Keeps the trace handler alive while SQLite holds a pointer to it.
    private var traceBox: TraceBox?

    /// The version of the SQLite library in use, such as "3.40.1".
    package static var libraryVersion: String {
        String(cString: sqlite3_libversion())
    }

    /// Opens a database file, or a private in-memory database for the path `":memory:"`.
    ///
    /// Extended result codes are on. The path is a plain file name: URI file names are not requested.
    ///
    /// - Parameters:
    ///   - path: The database file, or `":memory:"`.
    ///   - readOnly: Opens the database for reading only; `create` is then ignored.
    ///   - create: Creates the file when it does not exist.
    /// - Throws: ``SQLiteError`` (typically `SQLITE_CANTOPEN`) when the file cannot be opened.
    ///   A file that exists but is not a database opens fine; the first statement fails with `SQLITE_NOTADB`.
    /// - Complexity: Touches the disk.
    package init(path: String, readOnly: Bool = false, create: Bool = true) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        }
        var pointer: OpaquePointer?
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let reason = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            // https://www.sqlite.org/c3ref/open.html
            // > Whether or not an error occurs when it is opened, resources associated with the
            // > database connection handle should be released by passing it to sqlite3_close()
            // > when it is no longer required.
            // Closing NULL is a harmless no-op.
            _ = sqlite3_close_v2(pointer)
            throw SQLiteError(resultCode: code == SQLITE_OK ? SQLITE_INTERNAL : code, message: "\(reason): \(path)")
        }
        handle = Handle(pointer)
    }

    deinit {
        if traceBox != nil {
            sqlite3_trace_v2(handle.pointer, 0, nil, nil)
        }
        // Finalizes every cached statement nobody else holds; the handle closes after the last one.
        statementCache.removeAll()
    }

    // MARK: Running SQL

    /// Runs one or more SQL statements separated by semicolons, without parameters.
    ///
    /// Rows the statements return are stepped over and dropped. Statements run in order until
    /// the first failure; those before it stay done (wrap the call in ``inTransaction(_:)`` to
    /// make the script atomic).
    ///
    /// - Parameter sql: The SQL script.
    /// - Throws: ``SQLiteError`` carrying the text of the statement that failed.
    /// - Complexity: Touches the disk.
    package func execute(_ sql: String) throws {
        try sql.withCString { start in
            let end = start + sql.utf8.count
            var cursor = start
            while true {
                while cursor < end, Self.isWhitespace(cursor.pointee) {
                    cursor += 1
                }
                // SQLite, too, reads C strings only up to the first NUL.
                if cursor == end || cursor.pointee == 0 { return }
                var statement: OpaquePointer?
                // SQLite reads at most `end - cursor` bytes and sets `tail` within them: every pointer here
                // stays inside the C string, which is valid for the whole closure.
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle.pointer, cursor, Int32(end - cursor), &statement, &tail)
                guard code == SQLITE_OK else {
                    throw handle.error(code, sql: String(cString: cursor))
                }
                guard let tail, tail > cursor else { return }
                cursor = tail
                // A remaining comment prepares to no statement.
                guard let statement else { continue }
                defer { sqlite3_finalize(statement) }
                var stepCode: Int32
                repeat {
                    stepCode = sqlite3_step(statement)
                } while stepCode == SQLITE_ROW
                guard stepCode == SQLITE_DONE else {
                    throw handle.error(stepCode, sql: String(cString: sqlite3_sql(statement)))
                }
            }
        }
    }

    /// Runs one SQL statement with bound parameters, through the statement cache.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement with `?` placeholders.
    ///   - arguments: One value per placeholder, in order.
    /// - Throws: ``SQLiteError`` when the SQL does not prepare, the argument count differs from
    ///   the placeholder count, or the statement fails.
    /// - Complexity: Touches the disk.
    package func execute(_ sql: String, _ arguments: [SQLiteValue]) throws {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        try statement.run()
    }

    /// Compiles one SQL statement; the caller owns the result.
    ///
    /// - Parameter sql: Exactly one SQL statement; a trailing semicolon and comments are allowed.
    /// - Returns: A new statement, not cached.
    /// - Throws: ``SQLiteError`` when the SQL does not compile, holds no statement, or holds more than one.
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(connection: handle, sql: sql, isPersistent: false)
    }

    /// Returns the connection's prepared statement for this SQL, compiling it on first use.
    ///
    /// The statement comes back reset, with its bindings cleared. It stays in the cache for the
    /// life of the connection, so use it for SQL from a fixed set, not for SQL built from values.
    /// A later call with the same SQL returns the same object and resets it, so do not keep
    /// stepping a cached statement across such a call.
    ///
    /// - Parameter sql: Exactly one SQL statement.
    /// - Returns: The shared statement for `sql`.
    /// - Throws: ``SQLiteError`` when the SQL does not compile, holds no statement, or holds more than one.
    package func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statementCache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try SQLiteStatement(connection: handle, sql: sql, isPersistent: true)
        statementCache[sql] = statement
        return statement
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// At the top level this is `BEGIN IMMEDIATE` … `COMMIT`, so the write lock is taken up front
    /// and a busy database fails at `BEGIN`, not halfway through. Called while a transaction is
    /// already open (nested, or after a manual `BEGIN`), it uses a savepoint instead:
    /// `SAVEPOINT og_transaction` … `RELEASE og_transaction`, and on error
    /// `ROLLBACK TO og_transaction` then `RELEASE og_transaction`, which undoes only the nested
    /// work and leaves the enclosing transaction open.
    ///
    /// - Parameter body: The work to do atomically.
    /// - Returns: What `body` returns.
    /// - Throws: The error `body` threw, after rolling back; or ``SQLiteError`` when beginning or
    ///   committing fails (a failed commit is rolled back too).
    /// - Complexity: Touches the disk.
    package func inTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction {
            return try inSavepoint(body)
        }
        try cachedStatement("BEGIN IMMEDIATE").run()
        let result: T
        do {
            result = try body()
            try cachedStatement("COMMIT").run()
        } catch {
            // SQLite rolls back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, ...).
            if isInTransaction {
                try? cachedStatement("ROLLBACK").run()
            }
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint of the current transaction.
    private func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        try cachedStatement("SAVEPOINT og_transaction").run()
        let result: T
        do {
            result = try body()
        } catch {
            if isInTransaction {
                try? cachedStatement("ROLLBACK TO og_transaction").run()
                try? cachedStatement("RELEASE og_transaction").run()
            }
            throw error
        }
        try cachedStatement("RELEASE og_transaction").run()
        return result
    }

    // MARK: State

    /// The rowid of the most recent successful `INSERT` on this connection.
    package var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle.pointer)
    }

    /// The number of rows inserted, updated or deleted by the most recent such statement.
    package var changes: Int {
        Int(sqlite3_changes64(handle.pointer))
    }

    /// A number that changes whenever the main database changes.
    ///
    /// Changes through this connection or any other count (`SQLITE_FCNTL_DATA_VERSION`): equal
    /// numbers read at two times mean nobody changed the database in between. Changes by others
    /// show once this connection has started a transaction (a statement, or `BEGIN`) after them.
    package var dataVersion: UInt32 {
        var version: UInt32 = 0
        _ = sqlite3_file_control(handle.pointer, "main", SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    /// Whether a transaction is open, that is, the connection is not in autocommit mode.
    package var isInTransaction: Bool {
        sqlite3_get_autocommit(handle.pointer) == 0
    }

    /// Makes statements wait for a locked database instead of failing at once with `SQLITE_BUSY`.
    ///
    /// - Parameter ms: How long to keep retrying, in milliseconds; zero or less turns waiting off.
    package func setBusyTimeout(ms: Int) {
        sqlite3_busy_timeout(handle.pointer, Int32(clamping: ms))
    }

    // MARK: Tracing

    /// Called with the SQL text (with `?` placeholders, not values) of each statement as it starts running.
    ///
    /// Each execution of a statement is reported once, not each row; statements run by
    /// triggers are not reported. Setting `nil` removes the hook.
    package var traceHandler: ((String) -> Void)? {
        get { traceBox?.handler }
        set {
            guard let newValue else {
                sqlite3_trace_v2(handle.pointer, 0, nil, nil)
                traceBox = nil
                return
            }
            let box = TraceBox(newValue)
            sqlite3_trace_v2(
                handle.pointer, UInt32(SQLITE_TRACE_STMT),
                { _, context, statement, text in
                    guard let context, let text else { return 0 }
                    let sql = text.assumingMemoryBound(to: CChar.self)
                    // Trigger programs are announced with a "-- TRIGGER name" comment in place of
                    // the statement's own text.
                    if sql[0] == 0x2D, sql[1] == 0x2D, sql != sqlite3_sql(OpaquePointer(statement)) {
                        return 0
                    }
                    // Unretained: `traceBox` keeps the box while SQLite points at it (`deinit` removes the
                    // hook first), and the hook runs on the connection's thread.
                    Unmanaged<TraceBox>.fromOpaque(context).takeUnretainedValue().handler(String(cString: sql))
                    return 0
                }, Unmanaged.passUnretained(box).toOpaque())
            // Replaced only after SQLite points at the new box, so the old one is never dangling.
            traceBox = box
        }
    }

    // MARK: Functions

    /// Registers a scalar SQL function implemented in Swift, replacing any with the same name and arity.
    ///
    /// SQLite owns a retained box holding `body` and releases it when the function is replaced
    /// or the connection closes. An error thrown by `body` fails the SQL statement: the
    /// statement throws an ``SQLiteError`` with the error's description as message (and, when
    /// `body` throws an ``SQLiteError``, its message and result code).
    ///
    /// - Parameters:
    ///   - name: The SQL name, such as `"fold"`.
    ///   - argumentCount: The number of arguments, or -1 for any number.
    ///   - deterministic: Whether equal arguments always give equal results, which lets SQLite
    ///     use the function in indexes and factor calls out of loops.
    ///   - body: Computes the result from the arguments.
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration (an invalid name or
    ///   argument count, or `SQLITE_BUSY` while statements are running).
    package func createFunction(
        _ name: String,
        argumentCount: Int32,
        deterministic: Bool = true,
        _ body: @escaping ([SQLiteValue]) throws -> SQLiteValue
    ) throws {
        let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        let textRepresentation = SQLITE_UTF8 | (deterministic ? SQLITE_DETERMINISTIC : 0)
        let code = sqlite3_create_function_v2(
            handle.pointer, name, argumentCount, textRepresentation, box,
            { context, count, values in
                // Alive: SQLite holds the retain taken above until it calls the destructor below.
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                var arguments: [SQLiteValue] = []
                arguments.reserveCapacity(Int(count))
                for index in 0..<Int(count) {
                    arguments.append(SQLiteValue(functionArgument: values![index]!))
                }
                do {
                    try box.body(arguments).setResult(of: context)
                } catch let error as SQLiteError {
                    sqlite3_result_error(context, error.message, -1)
                    sqlite3_result_error_code(context, error.resultCode)
                } catch {
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            },
            nil, nil,
            // Also called by SQLite when registration fails, so the box never leaks.
            { box in Unmanaged<FunctionBox>.fromOpaque(box!).release() }
        )
        guard code == SQLITE_OK else {
            let error = handle.error(code, sql: nil)
            throw SQLiteError(
                resultCode: code,
                message: "cannot register function \(name)/\(argumentCount): \(error.message)"
            )
        }
    }

    // MARK: Private

    /// Whether a byte is SQL whitespace (space, tab, newline, vertical tab, form feed, carriage return).
    private static func isWhitespace(_ byte: CChar) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}

@available(*, unavailable)
extension SQLiteConnection.Handle: Sendable {}

/// Holds a trace handler at a stable address for SQLite's context pointer.
private final class TraceBox {
    /// The handler to call with each statement's SQL.
    package let handler: (String) -> Void

    /// Boxes a handler.
    package init(_ handler: @escaping (String) -> Void) {
        self.handler = handler
    }
}

/// Holds a SQL function's implementation at a stable address for SQLite's user-data pointer.
private final class FunctionBox {
    /// The function's implementation.
    package let body: ([SQLiteValue]) throws -> SQLiteValue

    /// Boxes an implementation.
    package init(_ body: @escaping ([SQLiteValue]) throws -> SQLiteValue) {
        self.body = body
    }
}

extension SQLiteValue {
    /// Reads an argument passed to an application-defined SQL function.
    ///
    /// - Parameter value: A `sqlite3_value *`.
    fileprivate init(functionArgument value: OpaquePointer) {
        // SQLite's text and blob pointers stay valid until the value changes: they are copied at once.
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            // The text pointer must be fetched before the byte count.
            let text = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .text(
                text.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
            )
        case SQLITE_BLOB:
            let bytes = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(bytes.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
        default:
            self = .null
        }
    }

    /// Makes this value the result of an application-defined SQL function call.
    ///
    /// - Parameter context: The `sqlite3_context *` of the call.
    fileprivate func setResult(of context: OpaquePointer?) {
        // Text and blobs are passed as `SQLITE_TRANSIENT`: SQLite copies them before the call returns, so the
        // pointers need to live no longer than the closures that lend them.
        switch self {
        case .null:
            sqlite3_result_null(context)
        case .integer(let value):
            sqlite3_result_int64(context, value)
        case .real(let value):
            sqlite3_result_double(context, value)
        case .text(var value):
            value.withUTF8 { buffer in
                guard let base = buffer.baseAddress else {
                    return sqlite3_result_text64(context, "", 0, SQLiteStatement.transient, UInt8(SQLITE_UTF8))
                }
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                    sqlite3_result_text64(
                        context, text, UInt64(buffer.count), SQLiteStatement.transient, UInt8(SQLITE_UTF8)
                    )
                }
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress, !buffer.isEmpty {
                    sqlite3_result_blob64(context, base, UInt64(buffer.count), SQLiteStatement.transient)
                } else {
                    sqlite3_result_zeroblob(context, 0)
                }
            }
        }
    }
}
