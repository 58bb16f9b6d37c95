/// The final orders a group can reach from its played matches, for each home/draw/away
/// combination of its open matches, over every scoreline of them.
///
/// The search enumerates every scoreline whose goal counts are at most ``bound``. Why a
/// bound can be enough: every criterion after points compares two teams level so far on a sum,
/// over a set of matches (all of them, or those among the teams in question), of one team's
/// goals scored, conceded or their difference. For two teams such a comparison is the sign of
/// `c + f(x)`, where `c` is their difference on the played matches — at most ``playedGap``
/// (*C*) in size — and `f(x)` adds and subtracts goal counts `x` of the open matches with
/// coefficients of at most 2. Points, head-to-head points and wins depend on the outcomes
/// only, which the search fixes. So a comparison can only change sign where `f(x)` is within
/// *C* of 0, and lowering goal counts that lie far beyond *C* keeps every sign as long as
/// the differences between them stay beyond *C* too.
///
/// - Important: That last step is not proved for every shape of group: with two open
///   matches it holds when goal counts and margins are compressed gap by gap on the number
///   line (each gap kept above *C* + 1 and the two margins' difference kept where it
///   matters), which needs a bound of about 8*C* + 20, not the *C* + 2*n* + 1 = ``bound``
///   used here. The smaller bound is what the brute-force tests check: every scoreline up to
///   10 goals a side for every group of the EUROs 1980 to 2024 in the repository after
///   matchday 2 gives no position the search misses. With four open matches (after
///   matchday 1) the search takes minutes; the integer-region reasoning is the way
///   to make that fast and the bound exact.
///
/// Criteria that only disciplinary points, a ranking, a shoot-out or lots could decide are
/// left undecided: those teams share a tier.
struct ScenarioSearch {
    /// The group's teams, each once.
    let teams: [String]
    /// The group's matches between two of its teams, played or not.
    let matches: [GroupMatch]
    /// The indices in ``Lookup/matches`` of the open matches, in order.
    let open: [Int]
    /// The indices of the open matches in the matches of the group as given.
    let openInGroup: [Int]
    /// The largest difference between two teams, over every set of teams, in goals scored,
    /// goals conceded or goal difference in the played matches among the set.
    let playedGap: Int
    /// The most goals a side scores in a scoreline the search tries.
    ///
    /// It is ``playedGap`` plus twice the open matches plus one.
    let bound: Int
    private let group: GroupResults
    private let ruleSet: RuleSet

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
        bound = playedGap + 2 * open.count + 1
    }

    /// Every home/draw/away combination of the open matches, the first match's outcome
    /// varying slowest.
    var outcomeCombinations: [[MatchOutcome]] {
        open.reduce([[]]) { combinations, _ in
            combinations.flatMap { combination in MatchOutcome.allCases.map { combination + [$0] } }
        }
    }

    /// The orders some scorelines with these outcomes (one per open match) give, in the order
    /// found, and whether they are all of them.
    ///
    /// A match between two teams that no other team has the points of cannot change the
    /// order: only teams level on points are compared, on their own matches. It takes one
    /// scoreline; the others take every scoreline up to ``bound``, unless there are more than
    /// ``exhaustiveLimit`` of them: then the search stops once every team has reached every
    /// position its points allow (so positions stay exact), and the orders may be a part.
    ///
    /// - Complexity: O(*b*^2*k*) tables for *k* matches that can change the order and *b* =
    ///   ``bound``.
    func orders(_ outcomes: [MatchOutcome]) -> (orders: [FinalOrder], isExhaustive: Bool) {
        var matches = matches
        for (index, outcome) in zip(open, outcomes) {
            matches[index].score = Self.scores(outcome, bound: 1).first!
        }
        let points = TeamRecord.records(of: teams, matches: matches, ruleSet: ruleSet).mapValues(\.points)
        let sharesPoints = { (team: String) in points.values.filter { $0 == points[team] }.count > 1 }
        let varying = zip(open, outcomes).filter { index, _ in
            sharesPoints(matches[index].home) || sharesPoints(matches[index].away)
        }
        let choices = varying.map { Self.scores($0.1, bound: bound) }
        let isExhaustive = choices.reduce(1.0) { $0 * Double($1.count) } <= Double(Self.exhaustiveLimit)
        // Each team's places by points: below every team with more, above every team with fewer.
        var missing = Set(
            teams.flatMap { team in
                let above = points.values.filter { $0 > points[team]! }.count
                let level = points.values.filter { $0 == points[team]! }.count
                return (above + 1...above + level).map { "\(team)#\($0)" }
            })
        var found: [FinalOrder] = []
        var seen = Set<FinalOrder>()
        var position = [Int](repeating: 0, count: choices.count)
        while true {
            for (slot, (index, _)) in varying.enumerated() {
                matches[index].score = choices[slot][position[slot]]
            }
            let order = self.order(matches)
            // Neighbouring scorelines mostly give the same order: comparing costs less than hashing.
            if order != found.last, seen.insert(order).inserted {
                found.append(order)
                for (team, places) in order.positions { for place in places { missing.remove("\(team)#\(place)") } }
                if !isExhaustive, missing.isEmpty { return (found, false) }
            }
            // The next scoreline, the last match's varying fastest.
            var slot = choices.count - 1
            while slot >= 0 {
                position[slot] += 1
                if position[slot] < choices[slot].count { break }
                position[slot] = 0
                slot -= 1
            }
            if slot < 0 { return (found, true) }
        }
    }

    /// The most scorelines an outcome combination is searched through whole.
    static let exhaustiveLimit = 200_000

    /// The order these matches give.
    func order(_ matches: [GroupMatch]) -> FinalOrder {
        FinalOrder(tiers: resolution(matches).tiers)
    }

    /// The order these matches give, with how each tie was decided or why it could not be.
    func resolution(_ matches: [GroupMatch]) -> TieBreakResolver.Resolution {
        let records = TeamRecord.records(of: teams, matches: matches, ruleSet: ruleSet)
        return GroupTable.resolution(of: group, teams: teams, matches: matches, records: records, ruleSet: ruleSet)
    }

    /// Every score with this outcome and at most `bound` goals a side.
    static func scores(_ outcome: MatchOutcome, bound: Int) -> [Score] {
        switch outcome {
        case .home: (1...max(bound, 1)).flatMap { home in (0..<home).map { Score(home, $0) } }
        case .draw: (0...bound).map { Score($0, $0) }
        case .away: scores(.home, bound: bound).map { Score($0.away, $0.home) }
        }
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
