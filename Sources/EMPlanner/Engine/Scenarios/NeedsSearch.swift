/// Every scoreline of a group's open matches up to ``bound`` goals a side, with the final
/// order each gives: what ``TeamNeeds`` turns into conditions for each team.
///
/// With one open match the bound is ``playedGap(of:)`` plus five (at least 8), so
/// that every threshold a tie-break comparison can set lies two goals or more inside it. With
/// two it is ``boundOfTwoMatches``, which keeps the search to 14,641 scorelines; a threshold
/// that a group's played matches put beyond ``thresholdLimit`` (a margin of 9 or more needed)
/// then shows as the exact scorelines up to the bound.
struct NeedsSearch {
    /// The scenarios search it takes the group's teams, matches and orders from.
    let search: ScenarioSearch
    /// The most goals a side scores in a scoreline enumerated.
    let bound: Int
    /// Every combination of scores of the open matches, one score per open match in the order
    /// of ``ScenarioSearch/open``, the first match's score varying slowest.
    let scorelines: [[Score]]
    /// The order each of ``scorelines`` gives, and how its ties were decided.
    let resolutions: [TieBreakResolver.Resolution]

    /// The search over `group`'s open matches under `ruleSet`.
    ///
    /// - Complexity: (*b* + 1)^2*k* tables for *k* open matches and *b* = ``bound``.
    init(_ group: GroupResults, ruleSet: RuleSet) {
        let search = ScenarioSearch(group, ruleSet: ruleSet)
        let bound = search.open.count < 2 ? max(Self.playedGap(of: search) + 5, 8) : Self.boundOfTwoMatches
        let scores = (0...bound).flatMap { home in (0...bound).map { Score(home, $0) } }
        let scorelines = search.open.reduce([[Score]]([[]])) { lines, _ in lines.flatMap { line in scores.map { line + [$0] } } }
        var matches = search.matches
        resolutions = scorelines.map { line in
            for (index, score) in zip(search.open, line) { matches[index].score = score }
            return search.resolution(matches)
        }
        self.search = search
        self.bound = bound
        self.scorelines = scorelines
    }

    /// The bound with two open matches: the scorelines grow with its fourth power.
    static let boundOfTwoMatches = 10

    /// The largest threshold a condition may use.
    var thresholdLimit: Int { bound - 2 }

    /// The places `team` can take in the order of the scoreline at `index`: its tier's; and
    /// for a tier of several teams, why the results leave them level.
    func placing(of team: String, at index: Int) -> (places: ClosedRange<Int>, reason: LevelReason?) {
        Self.placing(of: team, in: resolutions[index])
    }

    /// The places `team` can take in the order of `resolution`: its tier's; and for a tier of
    /// several teams, why the results leave them level.
    static func placing(of team: String, in resolution: TieBreakResolver.Resolution)
        -> (places: ClosedRange<Int>, reason: LevelReason?)
    {
        var first = 1
        for tier in resolution.tiers {
            if tier.contains(team) {
                let reason = resolution.decisions.lazy.compactMap { decision -> LevelReason? in
                    if case .level(let teams, let reason) = decision, teams.contains(team) { return reason }
                    return nil
                }.first
                return (first...(first + tier.count - 1), tier.count > 1 ? reason ?? .criteriaExhausted : nil)
            }
            first += tier.count
        }
        preconditionFailure("\(team) is not in the group")
    }

    /// The largest difference between two teams of a set, over every set of at least two
    /// teams, in goals scored, conceded or their difference in the played matches among the
    /// set.
    private static func playedGap(of search: ScenarioSearch) -> Int {
        let (teams, matches, ruleSet) = (search.teams, search.matches.filter(\.isPlayed), search.ruleSet)
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
