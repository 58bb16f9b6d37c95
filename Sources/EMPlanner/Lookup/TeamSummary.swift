/// A team as values read once from the store: what `em list teams` shows of it.
public struct TeamSummary {
    /// The FIFA code (`GER`), or the draw slot (`A1`) of a team awaiting the draw.
    public var code: String?
    /// The name in the store's language (`Deutschland`).
    public var name: String?
    /// The English name, if any.
    public var englishName: String?
    /// The draw slot the team stands for until the draw names it, if any.
    public var drawSlot: String?
    /// The group's name, if the team is in one.
    public var group: String?
    /// The head coach's given name and name, if the team has one.
    public var coach: String?
    /// How many players the squad has.
    public var players: Int
    /// The team in a few words, as messages name it (`team GER Deutschland`).
    public var label: String
    /// The team's object, for the planner and its tests.
    let object: Team

    /// The summary of `team`, whose squad has `players` players.
    init(_ team: Team, players: Int) {
        code = team.code
        name = team.name
        englishName = team.englishName
        drawSlot = team.drawSlot
        group = team.group?.name
        coach = team.coach?.fullName
        self.players = players
        label = Self.label(of: team)
        object = team
    }

    /// The summary of `team`, its players counted.
    init(_ team: Team) {
        self.init(team, players: team.players.count)
    }

    /// `team GER Deutschland`.
    static func label(of team: Team) -> String {
        "team \(team.code ?? "-") \(team.name ?? "")"
    }
}
