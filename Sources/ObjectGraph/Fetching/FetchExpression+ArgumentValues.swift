import Foundation

// MARK: - Argument values

extension FetchExpression {
    /// A value a predicate cannot hold, named by its type.
    struct UnsupportedValue: Error {
        var type: String
    }

    /// The expression for a `%@` argument or a substitution variable's value.
    ///
    /// Scalars become `.constant`, `nil` becomes `.constant(.null)`, arrays and sets become
    /// `.list` (element by element), a managed object or its ID becomes `.object`, and an
    /// expression stays itself.
    init(argument value: Any?) throws(UnsupportedValue) {
        if let value, let common = AttributeValue(common: value) {
            self = .constant(common)
            return
        }
        guard let value = Self.unwrappingOptionals(value) else {
            self = .constant(.null)
            return
        }
        switch value {
        case let expression as FetchExpression: self = expression
        case let id as ManagedObjectID: self = .object(id)
        case let object as ManagedObject: self = .object(object.objectID)
        case let integer as UInt64:
            guard let exact = Int64(exactly: integer) else { throw UnsupportedValue(type: "UInt64") }
            self = .constant(.integer(exact))
        default:
            if let constant = AttributeValue(any: value) {
                self = .constant(constant)
            } else if let convertible = value as? any AttributeConvertible {
                self = .constant(convertible.attributeValue)
            } else if let collection = value as? any Collection, Mirror(reflecting: value).displayStyle != .dictionary {
                var elements: [FetchExpression] = []
                for element in Self.elements(of: collection) {
                    elements.append(try FetchExpression(argument: element))
                }
                self = .list(elements)
            } else {
                throw UnsupportedValue(type: Self.typeName(of: value))
            }
        }
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
