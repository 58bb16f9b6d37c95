/// The ranking of the third-placed teams across groups in a 24-team format: who goes through
/// and which row of the allocation table sets their opponents.
public struct ThirdPlacedTable: Hashable, Sendable {
    /// Whether a third-placed team goes through; in a provisional table, whether it would if
    /// the groups ended now.
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

    /// A group whose third place a provisional table leaves out, and why.
    public enum Omission: Hashable, Sendable, CustomStringConvertible {
        /// The group has played no match yet.
        case notStarted(group: String)
        /// The group's third place is held by several teams the results so far leave level.
        case thirdPlaceLevel(group: String, teams: [String])

        /// The group's name.
        public var group: String {
            switch self {
            case .notStarted(let group), .thirdPlaceLevel(let group, _): group
            }
        }

        /// One phrase, such as `group F has played no match yet`.
        public var description: String {
            switch self {
            case .notStarted(let group): "group \(group) has played no match yet"
            case .thirdPlaceLevel(let group, let teams): "group \(group)'s third place is level: \(teams.joined(separator: ", "))"
            }
        }
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
    /// The groups with matches still to play, in group order; empty once the ranking is final.
    public var groupsStillPlaying: [String]
    /// The groups whose third place the table leaves out, in group order (only while groups
    /// are still playing).
    public var omissions: [Omission]

    /// Whether groups are still playing: the ranking is the one of the results so far, and
    /// ``Status`` says where a team stands now.
    public var isProvisional: Bool { !groupsStillPlaying.isEmpty }

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
        let byName = Self.tables(groups)
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
        self.init(thirds: thirds, of: byName, ruleSet: ruleSet, officialOrder: officialOrder)
    }

    /// The ranking as the groups stand: the final one (see
    /// ``init(groups:ruleSet:officialOrder:)``) once every group is complete, a provisional one
    /// of the results so far before.
    ///
    /// A provisional table ranks each group's current third by the rule set's third-placed
    /// criteria, and leaves out the groups that have played no match yet and those whose third
    /// place the results so far leave level (``omissions``).
    ///
    /// - Parameters:
    ///   - groups: The tables of the groups; a group of the rule set without one has played
    ///     no match.
    ///   - ruleSet: The edition's rules.
    /// - Throws: ``ThirdPlacedError`` if the format has no third-placed qualification, or, once
    ///   every group is complete, a group's third place is undecided.
    public static func current(groups: [GroupTable], ruleSet: RuleSet) throws(ThirdPlacedError) -> ThirdPlacedTable {
        let byName = tables(groups)
        let stillPlaying = ruleSet.groupNames.filter { byName[$0]?.isComplete != true }
        guard ruleSet.bestThirdPlacedAdvancing > 0, !stillPlaying.isEmpty else {
            return try ThirdPlacedTable(groups: groups, ruleSet: ruleSet)
        }
        let position = ruleSet.teamsAdvancingPerGroup + 1
        var thirds: [(group: String, standing: Standing)] = []
        var omissions: [Omission] = []
        for name in ruleSet.groupNames {
            guard let table = byName[name], table.rows.contains(where: { $0.record.played > 0 }) else {
                omissions.append(.notStarted(group: name))
                continue
            }
            let teams = table.teams(atPosition: position)
            guard teams.count == 1, let standing = table.standing(of: teams[0]) else {
                omissions.append(.thirdPlaceLevel(group: name, teams: teams))
                continue
            }
            thirds.append((name, standing))
        }
        var table = ThirdPlacedTable(thirds: thirds, of: byName, ruleSet: ruleSet, officialOrder: nil)
        table.groupsStillPlaying = stillPlaying
        table.omissions = omissions
        return table
    }

    /// Ranks the given third-placed teams, each with its group's name, by the rule set's
    /// third-placed criteria, with the disciplinary points and rankings of the group tables.
    private init(
        thirds: [(group: String, standing: Standing)], of tables: [String: GroupTable], ruleSet: RuleSet,
        officialOrder: [String]?
    ) {
        let teams = thirds.map(\.standing.team)
        let records = Dictionary(uniqueKeysWithValues: thirds.map { ($0.standing.team, $0.standing.record) })
        let resolver = TieBreakResolver(
            ruleSet: ruleSet, criteria: ruleSet.thirdPlacedCriteria, records: records, matches: [], lastMatchday: nil,
            disciplinaryPoints: tables.values.reduce(into: [:]) { $0.merge($1.disciplinaryPoints) { first, _ in first } },
            ranking: tables.values.reduce(into: [:]) { $0.merge($1.ranking) { first, _ in first } },
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
        groupsStillPlaying = []
        omissions = []
    }

    /// The tables by group name; of several for one name, the last.
    private static func tables(_ groups: [GroupTable]) -> [String: GroupTable] {
        Dictionary(groups.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The third-placed team of a group, if it is in the table.
    public func team(ofGroup group: String) -> String? {
        rows.first { $0.group == group }?.team
    }
}
