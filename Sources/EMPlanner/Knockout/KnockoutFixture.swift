/// A knockout match as a bracket shows it: its number, round and slots, the teams that play it,
/// how it ended and who went through.
///
/// A value read from the store (``init(_:isWaiting:)``) or computed for a what-if
/// (``Reports/bracket(assuming:)``): reading it touches no store.
public struct KnockoutFixture: Hashable, Sendable {
    /// The match number (``Lookup/matchID(_:)``), which slot labels refer to.
    public var number: Int
    /// The knockout round.
    public var round: KnockoutRound
    /// Who plays as the home side.
    public var home: SlotLabel
    /// Who plays as the away side.
    public var away: SlotLabel
    /// The home team's code, once known.
    public var homeTeam: String?
    /// The away team's code, once known.
    public var awayTeam: String?
    /// How the match ended, once played.
    public var result: MatchResult?
    /// The code of the team that went through, once known.
    public var winner: String?
    /// Whether the match keeps a result for teams that are not both its teams now, and waits
    /// for them (``Knockout/waitingMatchIDs()``): its teams and score are then those of the
    /// result it keeps, and it has no winner.
    public var isWaiting: Bool
    /// Whether the result is assumed, not recorded (``Reports/bracket(assuming:)``).
    public var isAssumed: Bool
    /// The replay that decided a match drawn after extra time (EURO 1968's final), if any.
    public var replay: Replay?

    /// A drawn match's replay: another match of the same teams, outside the bracket.
    public struct Replay: Hashable, Sendable {
        /// The replay's match number.
        public var number: Int
        /// How the replay ended.
        public var result: MatchResult

        /// A replay.
        public init(number: Int, result: MatchResult) {
            self.number = number
            self.result = result
        }
    }

    /// A fixture from its parts; without a result, a winner, waiting or an assumption unless
    /// given.
    public init(
        number: Int, round: KnockoutRound, home: SlotLabel, away: SlotLabel, homeTeam: String? = nil,
        awayTeam: String? = nil, result: MatchResult? = nil, winner: String? = nil, isWaiting: Bool = false,
        isAssumed: Bool = false, replay: Replay? = nil
    ) {
        self.number = number
        self.round = round
        self.home = home
        self.away = away
        self.homeTeam = homeTeam
        self.awayTeam = awayTeam
        self.result = result
        self.winner = winner
        self.isWaiting = isWaiting
        self.isAssumed = isAssumed
        self.replay = replay
    }

    /// A knockout match as the store holds it: its teams, its recorded result and its winner,
    /// or, while it waits (``Knockout/waitingMatchIDs()``), the teams and result it keeps and
    /// no winner.
    init(_ entry: Knockout.BracketEntry, isWaiting: Bool, replay: Replay?) {
        let match = entry.match
        // A replay, between the same teams the same way round, decides the match.
        let winner =
            replay.map { replay in
                replay.result.winner.flatMap { $0 == .home ? match.homeTeam?.code : match.awayTeam?.code }
            } ?? entry.winner
        self.init(
            number: entry.number, round: entry.round, home: entry.home, away: entry.away, homeTeam: match.homeTeam?.code,
            awayTeam: match.awayTeam?.code, result: match.result, winner: isWaiting ? nil : winner,
            isWaiting: isWaiting, replay: isWaiting ? nil : replay)
    }
}
