import Foundation
import ObjectGraphSQLite

/// How attribute values are stored: dates as seconds since 2001-01-01 00:00:00 UTC (as Core
/// Data stores them), Booleans as 0/1, UUIDs as 16 bytes, URIs as their absolute string,
/// Decimals as exact text.
enum StoredValue {
    static func encode(_ value: AttributeValue) -> SQLiteValue {
        switch value {
        case .null: return .null
        case .integer(let v): return .integer(v)
        case .double(let v): return .real(v)
        case .decimal(let v): return .text(NSDecimalNumber(decimal: v).description(withLocale: Locale(identifier: "en_US_POSIX")))
        case .string(let v): return .text(v)
        case .boolean(let v): return .integer(v ? 1 : 0)
        case .date(let v): return .real(v.timeIntervalSinceReferenceDate)
        case .data(let v): return .blob([UInt8](v))
        case .uuid(let v): return .blob(v.bytes)
        case .uri(let v): return .text(v.absoluteString)
        }
    }

}
