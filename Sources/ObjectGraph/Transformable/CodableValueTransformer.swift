import Foundation

/// Stores a `Codable` value as JSON: object keys sorted, so that equal values store equal bytes,
/// and Foundation's default strategies (dates as seconds since 2001, data as Base64).
///
/// JSON rather than a property list: the stored bytes read as text in any SQLite tool, and
/// top-level scalars (a lone `String`, `Int`) encode on every platform.
///
/// ```swift
/// ValueTransformerRegistry.shared.register(CodableValueTransformer<[Tag]>(), forName: "TagsTransformer")
/// ```
public struct CodableValueTransformer<Value: Codable>: AttributeValueTransformer {
    /// Creates the transformer.
    public init() {}

    /// The JSON encoding of `value`.
    public func transformedValue(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    /// The value JSON `data` encodes.
    public func reverseTransformedValue(_ data: Data) throws -> Value {
        try JSONDecoder().decode(Value.self, from: data)
    }
}
