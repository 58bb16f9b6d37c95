import ObjectGraphSQLite

/// One statement for a ``SQLDatabase``: SQL with `?` placeholders, and their values.
struct SQLStatement {
    var sql: String
    var arguments: [SQLiteValue]
}
