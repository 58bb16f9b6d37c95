import Foundation
/// One value as SQLite stores it: one case per storage class.
///
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html>
package enum SQLiteValue: Hashable, Sendable {
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

extension SQLiteValue: CustomStringConvertible {
    /// The value as a SQL literal, for messages: `NULL`, `12`, `1.5`, `'text'`, `X'0A1B'`.
    package var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes):
            let digits = Array("0123456789ABCDEF")
            return "X'" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }) + "'"
        }
    }
}
