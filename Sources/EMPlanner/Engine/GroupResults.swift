/// Everything the standings of a group are computed from: its teams, its matches and the data
/// the last tie-breakers need, each optional.
public struct GroupResults: Hashable, Sendable {
    /// The group's name, such as `A`.
    public var name: String
    /// The codes of the group's teams (a repeated code counts once); teams the data cannot
    /// separate are listed in this order.
    public var teams: [String]
    /// The group's matches, played or not; matches not between two of ``Lookup/teams`` are ignored.
    public var matches: [GroupMatch]
    /// Disciplinary points per team code; a team without an entry has no cards recorded, so
    /// the criterion cannot decide for it.
    public var disciplinaryPoints: [String: Int]
    /// Ranking positions per team code (1 is best) for the rule set's ranking criterion; a team
    /// without an entry has no ranking given.
    public var ranking: [String: Int]
    /// The group's official order (team codes, first first), if one was recorded; it orders
    /// only teams the data leaves level.
    public var officialOrder: [String]?

    /// A group's input.
    public init(
        name: String, teams: [String], matches: [GroupMatch], disciplinaryPoints: [String: Int] = [:],
        ranking: [String: Int] = [:], officialOrder: [String]? = nil
    ) {
        self.name = name
        self.teams = teams
        self.matches = matches
        self.disciplinaryPoints = disciplinaryPoints
        self.ranking = ranking
        self.officialOrder = officialOrder
    }
}
