// Unsafe: only `UUID.bytes`, which copies the UUID's bytes out through `withUnsafeBytes(of:)`.

import Foundation

extension AttributeValue {
    /// Orders two values the way the SQLite store does, or returns `nil` when they are of
    /// unrelated kinds or one is `.null`.
    ///
    /// Numbers (integers, doubles, decimals, Booleans as 0/1) and dates (seconds since
    /// 2001-01-01) compare numerically with each other — an integer with a real exactly, as
    /// SQLite does, even beyond 2^53 where a Double would round —; strings and URIs by their
    /// UTF-8 bytes; data and UUIDs (both blobs in SQLite) by their bytes.
    public static func compare(_ lhs: AttributeValue, _ rhs: AttributeValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.null, _), (_, .null): return nil
        case (.integer(let a), .integer(let b)): return order(a, b)
        case (.decimal(let a), .decimal(let b)): return order(a, b)
        case (.string(let a), .string(let b)): return compareBytes(a.utf8, b.utf8)
        case (.uri(let a), .uri(let b)): return compareBytes(a.absoluteString.utf8, b.absoluteString.utf8)
        case (.data, .data), (.data, .uuid), (.uuid, .data), (.uuid, .uuid):
            return compareBytes(lhs.blobBytes!, rhs.blobBytes!)
        case (.integer(let i), _) where rhs.realValue != nil: return compare(i, rhs.realValue!)
        case (_, .integer(let i)) where lhs.realValue != nil:
            switch compare(i, lhs.realValue!) {
            case .orderedAscending: return .orderedDescending
            case .orderedDescending: return .orderedAscending
            case .orderedSame: return .orderedSame
            }
        default:
            guard let a = lhs.numericValue, let b = rhs.numericValue else { return nil }
            return order(a, b)
        }
    }

    /// The value as a Double when it is a number, a Boolean or a date.
    var numericValue: Double? {
        switch self {
        case .integer(let v): return Double(v)
        case .double(let v): return v
        case .decimal(let v): return NSDecimalNumber(decimal: v).doubleValue
        case .boolean(let v): return v ? 1 : 0
        case .date(let v): return v.timeIntervalSinceReferenceDate
        default: return nil
        }
    }

    /// A double, decimal or date as the REAL SQLite compares it as (`nil` for NaN and for
    /// other kinds).
    private var realValue: Double? {
        switch self {
        case .double, .decimal, .date: return numericValue.flatMap { $0.isNaN ? nil : $0 }
        default: return nil
        }
    }

    /// The bytes of data or a UUID.
    private var blobBytes: [UInt8]? {
        switch self {
        case .data(let data): return Array(data)
        case .uuid(let uuid): return uuid.bytes
        default: return nil
        }
    }

    /// Orders an integer and a real exactly.
    private static func compare(_ i: Int64, _ d: Double) -> ComparisonResult {
        if d >= 0x1p63 { return .orderedAscending }
        if d < -0x1p63 { return .orderedDescending }
        let whole = d.rounded(.towardZero)
        let w = Int64(whole)
        if i != w { return i < w ? .orderedAscending : .orderedDescending }
        return whole < d ? .orderedAscending : (whole > d ? .orderedDescending : .orderedSame)
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
    }

    /// Lexicographic byte order, shorter first on a common prefix (SQLite's memcmp order).
    static func compareBytes<A: Sequence, B: Sequence>(_ a: A, _ b: B) -> ComparisonResult
    where A.Element == UInt8, B.Element == UInt8 {
        var left = a.makeIterator()
        var right = b.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case (let x?, let y?):
                if x != y { return x < y ? .orderedAscending : .orderedDescending }
            }
        }
    }
}

extension UUID {
    /// The 16 bytes of the UUID, in order.
    var bytes: [UInt8] {
        // The pointer does not escape: the bytes are copied into the array before the closure returns.
        withUnsafeBytes(of: uuid) { Array($0) }
    }
}
