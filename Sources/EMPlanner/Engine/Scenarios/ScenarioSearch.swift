/// The final orders a group can reach from its played matches, for each home/draw/away
/// combination of its open matches, over every scoreline of them: exact, with no bound on the
/// goals (``OutcomeRegions`` says how).
///
/// Criteria that only disciplinary points, a ranking, a shoot-out or lots could decide are
/// left undecided: those teams share a tier.
struct ScenarioSearch {
    /// The group's teams, each once.
    let teams: [String]
    /// The group's matches between two of its teams, played or not.
    let matches: [GroupMatch]
    /// The indices in ``matches`` of the open matches, in order.
    let open: [Int]
    /// The indices of the open matches in the matches of the group as given.
    let openInGroup: [Int]
    /// The largest difference between two teams, over every set of teams, in goals scored,
    /// goals conceded or goal difference in the played matches among the set.
    let playedGap: Int
    private let group: GroupResults
    /// The edition's rules.
    let ruleSet: RuleSet

    /// A search over `group`'s open matches under `ruleSet`.
    ///
    /// While matches are open, disciplinary points, rankings and official orders are left
    /// out: they cannot be known before the group ends.
    init(_ group: GroupResults, ruleSet: RuleSet) {
        self.ruleSet = ruleSet
        let (teams, matches, indices) = GroupTable.teamsAndMatches(of: group)
        self.teams = teams
        self.matches = matches
        open = matches.indices.filter { !matches[$0].isPlayed }
        openInGroup = open.map { indices[$0] }
        self.group = open.isEmpty ? group : GroupResults(name: group.name, teams: group.teams, matches: group.matches)
        playedGap = Self.playedGap(teams: teams, matches: matches.filter(\.isPlayed), ruleSet: ruleSet)
    }

    /// Every home/draw/away combination of the open matches, the first match's outcome
    /// varying slowest.
    var outcomeCombinations: [[MatchOutcome]] {
        open.reduce([[]]) { combinations, _ in
            combinations.flatMap { combination in MatchOutcome.allCases.map { combination + [$0] } }
        }
    }

    /// The order these matches give.
    func order(_ matches: [GroupMatch]) -> FinalOrder {
        FinalOrder(tiers: resolution(matches).tiers)
    }

    /// The order these matches give, with how each tie was decided or why it could not be,
    /// and the comparisons of goals made where `tracesGoalComparisons`.
    func resolution(_ matches: [GroupMatch], tracesGoalComparisons: Bool = false) -> TieBreakResolver.Resolution {
        let records = TeamRecord.records(of: teams, matches: matches, ruleSet: ruleSet)
        return GroupTable.resolution(
            of: group, teams: teams, matches: matches, records: records, ruleSet: ruleSet,
            tracesGoalComparisons: tracesGoalComparisons)
    }

    /// The largest difference between two teams of a set, over every set of at least two
    /// teams, in goals scored, conceded or their difference in the played matches among the
    /// set.
    private static func playedGap(teams: [String], matches: [GroupMatch], ruleSet: RuleSet) -> Int {
        var gap = 0
        for subset in 1..<(1 << teams.count) where subset.nonzeroBitCount >= 2 {
            let members = teams.indices.filter { subset & (1 << $0) != 0 }.map { teams[$0] }
            let records = TeamRecord.records(
                of: members, matches: matches.filter { members.contains($0.home) && members.contains($0.away) },
                ruleSet: ruleSet)
            for value in [\TeamRecord.goalsFor, \.goalsAgainst, \.goalDifference] {
                let values = records.values.map { $0[keyPath: value] }
                gap = max(gap, values.max()! - values.min()!)
            }
        }
        return gap
    }
}
