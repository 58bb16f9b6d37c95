import ObjectGraphSQLite

/// A SQL store's database as statements with `?` placeholders and values as the SQLite store
/// keeps them (``StoredValue``) see it: a SQLite store's file, or a PostgreSQL store's schema,
/// each running the statements in its own dialect.
protocol SQLDatabase {
    /// The SQL the database speaks.
    var dialect: SQLDialect { get }

    /// Runs one statement whose placeholders are `?`.
    func perform(_ sql: String, _ arguments: [SQLiteValue]) throws

    /// The rows of a query whose placeholders are `?`.
    func rows(_ sql: String, _ arguments: [SQLiteValue]) throws -> [[SQLiteValue]]

    /// The first two columns, `Z_PK` and `Z_ENT`, of each row of a query whose placeholders
    /// are `?`, run once `statements` ran; a server is sent them all in one round trip.
    func keys(_ sql: String, _ arguments: [SQLiteValue], after statements: [SQLStatement]) throws -> [(
        primaryKey: Int64, entityNumber: Int64
    )]

    /// Runs statements in order, stopping at the first that fails; a server is sent them
    /// together, in one round trip.
    func perform(_ statements: [SQLStatement]) throws
}

extension SQLDatabase {
    /// The first two columns, `Z_PK` and `Z_ENT`, of each row of a query whose placeholders
    /// are `?`.
    func keys(_ sql: String, _ arguments: [SQLiteValue]) throws -> [(primaryKey: Int64, entityNumber: Int64)] {
        try keys(sql, arguments, after: [])
    }

    /// Runs statements one after the other, stopping at the first that fails.
    func perform(_ statements: [SQLStatement]) throws {
        for statement in statements { try perform(statement.sql, statement.arguments) }
    }
}
