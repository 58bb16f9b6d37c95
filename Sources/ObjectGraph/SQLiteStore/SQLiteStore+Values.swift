import Foundation
import ObjectGraphSQLite

/// Reading and binding stored values in SQLite statements.
extension StoredValue {
    /// The marker byte before a value kept in the row, in a store Core Data wrote, of an
    /// attribute allowing external storage.
    static let inlineMarker: UInt8 = 1
    /// The marker byte before the name of the file holding a value, in a store Core Data
    /// wrote, of an attribute allowing external storage: the UUID as text, then a NUL byte.
    static let fileMarker: UInt8 = 2

    /// `value` as a store Core Data wrote keeps one of an attribute allowing external storage
    /// in its row: its bytes behind ``inlineMarker`` (Core Data reads those of any size).
    static func markedInline(_ value: AttributeValue) -> AttributeValue {
        guard case .data(let bytes) = value else { return value }
        return .data(Data([inlineMarker]) + bytes)
    }

    /// Binds a value at a 1-based parameter index, as part of a row whose every parameter is
    /// bound after ``SQLiteStatement/startRow()`` (text is read in place).
    static func bind(_ value: AttributeValue, to statement: SQLiteStatement, at index: Int32) throws {
        switch value {
        case .null: try statement.bindNull(at: index)
        case .integer(let v): try statement.bind(v, at: index)
        case .double(let v): try statement.bind(v, at: index)
        case .string(let v): try statement.bindRowText(v, at: index)
        case .boolean(let v): try statement.bind(Int64(v ? 1 : 0), at: index)
        case .date(let v): try statement.bind(v.timeIntervalSinceReferenceDate, at: index)
        default: try statement.bind(encode(value), at: index)
        }
    }

    /// Reads a column as a value of the attribute's type.
    static func read(_ statement: SQLiteStatement, column: Int32, as type: AttributeType) -> AttributeValue {
        // Text tells NULL apart by itself (no text), and numbers read NULL as zero: only a zero
        // costs them a type check.
        func isNull(ifZero zero: Bool) -> Bool { zero && statement.isNull(at: column) }
        switch type {
        case .string:
            return statement.optionalText(at: column).map(AttributeValue.string) ?? .null
        case .integer16, .integer32, .integer64:
            let value = statement.int64(at: column)
            return isNull(ifZero: value == 0) ? .null : .integer(value)
        case .double, .float:
            let value = statement.double(at: column)
            return isNull(ifZero: value == 0) ? .null : .double(value)
        case .boolean:
            let value = statement.int64(at: column)
            return isNull(ifZero: value == 0) ? .null : .boolean(value != 0)
        case .date:
            let value = statement.double(at: column)
            return isNull(ifZero: value == 0) ? .null : .date(Date(timeIntervalSinceReferenceDate: value))
        case .decimal:
            return statement.optionalText(at: column)
                .flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
                .map(AttributeValue.decimal) ?? .null
        case .binary, .transformable:
            return statement.isNull(at: column) ? .null : .data(Data(statement.blob(at: column)))
        case .uuid:
            let bytes = statement.blob(at: column)
            guard bytes.count == 16 else { return .null }
            return .uuid(
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    )))
        case .uri:
            return statement.optionalText(at: column).flatMap { URL(string: $0) }.map(AttributeValue.uri) ?? .null
        case .undefined:
            // Transient only: never stored.
            return .null
        }
    }
}
