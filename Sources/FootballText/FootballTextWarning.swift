/// A line a lenient parse skipped because it did not understand it.
public struct FootballTextWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: FootballTextLocation
    /// What is wrong.
    public var message: String

    /// The problem `message` at `location`.
    public init(location: FootballTextLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// The warning for the problem `error` reports.
    public init(_ error: FootballTextError) {
        self.init(location: error.location, message: error.message)
    }

    /// `file:line:column: message`.
    public var description: String { "\(location): \(message)" }
}
