/// What a team can still reach in its group: final positions and the knockout stage.
public struct TeamOutlook: Hashable, Sendable {
    /// The team's code.
    public var team: String
    /// Every final position the team can still reach, ascending; a tie that only disciplinary
    /// points, a ranking, a shoot-out or lots could break counts as each position it could give.
    public var positions: [Int]
    /// Whether the team reaches the knockout stage.
    public var qualification: Qualification

    /// An outlook.
    public init(team: String, positions: [Int], qualification: Qualification) {
        self.team = team
        self.positions = positions
        self.qualification = qualification
    }

    /// The qualification that `positions` give under `ruleSet`: a position within the group's
    /// qualifying places goes through, the next one counts as `thirdPlace` where best
    /// third-placed teams go through, any other is out.
    static func qualification(
        of positions: [Int], ruleSet: RuleSet, thirdPlace: Qualification
    ) -> Qualification {
        let verdicts = Set(
            positions.map { position -> Qualification in
                if position <= ruleSet.teamsAdvancingPerGroup { return .certain }
                if position == ruleSet.teamsAdvancingPerGroup + 1, ruleSet.bestThirdPlacedAdvancing > 0 { return thirdPlace }
                return .impossible
            })
        return verdicts.count == 1 ? verdicts.first! : .possible
    }
}
