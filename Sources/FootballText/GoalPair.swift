/// A score as Football.TXT writes it: a pair of goal counts, home first, `2-1`.
public struct GoalPair: Hashable, Sendable, CustomStringConvertible {
    /// The goals of the home team (the team named first).
    public var home: Int
    /// The goals of the away team (the team named second).
    public var away: Int

    /// The score `home`-`away`.
    public init(home: Int, away: Int) {
        self.home = home
        self.away = away
    }

    /// The score as written, such as `2-1`.
    public var description: String { "\(home)-\(away)" }
}
