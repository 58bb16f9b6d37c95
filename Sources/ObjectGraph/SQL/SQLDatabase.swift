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
}
