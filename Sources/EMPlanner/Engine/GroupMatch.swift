/// A group match as the standings see it: the two teams, the matchday and, once played, the
/// score.
public struct GroupMatch: Hashable, Sendable {
    /// The home team's code.
    public var home: String
    /// The away team's code.
    public var away: String
    /// The matchday (1, 2, 3), or any number that orders the group's rounds: the matches with
    /// the group's highest number are its last round.
    public var matchday: Int
    /// The score after 90 minutes; `nil` while unplayed.
    ///
    /// Unplayed matches do not count.
    public var score: Score?
    /// The kicks scored in a shoot-out after a drawn last-round match (the last-round penalty
    /// case); `nil` without one.
    public var penalties: Score?

    /// A group match.
    public init(home: String, away: String, matchday: Int, score: Score? = nil, penalties: Score? = nil) {
        self.home = home
        self.away = away
        self.matchday = matchday
        self.score = score
        self.penalties = penalties
    }

    /// Whether the match has a score.
    public var isPlayed: Bool { score != nil }

    /// Whether the match is between these two teams, either way round.
    func isBetween(_ one: String, _ other: String) -> Bool {
        (home == one && away == other) || (home == other && away == one)
    }
}
