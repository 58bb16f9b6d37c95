import ObjectGraphSQLite

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

    /// The larger of two values (SQLite's two-argument `MAX`).
    var greatest: String { self == .sqlite ? "MAX" : "GREATEST" }

    /// The condition that `column` holds one of `keys`, and its arguments: an `IN` list of
    /// placeholders in SQLite; in PostgreSQL one array parameter, since the server parses,
    /// binds and plans a list of thousands of placeholders many times slower than one array.
    func keyIsIn(_ column: String, _ keys: some Collection<Int64>) -> (condition: String, arguments: [SQLiteValue]) {
        switch self {
        case .sqlite:
            ("\(column) IN (\(Array(repeating: "?", count: keys.count).joined(separator: ", ")))", keys.map { .integer($0) })
        case .postgreSQL:
            ("\(column) = ANY(CAST(? AS BIGINT[]))", [.text(Self.arrayLiteral(keys))])
        }
    }

    /// The statement that locks the rows of `table` whose keys are `keys` until the
    /// transaction ends, so that no other transaction gives them a member meanwhile (a save
    /// locks the rows it points at `FOR SHARE`); none in SQLite, whose write transaction
    /// excludes every other writer already.
    func lockingRows(of table: String, _ keys: some Collection<Int64>) -> SQLStatement? {
        guard self == .postgreSQL else { return nil }
        let match = keyIsIn("Z_PK", keys)
        return SQLStatement(sql: "SELECT Z_PK FROM \(table) WHERE \(match.condition) FOR UPDATE", arguments: match.arguments)
    }

    /// `keys` as a PostgreSQL array literal, `{1,2,3}`, written digit by digit: a batch
    /// lists thousands.
    private static func arrayLiteral(_ keys: some Collection<Int64>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(2 + keys.count * 8)
        for key in keys {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            if key < 0 { bytes.append(UInt8(ascii: "-")) }
            let start = bytes.count
            var magnitude = key.magnitude
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes[start...].reverse()
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An `INSERT` of the rows `select` gives, skipping those whose key is in the table
    /// already.
    func insertSkippingDuplicates(into table: String, columns: [String], _ select: String) -> String {
        let columns = columns.joined(separator: ", ")
        return switch self {
        case .sqlite: "INSERT OR IGNORE INTO \(table) (\(columns)) \(select)"
        case .postgreSQL: "INSERT INTO \(table) (\(columns)) \(select) ON CONFLICT DO NOTHING"
        }
    }

    /// The type of a column the schema declares with Core Data's SQLite type.
    ///
    /// In PostgreSQL text compares byte by byte (the `"C"` collation), as in SQLite; dates are
    /// seconds since 2001 in a `double precision`, as Core Data keeps them; Decimals exact text.
    func columnType(_ declared: String) -> String {
        guard self == .postgreSQL else { return declared }
        return switch declared {
        case "INTEGER": "BIGINT"
        case "FLOAT", "TIMESTAMP": "DOUBLE PRECISION"
        case "VARCHAR": "TEXT COLLATE \"C\""
        case "BLOB": "BYTEA"
        default: "TEXT"
        }
    }

    /// The sort direction, with nulls first in ascending order as SQLite sorts them.
    func direction(ascending: Bool) -> String {
        switch self {
        case .sqlite: ascending ? " ASC" : " DESC"
        case .postgreSQL: ascending ? " ASC NULLS FIRST" : " DESC NULLS LAST"
        }
    }
}
