/// What can still happen in a group: for every team the final positions and the knockout
/// qualification it can still reach over every scoreline of the group's open matches, the
/// same for each home/draw/away combination of those matches, and the flags worth knowing.
///
/// Exact over every scoreline, with no bound on the goals: the search works on regions of
/// scorelines that tie-break alike (``OutcomeRegions``). A tie that only disciplinary points, a
/// ranking, a shoot-out or lots could break counts as each position it could give.
public struct GroupScenarios: Hashable, Sendable {
    /// The group's name.
    public var name: String
    /// The group's open matches, in the order of its matches.
    public var remaining: [GroupMatch]
    /// The index of each of ``remaining`` in the matches of the ``GroupResults`` given.
    public var remainingIndices: [Int]
    /// Each team's reachable positions and qualification over every scoreline, in the group's
    /// team order.
    public var teams: [TeamOutlook]
    /// One entry per home/draw/away combination of ``remaining``, the first match's outcome
    /// varying slowest.
    public var outcomes: [OutcomeScenario]
    /// The flags, by match, then team.
    public var flags: [ScenarioFlag]
    /// Where best third-placed teams go through, the best and worst record each team can
    /// finish third with, for the race between the groups (``ThirdPlaceRace``); empty in
    /// other formats.
    public var thirdPlaceRecords: [String: ThirdPlaceRecords]

    /// The scenarios of `group` under `ruleSet`, however many matches are open.
    ///
    /// - Parameters:
    ///   - group: The group's teams and matches; unplayed matches are the open ones.
    ///     Disciplinary points, rankings and the official order count only once every match
    ///     is played.
    ///   - ruleSet: The edition's rules.
    ///   - thirdPlace: What a third place (the place after the qualifying ones, where best
    ///     third-placed teams go through) counts as; ``Qualification/possible`` unless the
    ///     ranking of the third-placed teams is already decided.
    public init(_ group: GroupResults, ruleSet: RuleSet, thirdPlace: Qualification = .possible) {
        let search = ScenarioSearch(group, ruleSet: ruleSet)
        name = group.name
        remaining = search.open.map { search.matches[$0] }
        remainingIndices = search.openInGroup
        let thirdPosition = ruleSet.bestThirdPlacedAdvancing > 0 ? ruleSet.teamsAdvancingPerGroup + 1 : nil
        outcomes = search.outcomeCombinations.map { results in
            let regions = OutcomeRegions(search, outcomes: results, thirdPlace: thirdPosition)
            let orders = regions.orders
            return OutcomeScenario(
                results: results, orders: orders,
                teams: Self.outlooks(search.teams, orders: orders, ruleSet: ruleSet, thirdPlace: thirdPlace),
                thirdPlaceRecords: regions.thirdPlaceRecords)
        }
        thirdPlaceRecords = outcomes.reduce(into: [:]) { records, outcome in
            records.merge(outcome.thirdPlaceRecords) { $0.merged(with: $1) }
        }
        teams = Self.outlooks(search.teams, orders: outcomes.flatMap(\.orders), ruleSet: ruleSet, thirdPlace: thirdPlace)
        flags = []
        flags = remaining.indices.flatMap { flags(of: $0, qualifyingPlaces: ruleSet.teamsAdvancingPerGroup) }
    }

    /// The outlook of `team`, if it is in the group.
    public func outlook(of team: String) -> TeamOutlook? {
        teams.first { $0.team == team }
    }

    /// Every distinct final order, each with the outcome combinations that can give it, in the
    /// order first found.
    public var finalOrders: [(order: FinalOrder, outcomes: [OutcomeScenario])] {
        var orders: [FinalOrder] = []
        var outcomesByOrder: [FinalOrder: [OutcomeScenario]] = [:]
        for outcome in outcomes {
            for order in outcome.orders {
                if outcomesByOrder[order] == nil { orders.append(order) }
                outcomesByOrder[order, default: []].append(outcome)
            }
        }
        return orders.map { ($0, outcomesByOrder[$0]!) }
    }

    /// Settles each team's qualification where the race between the groups' third-placed
    /// teams says what a third place gives it, overall and per outcome combination (there by
    /// the records the team can finish third with under those outcomes); a team the race does
    /// not hold keeps its qualification.
    public mutating func settleThirdPlaces(_ race: ThirdPlaceRace, ruleSet: RuleSet) {
        let settle = { (outlook: inout TeamOutlook, qualification: Qualification?) in
            guard let qualification else { return }
            outlook.qualification = TeamOutlook.qualification(
                of: outlook.positions, ruleSet: ruleSet, thirdPlace: qualification)
        }
        for index in teams.indices { settle(&teams[index], race.entry(of: teams[index].team)?.qualification) }
        for outcome in outcomes.indices {
            let verdicts = outcomes[outcome].thirdPlaceRecords.mapValues { race.qualification(of: $0, inGroup: name) }
            outcomes[outcome].thirdPlace = verdicts
            for index in outcomes[outcome].teams.indices {
                settle(&outcomes[outcome].teams[index], verdicts[outcomes[outcome].teams[index].team])
            }
        }
    }

    /// The outlooks the orders give each team.
    private static func outlooks(
        _ teams: [String], orders: [FinalOrder], ruleSet: RuleSet, thirdPlace: Qualification
    ) -> [TeamOutlook] {
        let positions = orders.map(\.positions)
        return teams.map { team in
            let reachable = Set(positions.flatMap { Array($0[team]!) }).sorted()
            return TeamOutlook(
                team: team, positions: reachable,
                qualification: TeamOutlook.qualification(of: reachable, ruleSet: ruleSet, thirdPlace: thirdPlace))
        }
    }

    /// The flags of the open match at `index`, when the group's first `qualifyingPlaces` go
    /// through.
    private func flags(of index: Int, qualifyingPlaces: Int) -> [ScenarioFlag] {
        let match = remaining[index]
        var flags: [ScenarioFlag] = []
        let drawn = outcomes.filter { $0.results[index] == .draw }
        let qualifying = { (team: String, outcome: OutcomeScenario) in
            outcome.positions(of: team).allSatisfy { $0 <= qualifyingPlaces }
        }
        if drawn.allSatisfy({ qualifying(match.home, $0) && qualifying(match.away, $0) }) {
            flags.append(.drawTakesBothThrough(match: index))
        }
        // The combinations of the other matches' outcomes, each with its three for this match.
        let byOthers = Dictionary(grouping: outcomes) { outcome in
            outcome.results.enumerated().filter { $0.offset != index }.map(\.element)
        }
        for team in [match.home, match.away] {
            let sameEverywhere = byOthers.values.allSatisfy { group in
                Set(group.map { $0.positions(of: team) }).count == 1 && group[0].positions(of: team).count == 1
            }
            if sameEverywhere { flags.append(.nothingAtStake(match: index, team: team)) }
        }
        return flags
    }
}
