/// One open match's score as a condition reads it: the result from one side, the margin, and
/// the goals of the side a condition names.
struct MatchReading: Hashable {
    /// The result for the side read from (the team asked about, or the home team).
    var outcome: TeamOutcome
    /// The goals between the sides: 0 for a draw.
    var margin: Int
    /// The goals of the team asked about in its own match; in another match the winner's (each
    /// side's in a draw).
    var goals: Int

    /// The reading of `score`, from the home side's view when `fromHome`, counting the goals
    /// of that side when `countsOwnGoals`, else the winner's.
    init(_ score: Score, fromHome: Bool, countsOwnGoals: Bool) {
        let (goals, conceded) = fromHome ? (score.home, score.away) : (score.away, score.home)
        outcome = TeamOutcome(goals: goals, conceded: conceded)
        margin = abs(goals - conceded)
        self.goals = countsOwnGoals ? goals : max(goals, conceded)
    }
}
