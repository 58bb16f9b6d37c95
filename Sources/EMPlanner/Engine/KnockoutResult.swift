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
    ///   - result: How it ended; its round does not matter, only that it is a knockout match.
    /// - Throws: The ``ResultError`` that breaks the rules for a knockout match.
    public init(match: Int, home: String, away: String, result: MatchResult) throws(ResultError) {
        try result.validate(at: .knockout(.final))
        self.match = match
        self.home = home
        self.away = away
        self.result = result
        self.winner = result.winner == .home ? home : away
    }

    /// The code of the team that went out.
    public var loser: String { winner == home ? away : home }
}
