/// A team's played, won, drawn and lost matches, goals and points.
public struct TeamRecord: Hashable, Sendable {
    /// Matches played.
    public var played = 0
    /// Matches won.
    public var won = 0
    /// Matches drawn.
    public var drawn = 0
    /// Matches lost.
    public var lost = 0
    /// Goals scored.
    public var goalsFor = 0
    /// Goals conceded.
    public var goalsAgainst = 0
    /// Points.
    public var points = 0

    /// A record of no matches.
    public init() {}

    /// A record as given.
    public init(played: Int, won: Int, drawn: Int, lost: Int, goalsFor: Int, goalsAgainst: Int, points: Int) {
        self.played = played
        self.won = won
        self.drawn = drawn
        self.lost = lost
        self.goalsFor = goalsFor
        self.goalsAgainst = goalsAgainst
        self.points = points
    }

    /// Goals scored less goals conceded.
    public var goalDifference: Int { goalsFor - goalsAgainst }

    /// Counts one played match.
    mutating func add(scored: Int, conceded: Int, ruleSet: RuleSet) {
        played += 1
        goalsFor += scored
        goalsAgainst += conceded
        if scored > conceded {
            won += 1
            points += ruleSet.pointsPerWin
        } else if scored == conceded {
            drawn += 1
            points += ruleSet.pointsPerDraw
        } else {
            lost += 1
        }
    }

    /// The records of `teams` from the played matches among them.
    static func records(of teams: [String], matches: [GroupMatch], ruleSet: RuleSet) -> [String: TeamRecord] {
        var records = Dictionary(uniqueKeysWithValues: teams.map { ($0, TeamRecord()) })
        for match in matches {
            guard let score = match.score, match.home != match.away, records[match.home] != nil, records[match.away] != nil
            else { continue }
            records[match.home]!.add(scored: score.home, conceded: score.away, ruleSet: ruleSet)
            records[match.away]!.add(scored: score.away, conceded: score.home, ruleSet: ruleSet)
        }
        return records
    }
}
