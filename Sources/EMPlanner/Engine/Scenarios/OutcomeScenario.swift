/// One home/draw/away combination of a group's open matches and what it leads to.
public struct OutcomeScenario: Hashable, Sendable {
    /// The outcome of each open match, in the order of ``GroupScenarios/remaining``.
    public var results: [MatchOutcome]
    /// Every final order some scores with these outcomes give; one order when the outcomes
    /// alone decide it.
    public var orders: [FinalOrder]
    /// Each team's reachable positions and qualification under these outcomes, in the group's
    /// team order.
    public var teams: [TeamOutlook]
    /// Where best third-placed teams go through, the best and worst record each team can
    /// finish third with under these outcomes; empty in other formats.
    public var thirdPlaceRecords: [String: ThirdPlaceRecords]
    /// What a third place gives each team that can finish third under these outcomes, where
    /// the race between the groups' thirds has been run (``GroupScenarios/settleThirdPlaces(_:ruleSet:)``).
    public var thirdPlace: [String: Qualification] = [:]

    /// A scenario.
    public init(
        results: [MatchOutcome], orders: [FinalOrder], teams: [TeamOutlook],
        thirdPlaceRecords: [String: ThirdPlaceRecords] = [:]
    ) {
        self.results = results
        self.orders = orders
        self.teams = teams
        self.thirdPlaceRecords = thirdPlaceRecords
    }

    /// The positions `team` can reach under these outcomes; empty for a team not in the group.
    public func positions(of team: String) -> [Int] {
        teams.first { $0.team == team }?.positions ?? []
    }
}
