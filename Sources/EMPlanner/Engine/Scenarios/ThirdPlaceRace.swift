/// The race between the groups' third-placed teams where the best of them go through: for
/// every team that can still finish third, whether a third place takes it through, the ranks
/// among the thirds it can reach, and the group winners it can meet in the round of 16.
///
/// Exact over every scoreline of every group's open matches, with no bound on the goals:
/// each group's open matches are its own, so the groups end independently, and what one team
/// can reach follows from its best and worst record as a third (``ThirdPlaceRecords``) and
/// the other groups' strongest and weakest third. A record equal to another on every
/// results-based criterion counts both ways: disciplinary points or a ranking would decide.
public struct ThirdPlaceRace: Hashable, Sendable {
    /// What a third place can give one team.
    public struct Entry: Hashable, Sendable {
        /// The team's code.
        public var team: String
        /// The team's group.
        public var group: String
        /// Whether finishing third takes the team through.
        public var qualification: Qualification
        /// The ranks among the third-placed teams the team can reach as a third, from 1.
        public var ranks: ClosedRange<Int>
        /// The groups whose winners the team can meet in the round of 16 as a third, in
        /// alphabetical order; empty where a third place cannot take it through or the
        /// edition has no allocation table.
        public var opponents: [String]
        /// The best and worst record the team can finish third with, by ``ThirdPlaceRace/criteria``.
        public var records: ThirdPlaceRecords
        /// The record a third of the team's group must pass to go through whatever the other
        /// groups do; `nil` where any third place goes through.
        ///
        /// It is the strongest record the other groups' thirds can reach at the last
        /// qualifying rank. A value without bound (`Int.max`) and those after it are never
        /// passed: a record must pass the ones before.
        public var sureAbove: [Int]?
        /// The record below which a third of the team's group is out whatever the other
        /// groups do; `nil` where no third place is out.
        ///
        /// It is the weakest record the other groups' thirds can finish with at the last
        /// qualifying rank. A value without bound (`Int.min`) and those after it are never
        /// passed below.
        public var outBelow: [Int]?
    }

    /// Every team that can still finish third, in group order, then by its best record.
    public var entries: [Entry]
    /// How many third-placed teams go through.
    public var qualifyingCount: Int
    /// The criteria of the records, in order: those of the rule set's ranking of the thirds
    /// that results decide.
    public var criteria: [TieBreaker]
    /// The groups' names, in order.
    private var groupNames: [String]
    /// Each group's strongest third: the best of its teams' best records (nil: no team can be third).
    private var strongest: [[Int]?]
    /// Each group's weakest third: the worst of its teams' worst records.
    private var weakest: [[Int]?]

    /// The race between `groups`, each with its teams' records as a third, under `ruleSet`.
    ///
    /// - Parameter groups: Every group of the edition, in order, with
    ///   ``GroupScenarios/thirdPlaceRecords``.
    public init(groups: [(name: String, records: [String: ThirdPlaceRecords])], ruleSet: RuleSet) {
        qualifyingCount = ruleSet.bestThirdPlacedAdvancing
        criteria = ThirdPlaceRecords.criteria(of: ruleSet)
        groupNames = groups.map(\.name)
        strongest = groups.map { group in group.records.values.map(\.best).max(by: ThirdPlaceRecords.isBelow) }
        weakest = groups.map { group in group.records.values.map(\.worst).min(by: ThirdPlaceRecords.isBelow) }
        entries = []
        for (index, group) in groups.enumerated() {
            let sorted = group.records.sorted { first, second in
                ThirdPlaceRecords.isBelow(second.value.best, first.value.best)
                    || (!ThirdPlaceRecords.isBelow(first.value.best, second.value.best) && first.key < second.key)
            }
            for (team, records) in sorted {
                let ranks = ranks(of: records, inGroupAt: index)
                let qualification = qualification(of: ranks)
                let (sureAbove, outBelow) = thresholds(inGroupAt: index)
                var entry = Entry(
                    team: team, group: group.name, qualification: qualification, ranks: ranks, opponents: [], records: records,
                    sureAbove: sureAbove, outBelow: outBelow)
                if qualification != .impossible, let allocation = ruleSet.thirdPlacedAllocation {
                    entry.opponents = Self.opponents(
                        of: index, best: records.best, groups: groups.map(\.name), strongest: strongest, weakest: weakest,
                        allocation: allocation)
                }
                entries.append(entry)
            }
        }
    }

    /// Whether a team of `group` that finishes third with a record within `records` goes
    /// through, whatever the other groups do.
    public func qualification(of records: ThirdPlaceRecords, inGroup group: String) -> Qualification {
        guard let index = groupNames.firstIndex(of: group) else { return .possible }
        return qualification(of: ranks(of: records, inGroupAt: index))
    }

    /// The ranks among the thirds of a third of the group at `index` with a record within
    /// `records`: above it, the other groups' thirds that are so even at its best, and at
    /// most those that can be at or above it at its worst.
    private func ranks(of records: ThirdPlaceRecords, inGroupAt index: Int) -> ClosedRange<Int> {
        let others = groupNames.indices.filter { $0 != index }
        let surelyAbove = others.count { weakest[$0].map { ThirdPlaceRecords.isBelow(records.best, $0) } ?? false }
        let possiblyAbove = others.count { strongest[$0].map { !ThirdPlaceRecords.isBelow($0, records.worst) } ?? false }
        return (1 + surelyAbove)...(1 + possiblyAbove)
    }

    /// The records a third of the group at `index` must pass to be sure of going through and
    /// falls below to be out: the other groups' strongest and weakest thirds at the last
    /// qualifying rank, where there are that many.
    private func thresholds(inGroupAt index: Int) -> (sureAbove: [Int]?, outBelow: [Int]?) {
        let others = groupNames.indices.filter { $0 != index }
        let strongest = others.compactMap { self.strongest[$0] }.sorted { ThirdPlaceRecords.isBelow($1, $0) }
        let weakest = others.compactMap { self.weakest[$0] }.sorted { ThirdPlaceRecords.isBelow($1, $0) }
        let last = qualifyingCount - 1
        return (strongest.indices.contains(last) ? strongest[last] : nil, weakest.indices.contains(last) ? weakest[last] : nil)
    }

    /// What ranks among the thirds give: through when every one of them qualifies.
    private func qualification(of ranks: ClosedRange<Int>) -> Qualification {
        ranks.lowerBound > qualifyingCount ? .impossible : ranks.upperBound <= qualifyingCount ? .certain : .possible
    }

    /// The entry of `team`, if it can still finish third.
    public func entry(of team: String) -> Entry? {
        entries.first { $0.team == team }
    }

    /// The groups whose winners the third of the group at `index`, at best `best`, can meet:
    /// for each set of qualifying groups holding it that the results can give (every group in
    /// the set at its strongest at or above every other group at its weakest), the winner the
    /// allocation table sets against it.
    private static func opponents(
        of index: Int, best: [Int], groups: [String], strongest: [[Int]?], weakest: [[Int]?],
        allocation: ThirdPlacedAllocation
    ) -> [String] {
        var opponents: Set<String> = []
        let size = allocation.rows.first?.qualifiedGroups.count ?? 0
        for members in 0..<(1 << groups.count) where members.nonzeroBitCount == size && members & (1 << index) != 0 {
            let inside = groups.indices.filter { members & (1 << $0) != 0 }
            let outside = groups.indices.filter { members & (1 << $0) == 0 }
            let possible = inside.allSatisfy { member in
                guard let top = member == index ? best : strongest[member] else { return false }
                return outside.allSatisfy { other in weakest[other].map { !ThirdPlaceRecords.isBelow(top, $0) } ?? false }
            }
            guard possible, let row = allocation.row(for: inside.map { groups[$0] }) else { continue }
            opponents.formUnion(row.opponents.filter { $0.value == groups[index] }.map(\.key))
        }
        return opponents.sorted()
    }
}
