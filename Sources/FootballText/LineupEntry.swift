/// A team's line-up under a match: `Germany: Neuer - Kimmich, Rüdiger, Tah [Y], … - Havertz (Füllkrug 63')`.
public struct LineupEntry: Hashable, Sendable {
    /// The label before the colon, as written (normally the team's name; the files have typos
    /// such as `Berlgium`, kept as they are).
    public var team: String
    /// The starters in the lines the text separates with ` - ` (goalkeeper, defence, midfield,
    /// attack); a single line when the text uses commas only.
    public var formationLines: [[LineupPlayer]]

    /// The line-up of `team` in the given lines.
    public init(team: String, formationLines: [[LineupPlayer]]) {
        self.team = team
        self.formationLines = formationLines
    }

    /// The starters in the order written.
    public var players: [LineupPlayer] { formationLines.flatMap { $0 } }
}
