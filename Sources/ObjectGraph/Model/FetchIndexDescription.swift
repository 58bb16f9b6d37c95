/// An index a store keeps to speed up fetches, as Core Data's `NSFetchIndexDescription`
/// (Xcode's fetch indexes): a name and one or more elements, properties or expressions.
///
/// A SQLite store keeps one index per description on the table of the entity's inheritance
/// tree, its elements in order. An index changes no fetch's results, only how fast they come;
/// opening a store with a model whose indexes differ adds and drops them.
public struct FetchIndexDescription: Hashable, Sendable {
    /// The index's name in the model (not the store's name for it).
    public let name: String
    /// The properties and expressions indexed, in order.
    public let elements: [FetchIndexElementDescription]

    /// Describes an index.
    ///
    /// - Parameters:
    ///   - name: The index's name in the model.
    ///   - elements: The properties and expressions indexed, in order.
    public init(_ name: String, elements: [FetchIndexElementDescription]) {
        self.name = name
        self.elements = elements
    }
}
