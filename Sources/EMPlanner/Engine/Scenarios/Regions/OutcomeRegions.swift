/// The final orders one home/draw/away combination of a group's open matches can give, over
/// every scoreline with those outcomes, however many goals: exact, with no bound.
///
/// Each open match has two integer variables: the goals of the side that does not win, and
/// the margin (at least 1 for a win, 0 for a draw). With the outcomes fixed, points,
/// head-to-head points and wins are fixed too, and every count the tie-breakers compare after
/// them — goals scored, conceded or their difference, over all matches or over those among
/// some teams — is an affine function of the variables. So the scorelines fall into regions:
/// sets of integer points on which every comparison the tie-breakers make has the same sign,
/// and so the same order.
///
/// The search visits every region once. It ranks one scoreline (a solution of an
/// ``IntegerSystem``), reads the comparisons the ranking made, and for each comparison in
/// turn asks for a scoreline that agrees with the ones before it and goes the other way
/// (or level) on it; a region that no integer scoreline reaches is left out.
struct OutcomeRegions {
    /// One region: the scorelines on which the tie-breakers compare alike.
    struct Region {
        /// The outcomes of the open matches.
        var outcomes: [MatchOutcome]
        /// The constraints on the variables that the region's scorelines satisfy, and no other.
        var system: IntegerSystem
        /// How every scoreline of the region ranks.
        var resolution: TieBreakResolver.Resolution
    }

    /// Every region, in the order visited, where the search keeps them.
    private(set) var regions: [Region] = []
    private let keepsRegions: Bool
    /// Every order some scoreline with the outcomes gives, in the order found.
    private(set) var orders: [FinalOrder] = []
    /// For each of ``orders``, a scoreline that gives it: a score per open match.
    private(set) var examples: [[Score]] = []
    /// For each team that can finish at `thirdPlace` (see ``init(_:outcomes:thirdPlace:)``),
    /// the best and worst record it can finish there with.
    private(set) var thirdPlaceRecords: [String: ThirdPlaceRecords] = [:]
    /// The position whose records ``thirdPlaceRecords`` holds, if any.
    private let thirdPlace: Int?
    private var seen: Set<FinalOrder> = []
    private let search: ScenarioSearch
    private let outcomes: [MatchOutcome]
    private var matches: [GroupMatch]
    /// The outcomes' own constraints: every goal count at least 0, a winner's margin at least 1.
    private let domain: IntegerSystem

    /// The orders `search`'s open matches can give with these outcomes, one per open match,
    /// and where `thirdPlace` is a position, the records teams can finish there with; every
    /// region too, where `keepsRegions`.
    init(_ search: ScenarioSearch, outcomes: [MatchOutcome], thirdPlace: Int? = nil, keepsRegions: Bool = false) {
        self.search = search
        self.keepsRegions = keepsRegions
        self.outcomes = outcomes
        self.thirdPlace = thirdPlace
        matches = search.matches
        var domain = IntegerSystem(variableCount: 2 * outcomes.count)
        for (slot, outcome) in outcomes.enumerated() {
            domain.require(Self.variable(2 * slot, of: domain.variableCount), atLeast: 0)
            let margin = Self.variable(2 * slot + 1, of: domain.variableCount)
            if outcome == .draw { domain.requireZero(margin) } else { domain.require(margin, atLeast: 1) }
        }
        self.domain = domain
        explore([])
    }

    /// Visits the regions whose first comparisons are `path`'s (a form and the sign it must
    /// have, the last one the only one not yet visited).
    private mutating func explore(_ path: [(form: AffineForm, sign: Int)]) {
        guard let values = narrowedDomain(path).solution() else { return }
        for (slot, index) in search.open.enumerated() {
            let (losing, margin) = (values[2 * slot], values[2 * slot + 1])
            matches[index].score = Score(
                losing + (outcomes[slot] == .home ? margin : 0), losing + (outcomes[slot] == .away ? margin : 0))
        }
        let resolution = search.resolution(matches, tracesGoalComparisons: true)
        let order = FinalOrder(tiers: resolution.tiers)
        if seen.insert(order).inserted {
            orders.append(order)
            examples.append(search.open.map { matches[$0].score! })
        }
        // The same path up to `path`'s length; beyond it, each comparison turned each other way.
        let steps = resolution.goalComparisons.map { (form: form(of: $0), sign: $0.sign) }
        if keepsRegions { regions.append(Region(outcomes: outcomes, system: narrowedDomain(steps), resolution: resolution)) }
        if let thirdPlace { recordThirdPlaces(at: thirdPlace, in: order, region: steps) }
        for index in path.count..<steps.count where !steps[index].form.isConstant {
            for sign in -1...1 where sign != steps[index].sign {
                explore(Array(steps[..<index]) + [(steps[index].form, sign)])
            }
        }
    }

    /// Widens the records of the teams that `order` can put at `place` by their best and
    /// worst over `region`: the scorelines on which the ranking compares alike.
    private mutating func recordThirdPlaces(at place: Int, in order: FinalOrder, region: [(form: AffineForm, sign: Int)]) {
        let system = narrowedDomain(region)
        let records = TeamRecord.records(of: search.teams, matches: matches, ruleSet: search.ruleSet)
        let criteria = ThirdPlaceRecords.criteria(of: search.ruleSet)
        for (team, positions) in order.positions where positions.contains(place) {
            let record = records[team]!
            let forms = criteria.map { criterion -> AffineForm in
                switch criterion {
                case .goalDifference: count(.difference, of: team, among: nil)
                case .goalsScored: count(.scored, of: team, among: nil)
                case .wins: AffineForm(constant: record.won, variableCount: domain.variableCount)
                // Points: the criteria hold nothing else.
                default: AffineForm(constant: record.points, variableCount: domain.variableCount)
                }
            }
            // The leading criteria fixed by the outcomes (points) may already say that this
            // region cannot pass the best or the worst record known: then it is not searched.
            let fixed = forms.prefix { $0.isConstant }.map(\.constant)
            let known = thirdPlaceRecords[team]
            let searchesBest = known.map { Self.mayPass(fixed, $0.best, unbounded: .max) { ThirdPlaceRecords.isBelow($1, $0) } }
            let searchesWorst = known.map { Self.mayPass(fixed, $0.worst, unbounded: .min, beyond: ThirdPlaceRecords.isBelow) }
            let best = searchesBest ?? true ? system.lexicographicMaximum(of: forms) : known?.best
            let worst = searchesWorst ?? true ? system.lexicographicMinimum(of: forms) : known?.worst
            guard let best, let worst else { continue }
            let range = ThirdPlaceRecords(best: best, worst: worst)
            thirdPlaceRecords[team] = known.map { $0.merged(with: range) } ?? range
        }
    }

    /// The outcomes' domain narrowed to the scorelines on which each comparison of `steps`
    /// has its sign.
    private func narrowedDomain(_ steps: [(form: AffineForm, sign: Int)]) -> IntegerSystem {
        var system = domain
        for step in steps where !step.form.isConstant { system.require(step.form, sign: step.sign) }
        return system
    }

    /// Whether a record starting with `fixed` may pass `extreme` (go `beyond` it): not where
    /// its start is short of the extreme's, nor where the extreme is `unbounded` right after it.
    private static func mayPass(_ fixed: [Int], _ extreme: [Int], unbounded: Int, beyond: ([Int], [Int]) -> Bool) -> Bool {
        let head = Array(extreme.prefix(fixed.count))
        if head != fixed { return beyond(fixed, head) }
        return extreme.count > fixed.count && extreme[fixed.count] != unbounded
    }

    /// The first team's count less the second's, as a function of the variables.
    private func form(of comparison: GoalComparison) -> AffineForm {
        count(comparison.count, of: comparison.first, among: comparison.among)
            - count(comparison.count, of: comparison.second, among: comparison.among)
    }

    /// `team`'s count over the matches among `among` (all where `nil`).
    private func count(_ count: GoalComparison.Count, of team: String, among: [String]?) -> AffineForm {
        var total = AffineForm(variableCount: domain.variableCount)
        for (index, match) in search.matches.enumerated() where match.home == team || match.away == team {
            if let among, !(among.contains(match.home) && among.contains(match.away)) { continue }
            let (scored, conceded) = goals(of: team, in: index)
            switch count {
            case .scored: total = total + scored
            case .conceded: total = total + conceded
            case .difference: total = total + scored - conceded
            }
        }
        return total
    }

    /// The goals `team` scores and concedes in the match at `index` of the search's matches.
    private func goals(of team: String, in index: Int) -> (scored: AffineForm, conceded: AffineForm) {
        let match = search.matches[index]
        let isHome = match.home == team
        guard let slot = search.open.firstIndex(of: index) else {
            let score = match.score!
            return (
                AffineForm(constant: isHome ? score.home : score.away, variableCount: domain.variableCount),
                AffineForm(constant: isHome ? score.away : score.home, variableCount: domain.variableCount)
            )
        }
        let losing = Self.variable(2 * slot, of: domain.variableCount)
        let margin = Self.variable(2 * slot + 1, of: domain.variableCount)
        let wins = outcomes[slot] == (isHome ? .home : .away)
        let loses = outcomes[slot] == (isHome ? .away : .home)
        return (wins ? losing + margin : losing, loses ? losing + margin : losing)
    }

    /// The function that is the variable at `index` of `variableCount`: at `2 * slot` the goals
    /// of the side that does not win the open match at `slot`, at `2 * slot + 1` its margin.
    static func variable(_ index: Int, of variableCount: Int) -> AffineForm {
        var form = AffineForm(variableCount: variableCount)
        form.coefficients[index] = 1
        return form
    }
}
