/// One match line of a Football.TXT file with the lines under it (scorers, penalty
/// shoot-out, line-ups, comments).
///
/// A match line without a date, time or venue of its own takes those of the date line above
/// it (`June 14 20:00 @ Antwerpen, Bosuil`); a match line without a time under the same date
/// line takes the time of the match above it, openfootball's way of writing simultaneous
/// kick-offs. A round header (`▪ …`) starts without a date.
public struct MatchEntry: Hashable, Sendable {
    /// The name of the round the match is listed under (`Group A`, `Semi-finals`,
    /// `Final, Replay`); empty for matches above the first round header.
    public var round: String
    /// The round's name if the round is a group: it is declared in a `Group … |` line or its
    /// name starts with `Group `; else nil.
    public var group: String?
    /// The match number in brackets at the start of the line (`(37)`, EURO 2028), or nil.
    public var number: Int?
    /// The match's date, or nil if none is given (the EURO 1984 and 1992 group matches).
    public var date: CalendarDate?
    /// The local kick-off time, or nil if none is given.
    public var time: TimeOfDay?
    /// The kick-off time in a second zone (`18:00 (19:00 EEST)`), or nil.
    public var secondTime: ZonedTime?
    /// The first team named: a team (`West Germany`) or a slot (`A1`, `Winner Match 49`), as written.
    public var home: String
    /// The second team named, as written.
    public var away: String
    /// The result, or nil if the match has none yet (`A1 v A2`).
    public var score: ScoreLine?
    /// Where the match is played, or nil if not given.
    public var venue: Venue?
    /// The goals: the home team's part of the scorer list, then the away team's, each in the
    /// order written (see `GoalEntry` for which part an own goal is in).
    public var goals: [GoalEntry]
    /// The kicks of a `Penalties:` line, in order.
    public var shootout: [ShootoutKick]
    /// The line-ups, in the order written.
    public var lineups: [LineupEntry]
    /// The comments that belong to the match: its line's trailing comment, comment lines right
    /// under it (`# Italy won on coin toss`), and comment lines between a blank line and the
    /// match; the text after the `#` marks, in order.
    public var comments: [String]

    /// A match between `home` and `away` in `round`.
    public init(
        round: String,
        group: String? = nil,
        number: Int? = nil,
        date: CalendarDate? = nil,
        time: TimeOfDay? = nil,
        secondTime: ZonedTime? = nil,
        home: String,
        away: String,
        score: ScoreLine? = nil,
        venue: Venue? = nil,
        goals: [GoalEntry] = [],
        shootout: [ShootoutKick] = [],
        lineups: [LineupEntry] = [],
        comments: [String] = []
    ) {
        self.round = round
        self.group = group
        self.number = number
        self.date = date
        self.time = time
        self.secondTime = secondTime
        self.home = home
        self.away = away
        self.score = score
        self.venue = venue
        self.goals = goals
        self.shootout = shootout
        self.lineups = lineups
        self.comments = comments
    }

    /// The team named on the given side.
    public func team(_ side: MatchSide) -> String {
        side == .home ? home : away
    }
}
