/// The SQL a ``SQLQuery`` is written in: SQLite's, or PostgreSQL's.
///
/// The two differ in how they spell the same thing: truth values (`1` or `TRUE`),
/// null-safe equality (`IS` or `IS NOT DISTINCT FROM`), where `NULL` sorts, the byte order of
/// text (SQLite's `BINARY` collation; PostgreSQL's `"C"` collation), real numbers, and
/// placeholders (`?` or `$1`). PostgreSQL cannot call the Swift functions SQLite's store
/// registers (folding for `[cd]`, `LIKE`, `MATCHES`, case mapping), nor be trusted with
/// arithmetic that SQLite turns into a real number on overflow: a PostgreSQL store leaves
/// requests that need them to the evaluator (``SQLQuery/isTranslatable(_:in:)``).
enum SQLDialect {
    case sqlite
    case postgreSQL

    /// A condition that always holds.
    var yes: String { self == .sqlite ? "1" : "TRUE" }
    /// A condition that never holds.
    var no: String { self == .sqlite ? "0" : "FALSE" }
    /// The type real numbers are cast to.
    var real: String { self == .sqlite ? "REAL" : "DOUBLE PRECISION" }
    /// Null-safe equality, true for two nulls.
    var isEqual: String { self == .sqlite ? "IS" : "IS NOT DISTINCT FROM" }
    /// Null-safe inequality.
    var isNotEqual: String { self == .sqlite ? "IS NOT" : "IS DISTINCT FROM" }

    /// `sql` compared and sorted byte by byte, as SQLite's `BINARY` collation does.
    func bytewise(_ sql: String) -> String { self == .sqlite ? sql : "(\(sql) COLLATE \"C\")" }

    /// The sort direction, with nulls first in ascending order as SQLite sorts them.
    func direction(ascending: Bool) -> String {
        switch self {
        case .sqlite: ascending ? " ASC" : " DESC"
        case .postgreSQL: ascending ? " ASC NULLS FIRST" : " DESC NULLS LAST"
        }
    }
}
