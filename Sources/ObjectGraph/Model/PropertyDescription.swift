/// What attributes, relationships and fetched properties have in common.
public protocol PropertyDescription: AnyObject, Sendable {
    /// The property's name, unique within its entity and its ancestors.
    var name: String { get }
    /// Whether the property may be empty (`nil`, or no related objects) when saved.
    var isOptional: Bool { get }
    /// Whether the property lives in memory only and is never stored.
    var isTransient: Bool { get }
    /// The entity that declares the property (for an inherited property, the ancestor).
    var entity: EntityDescription { get }
}
