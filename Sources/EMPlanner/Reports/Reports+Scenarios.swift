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

        /// A group's scenarios.
        public init(group: GroupScenarios, matchIDs: [Int]) {
            self.group = group
            self.matchIDs = matchIDs
        }
    }

    /// Each group's scenarios from the results recorded so far, in group order.
    ///
    /// A third place counts as ``Qualification/possible`` in a format where best
    /// third-placed teams go through, until every group is complete; then the ranking of the
    /// thirds decides it.
    ///
    /// - Parameter group: One group's name, or `nil` for all.
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)`` and the errors of ``ruleSet()``.
    /// - Complexity: Loads the groups, their teams and matches; each group's search takes a
    ///   table per region of scorelines that tie-break alike (see ``GroupScenarios``): a few
    ///   hundred after matchday 1, thousands before any match.
    public func scenarios(group: String? = nil) throws -> [Scenarios] {
        let ruleSet = try ruleSet()
        let groups = try group.map { [try lookup.group($0)] } ?? lookup.groups()
        let disciplinary = try disciplinaryPoints(scheme: ruleSet.disciplinaryScheme)
        let thirdPlace = thirdPlaces(ruleSet: ruleSet)
        return groups.map { group in
            let results = results(of: group, disciplinaryPoints: disciplinary, scores: [:])
            let ids = matchesInOrder(of: group).filter { $0.homeTeam?.code != nil && $0.awayTeam?.code != nil }.map(
                lookup.matchID)
            let scenarios = GroupScenarios(
                results, ruleSet: ruleSet, thirdPlace: thirdPlace(results.name))
            return Scenarios(group: scenarios, matchIDs: scenarios.remainingIndices.map { ids[$0] })
        }
    }

    /// What a third place counts as in each group, by name, where best third-placed teams go
    /// through: ``Qualification/possible`` until the ranking of the thirds is final, then
    /// certain or impossible as it says.
    func thirdPlaces(ruleSet: RuleSet) -> (String) -> Qualification {
        guard ruleSet.bestThirdPlacedAdvancing > 0, let table = try? thirdPlacedTable(), !table.isProvisional,
            let qualified = table.qualifiedGroups
        else { return { _ in .possible } }
        return { qualified.contains($0) ? .certain : .impossible }
    }
}
