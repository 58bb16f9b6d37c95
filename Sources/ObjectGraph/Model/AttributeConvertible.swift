import Foundation

/// A Swift type that typed accessors of generated classes read from and write to attributes.
public protocol AttributeConvertible {
    /// The value as stored.
    var attributeValue: AttributeValue { get }
    /// Reads a stored value; `nil` when it is `.null` or of another kind.
    init?(attributeValue: AttributeValue)
}

extension String: AttributeConvertible {
    /// Stored as `.string`.
    @inlinable
    public var attributeValue: AttributeValue { .string(self) }
    /// Reads `.string`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .string(let v) = attributeValue else { return nil }
        self = v
    }
}

extension Bool: AttributeConvertible {
    /// Stored as `.boolean`.
    @inlinable
    public var attributeValue: AttributeValue { .boolean(self) }
    /// Reads `.boolean`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .boolean(let v) = attributeValue else { return nil }
        self = v
    }
}

extension Double: AttributeConvertible {
    /// Stored as `.double`.
    @inlinable
    public var attributeValue: AttributeValue { .double(self) }
    /// Reads `.double` or `.integer`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .double(let v): self = v
        case .integer(let v): self = Double(v)
        default: return nil
        }
    }
}

extension Float: AttributeConvertible {
    /// Stored as `.double`.
    @inlinable
    public var attributeValue: AttributeValue { .double(Double(self)) }
    /// Reads `.double` or `.integer`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard let d = Double(attributeValue: attributeValue) else { return nil }
        self = Float(d)
    }
}

extension Decimal: AttributeConvertible {
    /// Stored as `.decimal`.
    @inlinable
    public var attributeValue: AttributeValue { .decimal(self) }
    /// Reads `.decimal` or `.integer`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        switch attributeValue {
        case .decimal(let v): self = v
        case .integer(let v): self = Decimal(v)
        default: return nil
        }
    }
}

extension Date: AttributeConvertible {
    /// Stored as `.date`.
    @inlinable
    public var attributeValue: AttributeValue { .date(self) }
    /// Reads `.date`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .date(let v) = attributeValue else { return nil }
        self = v
    }
}

extension Data: AttributeConvertible {
    /// Stored as `.data`.
    @inlinable
    public var attributeValue: AttributeValue { .data(self) }
    /// Reads `.data`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .data(let v) = attributeValue else { return nil }
        self = v
    }
}

extension UUID: AttributeConvertible {
    /// Stored as `.uuid`.
    @inlinable
    public var attributeValue: AttributeValue { .uuid(self) }
    /// Reads `.uuid`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .uuid(let v) = attributeValue else { return nil }
        self = v
    }
}

extension URL: AttributeConvertible {
    /// Stored as `.uri`.
    @inlinable
    public var attributeValue: AttributeValue { .uri(self) }
    /// Reads `.uri`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .uri(let v) = attributeValue else { return nil }
        self = v
    }
}

/// Integers read any `.integer` that fits and write `.integer`.
extension AttributeConvertible where Self: FixedWidthInteger {
    /// Stored as `.integer`.
    @inlinable
    public var attributeValue: AttributeValue { .integer(Int64(self)) }
    /// Reads an `.integer` that fits the type.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard case .integer(let v) = attributeValue, let fitting = Self(exactly: v) else { return nil }
        self = fitting
    }
}

extension Int: AttributeConvertible {}
extension Int16: AttributeConvertible {}
extension Int32: AttributeConvertible {}
extension Int64: AttributeConvertible {}

extension AttributeValue: AttributeConvertible {
    /// Itself: the type of an Undefined attribute's accessor, which holds any value.
    @inlinable
    public var attributeValue: AttributeValue { self }
    /// Any value but `.null`.
    @inlinable
    public init?(attributeValue: AttributeValue) {
        guard !attributeValue.isNull else { return nil }
        self = attributeValue
    }
}
