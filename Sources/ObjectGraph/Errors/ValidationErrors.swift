import Foundation

/// Every rule the objects of a save break; the save wrote nothing.
public struct ValidationErrors: Error, Sendable, CustomStringConvertible {
    /// The individual errors, in a stable order.
    public var errors: [ValidationError]

    /// The first error, followed by how many more there are.
    public var description: String {
        guard let first = errors.first else { return "validation failed" }
        return errors.count == 1 ? first.description : "\(first.description) (and \(errors.count - 1) more validation errors)"
    }
}
