import Foundation

/// An error reported by libpq or the server: a connection that failed or was lost, or a
/// statement the server refused.
///
/// The description is one line with the SQLSTATE and the server's message; it never holds
/// the SQL, bound values or the connection string (so no password):
///
/// ```
/// PostgreSQL error 23505: duplicate key value violates unique constraint "ZTEAM_ZCODE_UNIQUE"
/// ```
public struct PostgreSQLError: Error, CustomStringConvertible, Sendable {
    /// The five-character SQLSTATE (`23505` for a unique violation), `nil` when the server sent
    /// none (a connection that failed or was lost).
    public let sqlState: String?
    /// The message, on one line.
    public let message: String
    /// The constraint a violation names (`ZTEAM_ZCODE_UNIQUE`), if any.
    public let constraint: String?
    /// Whether the connection failed or was lost: nothing of the statement is known to have run,
    /// and a transaction it was in did not commit unless the server said so.
    public let isConnectionFailure: Bool
    /// In a ``PostgreSQLConnection/pipeline(_:)``, the position of the statement that failed.
    public internal(set) var statementIndex: Int?

    /// Creates an error.
    public init(sqlState: String? = nil, message: String, constraint: String? = nil, isConnectionFailure: Bool = false) {
        self.sqlState = sqlState
        self.message = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        self.constraint = constraint
        self.isConnectionFailure = isConnectionFailure
    }

    /// `23505`: a unique index refused a row.
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// `40001` or `40P01`: a serialization failure or a deadlock; the transaction may be retried.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
    /// `25006`: a write in a read-only transaction, as on a hot standby.
    public var isReadOnlyTransaction: Bool { sqlState == "25006" }

    /// One line: the SQLSTATE and the message.
    public var description: String {
        if let sqlState { return "PostgreSQL error \(sqlState): \(message)" }
        return "PostgreSQL: \(message)"
    }
}
