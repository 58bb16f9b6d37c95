import Testing

/// The kinds of store a behavioural test runs against: a SQLite file, memory, and a schema of
/// a PostgreSQL database (``PostgreSQLTestServer``).
public enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// A SQLite store in a file of a temporary directory.
    case sqlite
    /// A store held in memory only.
    case inMemory
    /// A store in a schema of its own of the test server's database.
    case postgreSQL

    /// The kinds of store that keep their objects in SQL tables: SQLite and PostgreSQL.
    public static let sqlStores: [StoreKind] = [.sqlite, .postgreSQL]

    /// The kind's name in test results: `sqlite`, `inMemory` or `postgreSQL`.
    public var testDescription: String { rawValue }
}
