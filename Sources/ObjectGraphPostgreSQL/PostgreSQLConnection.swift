import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection to a PostgreSQL server through libpq (loaded on the first connection, so that a
/// program that never connects does not load it): statements with bound parameters only,
/// prepared once per connection, results in the binary format, and batches of statements sent
/// together in libpq's pipeline mode (one round trip).
///
/// ```swift
/// let connection = try PostgreSQLConnection("postgresql://127.0.0.1/tournaments")
/// let result = try connection.execute("SELECT Z_PK FROM ZTEAM WHERE ZCODE = $1", [.text("GER")])
/// ```
///
/// A connection is used from one thread at a time.
public final class PostgreSQLConnection {
    /// libpq's connection.
    private let handle: OpaquePointer
    /// Names of the statements prepared on this connection, by SQL and parameter types.
    private var prepared: [PreparedKey: String] = [:]
    /// How many round trips to the server the connection has made: each ``execute(_:_:)``,
    /// ``pipeline(_:)`` and statement prepared outside a pipeline is one.
    public private(set) var roundTrips = 0
    /// The most statements kept prepared; further ones run unnamed.
    private static let preparedLimit = 2_000

    private struct PreparedKey: Hashable {
        var sql: String
        var types: [UInt32]
    }

    /// One statement of a ``pipeline(_:)``: its SQL with `$1`, `$2`… placeholders and their
    /// values.
    public struct Statement {
        /// The SQL.
        public var sql: String
        /// The values of its placeholders, in order.
        public var parameters: [PostgreSQLValue]

        /// A statement.
        public init(_ sql: String, _ parameters: [PostgreSQLValue] = []) {
            self.sql = sql
            self.parameters = parameters
        }
    }

    /// Connects.
    ///
    /// - Parameters:
    ///   - connectionString: A `postgresql://` URL or a `key=value` connection string; what it
    ///     leaves out comes from libpq's usual sources (`PGHOST`, `PGPASSWORD`, `~/.pgpass`,
    ///     service files).
    ///   - connectTimeout: Seconds to wait for a server that does not answer, unless the
    ///     connection string sets `connect_timeout`.
    /// - Throws: ``PostgreSQLError`` with ``PostgreSQLError/isConnectionFailure`` set when the
    ///   server cannot be reached or refuses the connection.
    public init(_ connectionString: String, connectTimeout: Int = 5) throws(PostgreSQLError) {
        if let error = og_libpq_load() {
            throw PostgreSQLError(message: "libpq cannot be loaded: \(String(cString: error))", isConnectionFailure: true)
        }
        // Earlier keywords are overridden by what the connection string (dbname) sets.
        // TCP keepalives find a server that vanished without closing the connection (a network
        // partition) within about half a minute, instead of the system's two hours.
        let keywords = [
            "connect_timeout", "keepalives_idle", "keepalives_interval", "keepalives_count", "client_encoding", "dbname",
        ]
        let values = [String(connectTimeout), "10", "5", "3", "UTF8", connectionString]
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in og_PQconnectStartParams(keywords, values, 1) }
        }
        guard let connection else { throw PostgreSQLError(message: "out of memory", isConnectionFailure: true) }
        // Before anything is read: libpq's own processor would print the server's notices, and
        // the error that ends a connection when the server dies, on standard error.
        og_PQsetNoticeProcessor(connection, { _, _ in }, nil)
        let timeout = Self.connectTimeout(of: connection) ?? connectTimeout
        let deadline = Date.now.addingTimeInterval(TimeInterval(max(timeout, 1)))
        var status = PGRES_POLLING_WRITING
        while status != PGRES_POLLING_OK, status != PGRES_POLLING_FAILED {
            let remaining = deadline.timeIntervalSinceNow
            var descriptor = pollfd(
                fd: og_PQsocket(connection), events: Int16(status == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            guard remaining > 0, descriptor.fd >= 0, poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else {
                let reason = descriptor.fd < 0 ? String(cString: og_PQerrorMessage(connection)) : "timeout expired"
                og_PQfinish(connection)
                throw PostgreSQLError(message: reason, isConnectionFailure: true)
            }
            status = og_PQconnectPoll(connection)
        }
        guard status == PGRES_POLLING_OK, og_PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: og_PQerrorMessage(connection))
            og_PQfinish(connection)
            throw PostgreSQLError(message: message, isConnectionFailure: true)
        }
        handle = connection
    }

    /// The `connect_timeout` a connection string set, in seconds.
    private static func connectTimeout(of connection: OpaquePointer) -> Int? {
        guard let options = og_PQconninfo(connection) else { return nil }
        defer { og_PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "connect_timeout", let value = option.pointee.val {
                return Int(String(cString: value))
            }
            option += 1
        }
        return nil
    }

    deinit { og_PQfinish(handle) }

    /// Where a connection string leads, without its password: `host:port/database`, each
    /// part left out when the string does not say it (libpq then takes it from its usual
    /// sources); `nil` for a string libpq cannot parse.
    public static func destination(of connectionString: String) -> String? {
        guard og_libpq_load() == nil, let options = og_PQconninfoParse(connectionString, nil) else { return nil }
        defer { og_PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let host = values["host"] ?? values["hostaddr"] ?? "localhost"
        return "\(host)\(values["port"].map { ":\($0)" } ?? "")/\(values["dbname"] ?? values["user"] ?? "")"
    }

    /// The host the connection reached (a socket folder for a local connection).
    public var host: String { og_PQhost(handle).map { String(cString: $0) } ?? "" }
    /// The port the connection reached.
    public var port: String { og_PQport(handle).map { String(cString: $0) } ?? "" }
    /// The database.
    public var database: String { og_PQdb(handle).map { String(cString: $0) } ?? "" }
    /// The user the connection logged in as.
    public var user: String { og_PQuser(handle).map { String(cString: $0) } ?? "" }

    /// Whether the connection still works: `false` once the server went away.
    public var isConnected: Bool { og_PQstatus(handle) == CONNECTION_OK }

    /// Whether a transaction is open (or failed and not yet rolled back).
    public var isInTransaction: Bool {
        let status = og_PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Runs one statement.
    ///
    /// - Parameters:
    ///   - sql: SQL with `$1`, `$2`… placeholders; never user text.
    ///   - parameters: The placeholders' values.
    /// - Returns: The rows, or how many rows the statement changed.
    /// - Throws: ``PostgreSQLError``.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgreSQLValue] = []) throws(PostgreSQLError) -> PostgreSQLResult {
        try pipeline([Statement(sql, parameters)])[0]
    }

    /// Runs statements in order, sent together and answered together: one round trip.
    ///
    /// - Returns: One result per statement.
    /// - Throws: The first statement's error that failed; the statements after it did not run.
    ///   Statements that ran before it are not undone, unless a transaction they are in is
    ///   rolled back.
    public func pipeline(_ statements: [Statement]) throws(PostgreSQLError) -> [PostgreSQLResult] {
        guard !statements.isEmpty else { return [] }
        roundTrips += 1
        let keys = statements.map { PreparedKey(sql: $0.sql, types: $0.parameters.map(\.typeOID)) }
        // A statement prepared before (or unnamed, past the limit) runs on its own; one to
        // prepare goes in a pipeline, its preparation in the same round trip.
        if statements.count == 1, prepared[keys[0]] != nil || prepared.count >= Self.preparedLimit {
            do {
                return [
                    try Self.check(
                        send(statements[0], name: prepared[keys[0]], send: og_PQexecPrepared, unnamed: og_PQexecParams),
                        on: handle)
                ]
            } catch {
                var located = error
                located.statementIndex = 0
                throw located
            }
        }
        guard og_PQenterPipelineMode(handle) == 1 else { throw connectionError() }
        // What each result read back answers: a statement, or the preparation of one (each
        // statement is prepared in the pipeline, before it first runs, so that it may use a
        // table an earlier statement of the pipeline creates).
        var answers: [(statement: Int, prepared: PreparedKey?)] = []
        var preparing: [PreparedKey: String] = [:]
        var sent = true
        var lastName: String?
        for (index, statement) in statements.enumerated() {
            // A run of one statement (a save's inserts of one entity) looks its name up once.
            var name = index > 0 && keys[index] == keys[index - 1] ? lastName : prepared[keys[index]] ?? preparing[keys[index]]
            if name == nil, prepared.count + preparing.count < Self.preparedLimit {
                let fresh = "og\(prepared.count + preparing.count + 1)"
                guard og_PQsendPrepare(handle, fresh, statement.sql, Int32(keys[index].types.count), keys[index].types) == 1
                else {
                    sent = false
                    break
                }
                preparing[keys[index]] = fresh
                answers.append((index, keys[index]))
                name = fresh
            }
            lastName = name
            guard send(statement, name: name, send: og_PQsendQueryPrepared, unnamed: og_PQsendQueryParams) == 1 else {
                sent = false
                break
            }
            answers.append((index, nil))
        }
        let synced = og_PQpipelineSync(handle) == 1
        var results: [PostgreSQLResult] = []
        var firstError: PostgreSQLError?
        for answer in answers {
            guard let result = og_PQgetResult(handle) else { break }
            // Each result is followed by a null.
            while let extra = og_PQgetResult(handle) { og_PQclear(extra) }
            do {
                let checked = try Self.check(result, on: handle)
                if let key = answer.prepared {
                    prepared[key] = preparing[key]
                } else {
                    results.append(checked)
                }
            } catch {
                if firstError == nil {
                    var located = error
                    located.statementIndex = answer.statement
                    firstError = located
                }
            }
        }
        if synced {
            // The pipeline's end: a sync result.
            while let result = og_PQgetResult(handle) {
                let status = og_PQresultStatus(result)
                og_PQclear(result)
                if status == PGRES_PIPELINE_SYNC { break }
            }
        }
        og_PQexitPipelineMode(handle)
        if let firstError { throw firstError }
        guard sent, synced, results.count == statements.count else { throw connectionError() }
        return results
    }

    /// Runs `body` in a transaction, committed when it returns, rolled back when it throws.
    public func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isConnected, isInTransaction { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Sends (or, for one statement, runs) a statement: prepared when it has a name, else
    /// unnamed with its types.
    private func send<R>(
        _ statement: Statement, name: String?,
        send: (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?, Int32
        ) -> R,
        unnamed: (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> R
    ) -> R {
        let parameters = statement.parameters
        // Every value's bytes in one buffer, each at its offset (-1 for NULL).
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        offsets.reserveCapacity(parameters.count)
        lengths.reserveCapacity(parameters.count)
        formats.reserveCapacity(parameters.count)
        for parameter in parameters {
            let start = bytes.count
            offsets.append(parameter.appendBinary(to: &bytes) ? start : -1)
            lengths.append(Int32(bytes.count - start))
            formats.append(parameter.isText ? 0 : 1)
        }
        // A byte past the end, so that an empty value points inside the buffer.
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            let values: [UnsafePointer<CChar>?] = offsets.map { $0 < 0 ? nil : base + $0 }
            return values.withUnsafeBufferPointer { values in
                if let name {
                    return send(handle, name, Int32(parameters.count), values.baseAddress, lengths, formats, 1)
                }
                return unnamed(
                    handle, statement.sql, Int32(parameters.count), parameters.map(\.typeOID), values.baseAddress, lengths,
                    formats, 1)
            }
        }
    }

    /// `result` when it succeeded; else its error.
    private static func check(_ result: OpaquePointer?, on handle: OpaquePointer) throws(PostgreSQLError) -> PostgreSQLResult {
        guard let result else {
            throw PostgreSQLError(message: String(cString: og_PQerrorMessage(handle)), isConnectionFailure: true)
        }
        switch og_PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgreSQLResult(result)
        default:
            let field = { (code: UInt8) in og_PQresultErrorField(result, Int32(code)).map { String(cString: $0) } }
            let sqlState = field(UInt8(ascii: "C"))
            let message = field(UInt8(ascii: "M")) ?? String(cString: og_PQresultErrorMessage(result))
            let constraint = field(UInt8(ascii: "n"))
            og_PQclear(result)
            let lost = og_PQstatus(handle) != CONNECTION_OK
            throw PostgreSQLError(
                sqlState: lost ? nil : sqlState,
                message: message.isEmpty ? String(cString: og_PQerrorMessage(handle)) : message,
                constraint: constraint, isConnectionFailure: lost || sqlState == nil || sqlState?.hasPrefix("08") == true)
        }
    }

    /// The connection's last error.
    private func connectionError() -> PostgreSQLError {
        PostgreSQLError(message: String(cString: og_PQerrorMessage(handle)), isConnectionFailure: !isConnected)
    }

    /// Calls `body` with the strings as a null-terminated array of C strings.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

@available(*, unavailable)
extension PostgreSQLConnection: Sendable {}
