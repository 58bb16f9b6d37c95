import Foundation
import ObjectGraphPostgreSQL

/// Attribute values in PostgreSQL's columns, kept as the SQLite store keeps them
/// (``StoredValue``): integers and Booleans in `bigint`s, dates as seconds since 2001 and
/// other reals in `double precision`s, Decimals as exact text, UUIDs as 16 bytes of `bytea`,
/// URIs as text.
extension PostgreSQLStore {
    /// A value as bound to a statement; NaN as `NULL`, as SQLite stores it (PostgreSQL would
    /// keep a NaN, which it compares as greater than every number and equal to itself).
    static func encode(_ value: AttributeValue) -> PostgreSQLValue {
        if case .double(let number) = value, number.isNaN { return .null }
        return Self.value(StoredValue.encode(value))
    }

    /// A field as a value of the attribute's type.
    static func read(_ result: PostgreSQLResult, _ row: Int32, _ column: Int32, as type: AttributeType) -> AttributeValue {
        guard !result.isNull(row, column) else { return .null }
        switch type {
        case .string: return result.text(row, column).map(AttributeValue.string) ?? .null
        case .integer16, .integer32, .integer64: return .integer(result.int64(row, column))
        case .double, .float: return .double(result.double(row, column))
        case .boolean: return .boolean(result.int64(row, column) != 0)
        case .date: return .date(Date(timeIntervalSinceReferenceDate: result.double(row, column)))
        case .decimal:
            return result.text(row, column).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
                .map(AttributeValue.decimal) ?? .null
        case .binary, .transformable: return .data(Data(result.bytes(row, column) ?? []))
        case .uuid:
            guard let bytes = result.bytes(row, column), bytes.count == 16 else { return .null }
            return .uuid(
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    )))
        case .uri: return result.text(row, column).flatMap { URL(string: $0) }.map(AttributeValue.uri) ?? .null
        case .undefined: return .null
        }
    }
}
