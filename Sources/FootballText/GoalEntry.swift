/// One goal of a scorer list: `(Havertz 45+1' (pen.); Rüdiger 87' (o.g.))`.
///
/// `side` is the part of the list the goal is written in: before the `;` the home team's,
/// after it the away team's, i.e. the team the goal counts for. openfootball writes an own goal
/// in the part of the team that benefited, so for an own goal `player` plays for the other
/// side (EURO 2024, Germany 5-1 Scotland: `Rüdiger 87' (o.g.)` is in Scotland's part).
/// A list without `;` holds the goals of the only team that scored: the away team if the
/// home team's final score is 0 and the away team's is not, else the home team.
public struct GoalEntry: Hashable, Sendable {
    /// The team the goal counts for.
    public var side: MatchSide
    /// The scorer's name as written (`Havertz`, `K.H.Rummenigge`).
    public var player: String
    /// When the goal was scored, or nil if the list gives no minute.
    public var minute: MatchMinute?
    /// Whether the goal was a penalty (`(pen.)`, `(pen)`, `(p)`, `53pen`).
    public var isPenalty: Bool
    /// Whether the goal was an own goal of `player` (`(o.g.)`, `(og)`, `77og`).
    public var isOwnGoal: Bool

    /// A goal of `player` counting for `side`.
    public init(
        side: MatchSide,
        player: String,
        minute: MatchMinute?,
        isPenalty: Bool = false,
        isOwnGoal: Bool = false
    ) {
        self.side = side
        self.player = player
        self.minute = minute
        self.isPenalty = isPenalty
        self.isOwnGoal = isOwnGoal
    }
}
