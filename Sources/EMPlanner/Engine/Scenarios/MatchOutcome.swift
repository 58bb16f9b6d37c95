/// The result of a match as home win, draw or away win, without its goals.
public enum MatchOutcome: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The home side wins.
    case home
    /// Neither side wins.
    case draw
    /// The away side wins.
    case away

    /// The outcome of a score.
    public init(_ score: Score) {
        self = score.home > score.away ? .home : score.home == score.away ? .draw : .away
    }

    /// The outcome as the JSON names it: `home`, `draw` or `away`.
    public var description: String { rawValue }
}
