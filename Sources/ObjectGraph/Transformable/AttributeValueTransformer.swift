import Foundation

/// Converts between the Swift values of a Transformable attribute and the bytes the store keeps,
/// as Foundation's `ValueTransformer` does for Core Data.
///
/// Register a transformer under the name the model gives in `valueTransformerName` (see
/// ``ValueTransformerRegistry``); ``ManagedObject/transformedValue(forKey:as:registry:)`` and
/// ``ManagedObject/setTransformedValue(_:forKey:registry:)`` then read and write the
/// attribute's values through it.
///
/// ```swift
/// struct ColorTransformer: AttributeValueTransformer {
///     func transformedValue(_ color: Color) throws -> Data { Data(color.rgba) }
///     func reverseTransformedValue(_ data: Data) throws -> Color { try Color(rgba: Array(data)) }
/// }
/// ValueTransformerRegistry.shared.register(ColorTransformer(), forName: "ColorTransformer")
/// ```
public protocol AttributeValueTransformer<Value>: Sendable {
    /// The Swift type of the attribute's values.
    associatedtype Value

    /// The bytes to store for `value`.
    func transformedValue(_ value: Value) throws -> Data

    /// The value stored bytes stand for.
    func reverseTransformedValue(_ data: Data) throws -> Value
}
