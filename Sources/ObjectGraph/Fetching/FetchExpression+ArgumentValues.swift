import Foundation

// MARK: - Argument values

extension FetchExpression {
    /// A value a predicate cannot hold, named by its type.
    struct UnsupportedValue: Error {
        var type: String
    }

    /// The expression for a `%@` argument or a substitution variable's value.
    ///
    /// Scalars become `.constant`, `nil` and `NSNull` become `.constant(.null)`, arrays and sets
    /// (`NSArray`, `NSSet` and `NSOrderedSet` too) become `.list` (element by element), a
    /// managed object or its ID becomes `.object`, and an expression stays itself. An
    /// `NSNumber` becomes a Boolean, an integer or a double as it was made, an
    /// `NSDecimalNumber` a decimal; `NSString`, `NSDate`, `NSUUID`, `NSURL` and `NSData` become
    /// the values they bridge to.
    init(argument value: Any?) throws(UnsupportedValue) {
        if let value, let common = AttributeValue(common: value) {
            self = .constant(common)
            return
        }
        guard let value = Self.unwrappingOptionals(value) else {
            self = .constant(.null)
            return
        }
        if let number = Self.foundationNumber(value) {
            guard let constant = Self.value(of: number) else { throw UnsupportedValue(type: "NSNumber") }
            self = .constant(constant)
            return
        }
        switch value {
        case let expression as FetchExpression: self = expression
        case let id as ManagedObjectID: self = .object(id)
        case let object as ManagedObject: self = .object(object.objectID)
        case is NSNull: self = .constant(.null)
        case let array as NSArray: self = try Self.list(array.map { $0 })
        case let set as NSSet: self = try Self.list(set.allObjects)
        case let set as NSOrderedSet: self = try Self.list(set.array)
        case let integer as UInt64:
            guard let exact = Int64(exactly: integer) else { throw UnsupportedValue(type: "UInt64") }
            self = .constant(.integer(exact))
        default:
            if let constant = AttributeValue(any: value) {
                self = .constant(constant)
            } else if let convertible = value as? any AttributeConvertible {
                self = .constant(convertible.attributeValue)
            } else if let collection = value as? any Collection, Mirror(reflecting: value).displayStyle != .dictionary {
                self = try Self.list(Self.elements(of: collection))
            } else {
                throw UnsupportedValue(type: Self.typeName(of: value))
            }
        }
    }

    /// The value of an `NSNumber`: a Boolean, an integer or a double, as it was made; a decimal
    /// for an `NSDecimalNumber`; `nil` for an unsigned integer above `Int64.max`.
    private static func value(of number: NSNumber) -> AttributeValue? {
        if let decimal = number as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
        if String(describing: type(of: number)).contains("Boolean") { return .boolean(number.boolValue) }
        switch String(cString: number.objCType) {
        case "f", "d": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C": return Int64(exactly: number.uint64Value).map(AttributeValue.integer)
        default: return .integer(number.int64Value)
        }
    }

    /// The string a `%K` argument gives: a `String`, `Substring` or `NSString`.
    static func string(from value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let string as Substring: String(string)
        default: nil
        }
    }

    /// The integer a `%d` argument gives: any integer, or an `NSNumber` made from one or from a
    /// Boolean (0 or 1).
    static func integer(from value: Any?) -> Int64? {
        if let number = foundationNumber(value) {
            switch Self.value(of: number) {
            case .integer(let integer)?: return integer
            case .boolean(let boolean)?: return boolean ? 1 : 0
            default: return nil
            }
        }
        guard let integer = value as? any BinaryInteger else { return nil }
        return Int64(exactly: integer)
    }

    /// The number a `%f` or `%a` argument gives: any integer or floating-point number, or an
    /// `NSNumber`.
    static func double(from value: Any?) -> Double? {
        if let number = foundationNumber(value) { return number.doubleValue }
        if let real = value as? any BinaryFloatingPoint { return Double(real) }
        if let integer = value as? any BinaryInteger { return Double(integer) }
        return nil
    }

    /// A `.list` of the expressions for `elements`.
    private static func list(_ elements: [Any]) throws(UnsupportedValue) -> FetchExpression {
        var expressions: [FetchExpression] = []
        for element in elements { expressions.append(try FetchExpression(argument: element)) }
        return .list(expressions)
    }

    /// `value` as an `NSNumber` when it is one, not a Swift number that would bridge to one.
    private static func foundationNumber(_ value: Any?) -> NSNumber? {
        guard let value, type(of: value) is NSNumber.Type else { return nil }
        return value as? NSNumber
    }

    private static func elements<C: Collection>(of collection: C) -> [Any] {
        collection.map { $0 }
    }

    /// The value inside any number of `Optional` layers, or `nil`.
    static func unwrappingOptionals(_ value: Any?) -> Any? {
        guard let value else { return nil }
        // No conformance look-up for the commonest types, which are not optionals.
        if AttributeValue(common: value) != nil { return value }
        guard let optional = value as? any AnyOptional else { return value }
        return unwrappingOptionals(optional.wrappedValue)
    }

    /// The name of the value's dynamic type, or "nil".
    static func typeName(of value: Any?) -> String {
        guard let value else { return "nil" }
        return String(describing: type(of: value))
    }
}

/// An `Optional` of any wrapped type, so that an `Any` holding one can be unwrapped without
/// reflection.
private protocol AnyOptional {
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: AnyOptional {
    fileprivate var wrappedValue: Any? { map { $0 } }
}
