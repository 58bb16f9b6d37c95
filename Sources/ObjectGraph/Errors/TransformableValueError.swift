/// A Transformable attribute's value that cannot be read or written as a Swift value, naming the
/// attribute and its transformer.
///
/// The attribute's stored bytes are untouched: ``ManagedObject/value(forKey:)`` still reads
/// them as `Data`.
public struct TransformableValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The entity has no Transformable attribute by that name.
        case notTransformable
        /// No transformer is registered under the attribute's transformer name.
        case transformerNotRegistered
        /// The transformer's values are of another type (the type asked for, and the
        /// transformer's).
        case typeMismatch(expected: String, transformerValue: String)
        /// The transformer failed to read the stored bytes (its error).
        case unreadableValue(String)
        /// The transformer failed to turn the value into bytes (its error).
        case unwritableValue(String)
        /// Another save deleted the object's row.
        case objectNotFound
    }

    /// The entity's name.
    public var entity: String
    /// The attribute's name.
    public var attribute: String
    /// The attribute's transformer name (`nil` for Core Data's default).
    public var transformerName: String?
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    public init(entity: String, attribute: String, transformerName: String?, _ reason: Reason) {
        self.entity = entity
        self.attribute = attribute
        self.transformerName = transformerName
        self.reason = reason
    }

    /// One sentence naming the attribute, its transformer and what is wrong.
    public var description: String {
        let transformer = transformerName.map { "value transformer \"\($0)\"" } ?? "the default value transformer"
        let place = "attribute '\(entity).\(attribute)'"
        switch reason {
        case .notTransformable: return "\(place) is not a Transformable attribute"
        case .transformerNotRegistered: return "\(place): \(transformer) is not registered"
        case .typeMismatch(let expected, let actual):
            return "\(place): \(transformer) reads and writes \(actual), not \(expected)"
        case .unreadableValue(let why): return "\(place): \(transformer) cannot read the stored bytes: \(why)"
        case .unwritableValue(let why): return "\(place): \(transformer) cannot store the value: \(why)"
        case .objectNotFound: return "\(place): the object was deleted by another save"
        }
    }
}
