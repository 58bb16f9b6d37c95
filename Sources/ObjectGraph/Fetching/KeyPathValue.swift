/// What a key path through to-one relationships yields on one object: an attribute's value, or
/// the identity of the object a to-one relationship names.
///
/// The keys of ``ManagedObjectContext/counts(for:groupedBy:)``, and the values predicates
/// compare.
public enum KeyPathValue: Hashable, Sendable {
    /// An attribute's value; ``AttributeValue/null`` when the attribute has none (NaN counts as
    /// none, as SQLite stores it), or when a relationship on the way, or the relationship the
    /// path ends in, names no object.
    case value(AttributeValue)
    /// The object a to-one relationship names.
    case object(ManagedObjectID)

    /// No value.
    public static let null = KeyPathValue.value(.null)

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .value(.null) = self { return true }
        return false
    }

    /// An attribute's value, with NaN as ``null``.
    public init(_ value: AttributeValue) {
        if case .double(let d) = value, d.isNaN { self = .null } else { self = .value(value) }
    }
}
