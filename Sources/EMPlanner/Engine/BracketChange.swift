/// One slot or winner of a knockout match whose team changed between two brackets, as after a
/// corrected result.
public struct BracketChange: Hashable, Sendable, CustomStringConvertible {
    /// Which part of a match changed.
    public enum Part: String, Hashable, Sendable {
        /// The home side.
        case home
        /// The away side.
        case away
        /// The winner.
        case winner
    }

    /// The match number.
    public var match: Int
    /// Which part changed.
    public var part: Part
    /// The team before, or `nil` if unknown then.
    public var before: String?
    /// The team after, or `nil` if unknown now.
    public var after: String?

    /// A change.
    public init(match: Int, part: Part, before: String?, after: String?) {
        self.match = match
        self.part = part
        self.before = before
        self.after = after
    }

    /// One line, such as `match 26 away: GRE → RUS`.
    public var description: String {
        "match \(match) \(part.rawValue): \(before ?? "?") → \(after ?? "?")"
    }
}
