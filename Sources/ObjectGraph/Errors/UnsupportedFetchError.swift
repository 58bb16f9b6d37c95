/// A fetch request that parses but that the stores cannot run: a list on the left of a
/// comparison, `BETWEEN` without two bounds, a to-many key path where one value is needed, an
/// invalid `MATCHES` pattern, a sort key through a to-many relationship.
public struct UnsupportedFetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offending comparison, pattern or sort key, as written.
    public var fragment: String
    /// Why it cannot run, as one sentence.
    public var reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - fragment: The comparison, pattern or sort key at fault.
    ///   - reason: Why it cannot run.
    public init(fragment: String, reason: String) {
        self.fragment = fragment
        self.reason = reason
    }

    /// The fragment and the reason, on one line.
    public var description: String { "unsupported fetch '\(fragment)': \(reason)" }
}
