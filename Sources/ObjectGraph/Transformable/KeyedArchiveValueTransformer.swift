import Foundation

/// Core Data's default transformers: values of Foundation's property-list types stored as
/// `NSKeyedArchiver` archives (see ``ArchivedValue``).
///
/// ``ValueTransformerRegistry`` uses it for an attribute without a transformer name and for
/// ``ValueTransformerRegistry/keyedArchiveTransformerNames``.
public struct KeyedArchiveValueTransformer: AttributeValueTransformer {
    /// Creates the transformer.
    public init() {}

    /// The keyed archive of `value`.
    public func transformedValue(_ value: ArchivedValue) -> Data {
        value.keyedArchive
    }

    /// The value of a keyed archive.
    ///
    /// - Throws: ``KeyedArchiveError``.
    public func reverseTransformedValue(_ data: Data) throws -> ArchivedValue {
        try ArchivedValue(keyedArchive: data)
    }
}
