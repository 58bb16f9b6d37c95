import CLibPQ

/// The rows a statement returned, in PostgreSQL's binary format, read by row and column
/// (both from 0); or, for a statement that returns none, how many rows it changed.
public final class PostgreSQLResult {
    let handle: OpaquePointer
    /// How many rows the result holds.
    public let rowCount: Int32
    /// How many columns each row has.
    public let columnCount: Int32
    /// The type of each column (its OID).
    private let columnTypes: [UInt32]

    init(_ handle: OpaquePointer) {
        self.handle = handle
        rowCount = og_PQntuples(handle)
        columnCount = og_PQnfields(handle)
        columnTypes = (0..<columnCount).map { og_PQftype(handle, $0) }
    }

    deinit { og_PQclear(handle) }

    /// How many rows an `INSERT`, `UPDATE` or `DELETE` changed (0 for other statements).
    public var affectedRows: Int {
        Int(String(cString: og_PQcmdTuples(handle))) ?? 0
    }

    /// Whether the field is `NULL`.
    public func isNull(_ row: Int32, _ column: Int32) -> Bool {
        og_PQgetisnull(handle, row, column) != 0
    }

    /// The bytes of a field (empty for `NULL`).
    private func field(_ row: Int32, _ column: Int32) -> UnsafeRawBufferPointer {
        let length = Int(og_PQgetlength(handle, row, column))
        guard length > 0, let start = og_PQgetvalue(handle, row, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: length)
    }

    /// A big-endian signed integer of the buffer's size (8, 4 or 2 bytes, or another).
    private func bigEndian(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        switch bytes.count {
        case 8: return Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
        case 4: return Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
        case 2: return Int64(Int16(bigEndian: bytes.loadUnaligned(as: Int16.self)))
        default:
            var value: Int64 = bytes.first.map { $0 & 0x80 != 0 ? -1 : 0 } ?? 0
            for byte in bytes { value = value << 8 | Int64(byte) }
            return value
        }
    }

    /// A field of an integer, Boolean or floating-point column as an integer (0 for `NULL`;
    /// a floating-point value truncated).
    public func int64(_ row: Int32, _ column: Int32) -> Int64 {
        let bytes = field(row, column)
        switch columnTypes[Int(column)] {
        case PostgreSQLType.int8, PostgreSQLType.int4, PostgreSQLType.int2: return bigEndian(bytes)
        case PostgreSQLType.oid: return bigEndian(bytes) & 0xFFFF_FFFF
        case PostgreSQLType.bool: return Int64(bytes.first ?? 0)
        case PostgreSQLType.float8, PostgreSQLType.float4:
            let value = double(row, column)
            return value.isFinite && abs(value) < 9.2e18 ? Int64(value) : 0
        default: return Int64(text(row, column) ?? "") ?? 0
        }
    }

    /// A field of a numeric column as a floating-point number (0 for `NULL`).
    public func double(_ row: Int32, _ column: Int32) -> Double {
        let bytes = field(row, column)
        switch columnTypes[Int(column)] {
        case PostgreSQLType.float8: return Double(bitPattern: UInt64(bitPattern: bigEndian(bytes)))
        case PostgreSQLType.float4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bigEndian(bytes))))
        case PostgreSQLType.int8, PostgreSQLType.int4, PostgreSQLType.int2, PostgreSQLType.bool:
            return Double(int64(row, column))
        default: return Double(text(row, column) ?? "") ?? 0
        }
    }

    /// A field of a text column; `nil` for `NULL`.
    public func text(_ row: Int32, _ column: Int32) -> String? {
        guard !isNull(row, column) else { return nil }
        return String(decoding: field(row, column), as: UTF8.self)
    }

    /// A field's bytes as stored; `nil` for `NULL`.
    public func bytes(_ row: Int32, _ column: Int32) -> [UInt8]? {
        guard !isNull(row, column) else { return nil }
        return Array(field(row, column))
    }

    /// A field as a value of its column's type.
    public func value(_ row: Int32, _ column: Int32) -> PostgreSQLValue {
        guard !isNull(row, column) else { return .null }
        switch columnTypes[Int(column)] {
        case PostgreSQLType.int8, PostgreSQLType.int4, PostgreSQLType.int2, PostgreSQLType.oid:
            return .integer(int64(row, column))
        case PostgreSQLType.float8, PostgreSQLType.float4: return .real(double(row, column))
        case PostgreSQLType.bool: return .boolean(int64(row, column) != 0)
        case PostgreSQLType.bytea: return .bytes(bytes(row, column) ?? [])
        default: return .text(text(row, column) ?? "")
        }
    }
}

@available(*, unavailable)
extension PostgreSQLResult: Sendable {}
