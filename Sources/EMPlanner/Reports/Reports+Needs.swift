import ObjectGraph

/// What a team needs from its group's last matches to finish first, second, in the top two,
/// third or among the best thirds, and to go through (``TeamNeeds``).
extension Reports {
    /// A team's needs and the ids of its group's open matches.
    public struct Needs: Hashable, Sendable {
        /// What the engine found.
        public var needs: TeamNeeds
        /// The id of each open match, in the order of ``TeamNeeds/remaining``.
        public var matchIDs: [Int]
        /// Where best third-placed teams go through and the groups are still playing, what a
        /// third place can give the team (``ThirdPlaceRace``); `nil` if it cannot finish third.
        public var thirdPlace: ThirdPlaceRace.Entry?
        /// The criteria of the records in ``thirdPlace`` (``ThirdPlaceRace/criteria``).
        public var thirdPlaceCriteria: [TieBreaker]
        /// Where a third place can take the team through or not depending on the other
        /// groups, how their thirds stand against it: one case per set of outcomes of the
        /// team's open matches that leave the other groups the same, in the order of the
        /// first outcome of each.
        public var thirdPlaceCases: [ThirdPlaceCase]
        /// The ids of each group's open matches, by group, in the order of
        /// ``ThirdPlaceRivals/Rival/remaining``.
        public var openMatchIDs: [String: [Int]]

        /// A team's needs.
        public init(
            needs: TeamNeeds, matchIDs: [Int], thirdPlace: ThirdPlaceRace.Entry? = nil, thirdPlaceCriteria: [TieBreaker] = [],
            thirdPlaceCases: [ThirdPlaceCase] = [], openMatchIDs: [String: [Int]] = [:]
        ) {
            self.needs = needs
            self.matchIDs = matchIDs
            self.thirdPlace = thirdPlace
            self.thirdPlaceCriteria = thirdPlaceCriteria
            self.thirdPlaceCases = thirdPlaceCases
            self.openMatchIDs = openMatchIDs
        }
    }

    /// The outcomes of a team's open matches under which it can finish third, and how the
    /// other groups' thirds then stand against it.
    public struct ThirdPlaceCase: Hashable, Sendable {
        /// The outcome combinations, each in the order of ``TeamNeeds/remaining``; one empty
        /// combination once the team's group is complete.
        public var outcomes: OutcomeSet
        /// The other groups' thirds against the records the team can finish third with.
        public var rivals: ThirdPlaceRivals
    }

    /// What `team` needs, from the results recorded so far.
    ///
    /// In a format where best third-placed teams go through, a third place counts as the race
    /// between the groups' thirds says (``ThirdPlaceRace``, over every scoreline of every
    /// group) until every group is complete; then the ranking of the thirds decides it.
    ///
    /// - Parameter team: A team as ``Lookup/team(_:)`` takes it: code, name or alias.
    /// - Throws: ``PlannerError/Kind/unknownTeam(_:)`` and the other errors of
    ///   ``Lookup/team(_:)``, ``PlannerError/Kind/teamWithoutGroup(_:)``,
    ///   ``PlannerError/Kind/tooManyOpenMatches(group:open:maximum:)`` for a group with more
    ///   than ``TeamNeeds/maximumOpenMatches`` matches to play, and the errors of
    ///   ``ruleSet()``.
    /// - Complexity: Loads the team's group, its teams, matches and the cards; the search takes
    ///   a table per scoreline it tries (see ``TeamNeeds``). The race for the thirds searches
    ///   every group (see ``scenarios(group:)``).
    public func needs(team reference: String) throws -> Needs {
        let ruleSet = try ruleSet()
        let team = try lookup.team(reference)
        guard let code = team.code, let group = team.group else {
            throw PlannerError(.teamWithoutGroup(team.name ?? reference))
        }
        let disciplinary = try disciplinaryPoints(scheme: ruleSet.disciplinaryScheme)
        let results = results(of: group, disciplinaryPoints: disciplinary, scores: [:])
        let open = results.matches.filter { !$0.isPlayed }.count
        guard open <= TeamNeeds.maximumOpenMatches else {
            throw PlannerError(.tooManyOpenMatches(group: results.name, open: open, maximum: TeamNeeds.maximumOpenMatches))
        }
        let ids = matchesInOrder(of: group).filter { $0.homeTeam?.code != nil && $0.awayTeam?.code != nil }.map(lookup.matchID)
        let ranked = thirdPlaces(ruleSet: ruleSet)?(results.name)
        let all = ranked == nil && ruleSet.bestThirdPlacedAdvancing > 0 ? try scenarios() : []
        let scenarios = all.first { $0.group.name == results.name }
        let race = scenarios?.thirdPlaces.first { $0.team == code }
        // Under some outcomes a third place may be settled where over all it is not.
        let byOutcome = (scenarios?.group.outcomes ?? []).reduce(into: [[MatchOutcome]: Qualification]()) { verdicts, outcome in
            if let verdict = outcome.thirdPlace[code] { verdicts[outcome.results] = verdict }
        }
        let needs = TeamNeeds(
            results, team: code, ruleSet: ruleSet, thirdPlace: ranked ?? race?.qualification ?? .possible,
            thirdPlaceByOutcome: byOutcome)
        return Needs(
            needs: needs, matchIDs: needs.remainingIndices.map { ids[$0] }, thirdPlace: race,
            thirdPlaceCriteria: scenarios?.thirdPlaceCriteria ?? [],
            thirdPlaceCases: scenarios.map { thirdPlaceCases(of: needs, in: $0.group, among: all, ruleSet: ruleSet) } ?? [],
            openMatchIDs: Dictionary(uniqueKeysWithValues: all.map { ($0.group.name, $0.matchIDs) }))
    }

    /// For each outcome combination of `group` under which a third place may or may not take
    /// the team of `needs` through, how the other groups' thirds stand against the records it
    /// can finish third with; combinations that leave the others the same form one case, its
    /// outcomes in the order of the needs' open matches.
    private func thirdPlaceCases(
        of needs: TeamNeeds, in group: GroupScenarios, among groups: [Scenarios], ruleSet: RuleSet
    ) -> [ThirdPlaceCase] {
        let team = needs.team
        let order = needs.remainingIndices.compactMap { group.remainingIndices.firstIndex(of: $0) }
        var cases: [(outcomes: [[MatchOutcome]], rivals: ThirdPlaceRivals)] = []
        for outcome in group.outcomes where outcome.thirdPlace[team] == .possible {
            guard let records = outcome.thirdPlaceRecords[team] else { continue }
            let rivals = ThirdPlaceRivals(
                record: records, group: group.name, groups: groups.map(\.group),
                qualifyingCount: ruleSet.bestThirdPlacedAdvancing)
            if let index = cases.firstIndex(where: { $0.rivals == rivals }) {
                cases[index].outcomes.append(order.map { outcome.results[$0] })
            } else {
                cases.append(([order.map { outcome.results[$0] }], rivals))
            }
        }
        return cases.map { ThirdPlaceCase(outcomes: OutcomeSet($0.outcomes, of: needs.remaining), rivals: $0.rivals) }
    }
}
