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
}
