/// The kind of value an attribute holds, mirroring Core Data's `NSAttributeType`.
public enum AttributeType: String, CaseIterable, Hashable, Sendable {
    /// A signed 16-bit integer.
    case integer16 = "Integer 16"
    /// A signed 32-bit integer.
    case integer32 = "Integer 32"
    /// A signed 64-bit integer.
    case integer64 = "Integer 64"
    /// A 64-bit floating-point number.
    case double = "Double"
    /// A 32-bit floating-point number.
    case float = "Float"
    /// A base-10 number stored exactly.
    case decimal = "Decimal"
    /// A Unicode string.
    case string = "String"
    /// A Boolean.
    case boolean = "Boolean"
    /// A point in time.
    case date = "Date"
    /// Raw bytes (Xcode calls this type "Binary").
    case binary = "Binary"
    /// A universally unique identifier.
    case uuid = "UUID"
    /// A URL, stored as its absolute string.
    case uri = "URI"
    /// A value Core Data turns into bytes with a value transformer (by default an archive of
    /// the object); ObjectGraph keeps the bytes as they are, as ``binary`` data.
    case transformable = "Transformable"
    /// Any value, kept as given: for transient attributes only, which live in memory (Core
    /// Data's `NSUndefinedAttributeType`; Xcode writes no `attributeType` for it).
    case undefined = "Undefined"

    /// The name Xcode writes in a model file's `attributeType`.
    public var xcodeName: String { rawValue }

    /// Whether the type is one of the integer types.
    public var isInteger: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }

    /// Whether the type orders numerically (integers, floating point, decimal).
    public var isNumeric: Bool {
        isInteger || self == .double || self == .float || self == .decimal
    }

    /// The inclusive range an integer type can hold, or `nil` for other types.
    public var integerRange: ClosedRange<Int64>? {
        switch self {
        case .integer16: return Int64(Int16.min)...Int64(Int16.max)
        case .integer32: return Int64(Int32.min)...Int64(Int32.max)
        case .integer64: return Int64.min...Int64.max
        default: return nil
        }
    }
}
