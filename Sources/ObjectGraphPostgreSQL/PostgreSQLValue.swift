import Foundation

/// A value bound to a statement's parameter or read from a result's field, in PostgreSQL's
/// binary format: `bigint`, `double precision`, `text`, `bytea` or `boolean`.
public enum PostgreSQLValue: Equatable, Sendable {
    /// SQL `NULL`.
    case null
    /// A `bigint` (`int8`).
    case integer(Int64)
    /// A `double precision` (`float8`).
    case real(Double)
    /// A `text`, as UTF-8.
    case text(String)
    /// A `bytea`.
    case bytes([UInt8])
    /// A `boolean`.
    case boolean(Bool)
    /// A one-dimensional `bigint[]` without nulls, for `= ANY($1)`.
    case integerArray([Int64])
    /// A `numeric`, written in decimal (`-12.5`, `9223372036854775808`, `1e300`): exact,
    /// so that it compares exactly with a `bigint` beyond 2^53.
    case numeric(String)

    /// The type the value is sent as (its OID), 0 for `NULL`: the server then infers it.
    var typeOID: UInt32 {
        switch self {
        case .null: 0
        case .integer: PostgreSQLType.int8
        case .real: PostgreSQLType.float8
        case .text: PostgreSQLType.text
        case .bytes: PostgreSQLType.bytea
        case .boolean: PostgreSQLType.bool
        case .integerArray: PostgreSQLType.int8Array
        case .numeric: PostgreSQLType.numeric
        }
    }

    /// Whether the value is sent as text (`numeric`, whose binary format is not worth
    /// writing) rather than in the binary format.
    var isText: Bool {
        if case .numeric = self { return true }
        return false
    }

    /// Appends the value in the binary format of ``typeOID`` (the text of a `numeric`, ended
    /// by a zero byte) to `bytes`; `false` for `NULL`, which has none.
    func appendBinary(to bytes: inout [UInt8]) -> Bool {
        func append<T>(_ value: T) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
        switch self {
        case .null: return false
        case .integer(let value): append(value.bigEndian)
        case .real(let value): append(value.bitPattern.bigEndian)
        case .text(let value): bytes.append(contentsOf: value.utf8)
        case .bytes(let value): bytes.append(contentsOf: value)
        case .boolean(let value): bytes.append(value ? 1 : 0)
        case .numeric(let text):
            bytes.append(contentsOf: text.utf8)
            bytes.append(0)
        case .integerArray(let values):
            // Dimensions, no nulls, the element type, then the one dimension's length and lower
            // bound; then each element's length and bytes.
            for field: Int32 in [1, 0, Int32(bitPattern: PostgreSQLType.int8), Int32(values.count), 1] { append(field.bigEndian) }
            bytes.reserveCapacity(bytes.count + values.count * 12)
            for value in values {
                append(Int32(8).bigEndian)
                append(value.bigEndian)
            }
        }
        return true
    }
}

/// The OIDs of the built-in types the wrapper reads and writes (`pg_type`).
enum PostgreSQLType {
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let name: UInt32 = 19
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    static let text: UInt32 = 25
    static let oid: UInt32 = 26
    static let float4: UInt32 = 700
    static let float8: UInt32 = 701
    static let bpchar: UInt32 = 1042
    static let varchar: UInt32 = 1043
    static let int8Array: UInt32 = 1016
    static let numeric: UInt32 = 1700
}
