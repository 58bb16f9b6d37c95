import ObjectGraph

/// What can still happen in the groups: for every team the final positions and the knockout
/// qualification it can still reach over every scoreline of its group's open matches, per
/// home/draw/away combination too, and the flags (``GroupScenarios``).
extension Reports {
    /// A group's scenarios and the ids of its open matches.
    public struct Scenarios: Hashable, Sendable {
        /// What the engine found.
        public var group: GroupScenarios
        /// The id of each of the group's open matches, in the order of
        /// ``GroupScenarios/remaining``.
        public var matchIDs: [Int]
        /// Where best third-placed teams go through and the groups are still playing, what a
        /// third place can give each of the group's teams that can still finish third
        /// (``ThirdPlaceRace``), best record first.
        public var thirdPlaces: [ThirdPlaceRace.Entry]
        /// What the records of ``thirdPlaces`` hold, in order (``ThirdPlaceRace/criteria``).
        public var thirdPlaceCriteria: [TieBreaker]
        /// How many third-placed teams go through; 0 in formats without them.
        public var qualifyingThirds: Int

        /// A group's scenarios.
        public init(
            group: GroupScenarios, matchIDs: [Int], thirdPlaces: [ThirdPlaceRace.Entry] = [],
            thirdPlaceCriteria: [TieBreaker] = [], qualifyingThirds: Int = 0
        ) {
            self.group = group
            self.matchIDs = matchIDs
            self.thirdPlaces = thirdPlaces
            self.thirdPlaceCriteria = thirdPlaceCriteria
            self.qualifyingThirds = qualifyingThirds
        }
    }

    /// Each group's scenarios from the results recorded so far, in group order.
    ///
    /// Where best third-placed teams go through, a third place counts as the race between
    /// the groups' thirds says (``ThirdPlaceRace``) while groups are still playing, and as the
    /// ranking of the thirds says once every group is complete.
    ///
    /// - Parameter group: One group's name, or `nil` for all.
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)`` and the errors of ``ruleSet()``.
    /// - Complexity: Loads the groups, their teams and matches; each group's search takes a
    ///   table per region of scorelines that tie-break alike (see ``GroupScenarios``): a few
    ///   hundred after matchday 1, thousands before any match. The race for the thirds takes
    ///   every group's search, whichever group is asked for.
    public func scenarios(group: String? = nil) throws -> [Scenarios] {
        let ruleSet = try ruleSet()
        let asked = try group.map { try lookup.group($0) }
        let disciplinary = try disciplinaryPoints(scheme: ruleSet.disciplinaryScheme)
        let thirdPlace = thirdPlaces(ruleSet: ruleSet)
        let racing = ruleSet.bestThirdPlacedAdvancing > 0 && thirdPlace == nil
        let groups = try (racing ? nil : asked).map { [$0] } ?? lookup.groups()
        var scenarios = groups.map { group in
            let results = results(of: group, disciplinaryPoints: disciplinary, scores: [:])
            let ids = matchesInOrder(of: group).filter { $0.homeTeam?.code != nil && $0.awayTeam?.code != nil }.map(
                lookup.matchID)
            let scenarios = GroupScenarios(
                results, ruleSet: ruleSet, thirdPlace: thirdPlace?(results.name) ?? .possible)
            return Scenarios(group: scenarios, matchIDs: scenarios.remainingIndices.map { ids[$0] })
        }
        if racing {
            let race = ThirdPlaceRace(groups: scenarios.map { ($0.group.name, $0.group.thirdPlaceRecords) }, ruleSet: ruleSet)
            for index in scenarios.indices {
                scenarios[index].group.settleThirdPlaces(race, ruleSet: ruleSet)
                scenarios[index].thirdPlaces = race.entries.filter { $0.group == scenarios[index].group.name }
                scenarios[index].thirdPlaceCriteria = race.criteria
                scenarios[index].qualifyingThirds = race.qualifyingCount
            }
        }
        return scenarios.filter { asked == nil || $0.group.name == asked?.name }
    }

    /// What a third place counts as in each group, by name, where best third-placed teams go
    /// through and the ranking of the thirds is final: certain or impossible as it says; `nil`
    /// before then, and in other formats.
    func thirdPlaces(ruleSet: RuleSet) -> ((String) -> Qualification)? {
        guard ruleSet.bestThirdPlacedAdvancing > 0, let table = try? thirdPlacedTable(), !table.isProvisional,
            let qualified = table.qualifiedGroups
        else { return nil }
        return { qualified.contains($0) ? .certain : .impossible }
    }
}
