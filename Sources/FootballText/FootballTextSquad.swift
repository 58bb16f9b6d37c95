/// The content of one squad file (openfootball's `squads/germany.txt`): a header
/// `=  Germany - Euro 2024` and one row per player.
public struct FootballTextSquad: Hashable, Sendable {
    /// The team, before the ` - ` of the header (`Germany`).
    public var team: String
    /// The tournament, after the ` - ` of the header (`Euro 2024`), or nil if the header has none.
    public var tournament: String?
    /// The comment lines and trailing comments, in order (the text after the `#` marks).
    public var comments: [String]
    /// The players in file order.
    public var players: [SquadPlayer]

    /// The squad of `team` at `tournament`.
    public init(team: String, tournament: String? = nil, comments: [String] = [], players: [SquadPlayer] = []) {
        self.team = team
        self.tournament = tournament
        self.comments = comments
        self.players = players
    }
}
