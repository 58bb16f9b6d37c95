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

    /// The value in the binary format of ``typeOID``; `nil` for `NULL`.
    var binary: [UInt8]? {
        switch self {
        case .null: return nil
        case .integer(let value): return withUnsafeBytes(of: value.bigEndian, Array.init)
        case .real(let value): return withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init)
        case .text(let value): return Array(value.utf8)
        case .bytes(let value): return value
        case .boolean(let value): return [value ? 1 : 0]
        case .numeric(let text): return Array(text.utf8) + [0]
        case .integerArray(let values):
            // Dimensions, no nulls, the element type, then the one dimension's length and lower
            // bound; then each element's length and bytes.
            let header: [Int32] = [1, 0, Int32(bitPattern: PostgreSQLType.int8), Int32(values.count), 1]
            return [UInt8](unsafeUninitializedCapacity: 20 + values.count * 12) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                for (index, field) in header.enumerated() {
                    raw.storeBytes(of: field.bigEndian, toByteOffset: index * 4, as: Int32.self)
                }
                var offset = 20
                for value in values {
                    raw.storeBytes(of: Int32(8).bigEndian, toByteOffset: offset, as: Int32.self)
                    raw.storeBytes(of: value.bigEndian, toByteOffset: offset + 4, as: Int64.self)
                    offset += 12
                }
                count = offset
            }
        }
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
