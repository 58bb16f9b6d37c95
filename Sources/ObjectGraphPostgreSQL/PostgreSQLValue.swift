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

    /// The type the value is sent as (its OID), 0 for `NULL`: the server then infers it.
    var typeOID: UInt32 {
        switch self {
        case .null: 0
        case .integer: PostgreSQLType.int8
        case .real: PostgreSQLType.float8
        case .text: PostgreSQLType.text
        case .bytes: PostgreSQLType.bytea
        case .boolean: PostgreSQLType.bool
        }
    }

    /// The value in the binary format of ``typeOID``; `nil` for `NULL`.
    var binary: [UInt8]? {
        switch self {
        case .null: nil
        case .integer(let value): withUnsafeBytes(of: value.bigEndian, Array.init)
        case .real(let value): withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init)
        case .text(let value): Array(value.utf8)
        case .bytes(let value): value
        case .boolean(let value): [value ? 1 : 0]
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
}
