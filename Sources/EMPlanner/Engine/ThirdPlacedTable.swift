/// The ranking of the third-placed teams across groups in a 24-team format: who goes through
/// and which row of the allocation table sets their opponents.
public struct ThirdPlacedTable: Hashable, Sendable {
    /// Whether a third-placed team goes through.
    public enum Status: Hashable, Sendable {
        /// It goes through.
        case qualified
        /// It is out.
        case eliminated
        /// It is level with teams on the other side of the cut, and the data cannot say.
        case undecided
    }

    /// One third-placed team.
    public struct Row: Hashable, Sendable {
        /// The rank among the third-placed teams, from 1; level teams share a rank.
        public var rank: Int
        /// The team's group.
        public var group: String
        /// The team's code.
        public var team: String
        /// The team's group-stage record.
        public var record: TeamRecord
        /// Whether it goes through.
        public var status: Status
    }

    /// The third-placed teams, best first.
    public var rows: [Row]
    /// How teams level on points were ordered, as in a group table.
    public var decisions: [TieDecision]
    /// How many third-placed teams go through.
    public var qualifyingCount: Int
    /// The groups whose third-placed teams go through, in alphabetical order; `nil` while
    /// level teams straddle the cut.
    public var qualifiedGroups: [String]?
    /// The allocation table's row for the qualified groups; `nil` if they are undecided or the
    /// table has no such row.
    public var allocation: ThirdPlacedAllocation.Row?

    /// Ranks the third-placed teams of `groups` by the rule set's third-placed criteria.
    ///
    /// Each group's disciplinary points and ranking (as given to its table) serve the
    /// criteria that need them.
    ///
    /// - Parameters:
    ///   - groups: The tables of every group of the rule set.
    ///   - ruleSet: The edition's rules.
    ///   - officialOrder: The official order of the third-placed teams (team codes), if
    ///     recorded; it orders only teams the data leaves level.
    /// - Throws: ``ThirdPlacedError`` if the format has no third-placed qualification, a group
    ///   is missing or incomplete, or a group's third place is undecided.
    public init(groups: [GroupTable], ruleSet: RuleSet, officialOrder: [String]? = nil) throws(ThirdPlacedError) {
        guard ruleSet.bestThirdPlacedAdvancing > 0 else { throw .notInFormat(ruleSet.identifier) }
        let byName = Dictionary(groups.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let incomplete = ruleSet.groupNames.filter { byName[$0]?.isComplete != true }
        guard incomplete.isEmpty else { throw .groupsIncomplete(incomplete) }
        let position = ruleSet.teamsAdvancingPerGroup + 1
        var thirds: [(group: String, standing: Standing)] = []
        for name in ruleSet.groupNames {
            let table = byName[name]!
            let teams = table.teams(atPosition: position)
            guard teams.count == 1, let standing = table.standing(of: teams[0]) else {
                throw .thirdPlaceUndecided(group: name, teams: teams)
            }
            thirds.append((name, standing))
        }
        let teams = thirds.map(\.standing.team)
        let records = Dictionary(uniqueKeysWithValues: thirds.map { ($0.standing.team, $0.standing.record) })
        let resolver = TieBreakResolver(
            ruleSet: ruleSet, criteria: ruleSet.thirdPlacedCriteria, records: records, matches: [], lastMatchday: nil,
            disciplinaryPoints: byName.values.reduce(into: [:]) { $0.merge($1.disciplinaryPoints) { first, _ in first } },
            ranking: byName.values.reduce(into: [:]) { $0.merge($1.ranking) { first, _ in first } },
            officialOrder: officialOrder)
        let resolution = resolver.resolve(teams)
        let groupOf = Dictionary(uniqueKeysWithValues: thirds.map { ($0.standing.team, $0.group) })
        let count = ruleSet.bestThirdPlacedAdvancing
        var rows: [Row] = []
        for tier in resolution.tiers {
            let start = rows.count
            let status: Status = start + tier.count <= count ? .qualified : start >= count ? .eliminated : .undecided
            rows += tier.map { Row(rank: start + 1, group: groupOf[$0]!, team: $0, record: records[$0]!, status: status) }
        }
        self.rows = rows
        decisions = resolution.decisions
        qualifyingCount = count
        qualifiedGroups =
            rows.contains { $0.status == .undecided } ? nil : rows.filter { $0.status == .qualified }.map(\.group).sorted()
        allocation = qualifiedGroups.flatMap { ruleSet.thirdPlacedAllocation?.row(for: $0) }
    }

    /// The third-placed team of a group, if it is in the table.
    public func team(ofGroup group: String) -> String? {
        rows.first { $0.group == group }?.team
    }
}
