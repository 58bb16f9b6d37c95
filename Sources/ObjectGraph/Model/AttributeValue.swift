// Unsafe: `commonAttributeValue(_:)` converts with `unsafeBitCast`, only to the type the value is known to have.

import Foundation

/// A single stored value: the common currency between objects, stores and predicates.
///
/// Every attribute type maps to one case; `.null` stands for a missing value.
public enum AttributeValue: Hashable, Sendable {
    /// No value.
    case null
    /// An integer (Integer 16/32/64).
    case integer(Int64)
    /// A floating-point number (Double, Float).
    case double(Double)
    /// An exact base-10 number (Decimal).
    case decimal(Decimal)
    /// A string (String).
    case string(String)
    /// A Boolean (Boolean).
    case boolean(Bool)
    /// A point in time (Date).
    case date(Date)
    /// Raw bytes (Binary).
    case data(Data)
    /// A UUID (UUID).
    case uuid(UUID)
    /// A URL (URI).
    case uri(URL)

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a Swift object: `Int64`, `Double`, `Decimal`, `String`, `Bool`, `Date`,
    /// `Data`, `UUID`, `URL`, or `nil` for `.null`.
    public var anyValue: Any? {
        switch self {
        case .null: return nil
        case .integer(let v): return v
        case .double(let v): return v
        case .decimal(let v): return v
        case .string(let v): return v
        case .boolean(let v): return v
        case .date(let v): return v
        case .data(let v): return v
        case .uuid(let v): return v
        case .uri(let v): return v
        }
    }

    /// Wraps an `Int64`, `Int`, `String` or `Double` (the commonest types) by its exact type.
    ///
    /// Fails for any other type, `Optional`s included. A failed `as?` cast looks up
    /// conformances at run time, while comparing metatypes is a pointer comparison.
    init?(common value: Any) {
        guard let common = _openExistential(value, do: commonAttributeValue) else { return nil }
        self = common
    }

    /// Wraps a Swift value, or returns `nil` when its type has no matching case.
    ///
    /// Integers of every width become `.integer`, `Float` and `Double` become `.double`,
    /// `NSNumber`-free; `nil` (including an `Optional` holding `nil`) becomes `.null`.
    public init?(any value: Any?) {
        guard let value else {
            self = .null
            return
        }
        if let common = Self(common: value) {
            self = common
            return
        }
        // The commonest types first: each failed case is a dynamic cast.
        switch value {
        case let v as String: self = .string(v)
        case let v as Int: self = .integer(Int64(v))
        case let v as Int64: self = .integer(v)
        case let v as AttributeValue: self = v
        case let v as Int32: self = .integer(Int64(v))
        case let v as Int16: self = .integer(Int64(v))
        case let v as Int8: self = .integer(Int64(v))
        case let v as UInt8: self = .integer(Int64(v))
        case let v as UInt16: self = .integer(Int64(v))
        case let v as UInt32: self = .integer(Int64(v))
        case let v as UInt:
            guard let i = Int64(exactly: v) else { return nil }
            self = .integer(i)
        case let v as Double: self = .double(v)
        case let v as Float: self = .double(Double(v))
        case let v as Decimal: self = .decimal(v)
        case let v as Substring: self = .string(String(v))
        case let v as Bool: self = .boolean(v)
        case let v as Date: self = .date(v)
        case let v as Data: self = .data(v)
        case let v as UUID: self = .uuid(v)
        case let v as URL: self = .uri(v)
        default:
            // An Optional wrapped in Any: unwrap it once.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                if let child = mirror.children.first { self.init(any: child.value) } else { self = .null }
                return
            }
            return nil
        }
    }
}

extension AttributeValue: CustomStringConvertible {
    /// A readable rendering, quoting strings as a predicate would.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .integer(let v): return String(v)
        case .double(let v): return String(v)
        case .decimal(let v): return "\(v)"
        case .string(let v): return "\"\(v)\""
        case .boolean(let v): return v ? "YES" : "NO"
        case .date(let v): return "CAST(\(v.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .data(let v): return "<\(v.count) bytes>"
        case .uuid(let v): return v.uuidString
        case .uri(let v): return "\"\(v.absoluteString)\""
        }
    }
}

/// The value of an `Int64`, `Int`, `String` or `Double` (the dynamic type of an opened
/// existential), without a dynamic cast; `nil` for any other type.
private func commonAttributeValue<T>(_ value: T) -> AttributeValue? {
    // Each `unsafeBitCast` runs only when `T` is exactly its target type, so it turns a value into its own type:
    // the same bits, no conversion (the cast compiles away once `T` is known).
    if T.self == Int64.self { return .integer(unsafeBitCast(value, to: Int64.self)) }
    if T.self == Int.self { return .integer(Int64(unsafeBitCast(value, to: Int.self))) }
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
    return nil
}
