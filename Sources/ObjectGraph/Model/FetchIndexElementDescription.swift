/// One element of a fetch index: a property or an expression, in ascending or descending
/// order, as Core Data's `NSFetchIndexElementDescription`.
///
/// ```swift
/// FetchIndexDescription("byNewest", elements: [.property("kickoff", isAscending: false)])
/// FetchIndexDescription("byGoals", elements: [.expression("homeGoals + guestGoals", resultType: .integer64)])
/// ```
public struct FetchIndexElementDescription: Hashable, Sendable {
    /// What an element indexes.
    public enum Indexed: Hashable, Sendable {
        /// An attribute or a to-one relationship of the entity, by name.
        case property(String)
        /// An expression in `NSExpression` format over the entity's attributes, such as
        /// `abs:(balance)` or `lowercase:(name)`, and the type of its values (Xcode's
        /// `expressionType`).
        case expression(String, resultType: AttributeType)
    }

    /// The property or expression indexed.
    public let indexed: Indexed
    /// How the values are ordered (Core Data's `collationType`).
    public let collationType: FetchIndexElementType
    /// Whether the index keeps the values in ascending order (else descending).
    public let isAscending: Bool

    /// Describes an element.
    ///
    /// - Parameters:
    ///   - indexed: The property or expression indexed.
    ///   - collationType: How the values are ordered.
    ///   - isAscending: Whether they are kept in ascending order.
    public init(_ indexed: Indexed, collationType: FetchIndexElementType = .binary, isAscending: Bool = true) {
        self.indexed = indexed
        self.collationType = collationType
        self.isAscending = isAscending
    }

    /// An element indexing the property named `name`.
    public static func property(
        _ name: String, collationType: FetchIndexElementType = .binary, isAscending: Bool = true
    ) -> Self {
        Self(.property(name), collationType: collationType, isAscending: isAscending)
    }

    /// An element indexing the values of `expression`, of type `resultType`.
    public static func expression(
        _ expression: String, resultType: AttributeType, collationType: FetchIndexElementType = .binary,
        isAscending: Bool = true
    ) -> Self {
        Self(.expression(expression, resultType: resultType), collationType: collationType, isAscending: isAscending)
    }
}
