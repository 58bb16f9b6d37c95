/// The result of a knockout match between two teams; it always has a winner.
public struct KnockoutResult: Hashable, Sendable {
    /// The match number in the rule set's bracket.
    public let match: Int
    /// The home team's code.
    public let home: String
    /// The away team's code.
    public let away: String
    /// How the match ended.
    public let result: MatchResult
    /// The code of the team that went through.
    public let winner: String

    /// A knockout result.
    ///
    /// - Parameters:
    ///   - match: The match number in the bracket.
    ///   - home: The home team's code.
    ///   - away: The away team's code.
    ///   - result: How it ended.
    ///   - round: The match's round; only a match for third place differs (a shoot-out may
    ///     follow 90 minutes).
    /// - Throws: The ``ResultError`` that breaks the rules for a knockout match.
    public init(
        match: Int, home: String, away: String, result: MatchResult, round: KnockoutRound = .final
    ) throws(ResultError) {
        try result.validate(at: .knockout(round))
        self.match = match
        self.home = home
        self.away = away
        self.result = result
        self.winner = result.winner == .home ? home : away
    }

    /// The code of the team that went out.
    public var loser: String { winner == home ? away : home }
}
