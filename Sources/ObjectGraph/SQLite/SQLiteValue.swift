/// One value as SQLite stores it: one case per storage class.
///
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html>
enum SQLiteValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A signed 64-bit integer (storage class `INTEGER`).
    case integer(Int64)
    /// An IEEE 754 double (storage class `REAL`).
    case real(Double)
    /// UTF-8 text (storage class `TEXT`).
    case text(String)
    /// Raw bytes (storage class `BLOB`); an empty array is an empty blob, not `NULL`.
    case blob([UInt8])
}
