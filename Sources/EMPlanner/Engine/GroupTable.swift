/// A group's standings under a rule set: the rows in order and how each tie was decided, or
/// why it could not be.
public struct GroupTable: Hashable, Sendable {
    /// The group's name.
    public var name: String
    /// One row per team, best first; teams the data leaves level share a rank.
    public var rows: [Standing]
    /// How the teams level on points were ordered, in table order: one decision per boundary
    /// between adjacent places of level teams, and one per block left level or ordered
    /// officially.
    public var decisions: [TieDecision]
    /// Whether every match is played and every pair of teams has met.
    public var isComplete: Bool
    /// The disciplinary points the table was given, per team code.
    public var disciplinaryPoints: [String: Int]
    /// The ranking positions the table was given, per team code.
    public var ranking: [String: Int]

    /// The standings of `group` under `ruleSet`.
    ///
    /// Unplayed matches do not count. Teams level on points are ordered by the rule set's
    /// group criteria; teams the data cannot separate share a rank, unless the group's official
    /// order ranks them.
    ///
    /// - Complexity: O(*m* · *t*²) for *m* matches and *t* teams at worst (a mini-table per
    ///   block of level teams).
    public init(_ group: GroupResults, ruleSet: RuleSet) {
        let (teams, matches, _) = Self.teamsAndMatches(of: group)
        let records = TeamRecord.records(of: teams, matches: matches, ruleSet: ruleSet)
        let resolution = Self.resolution(of: group, teams: teams, matches: matches, records: records, ruleSet: ruleSet)
        name = group.name
        rows = Self.rows(resolution.tiers, records: records)
        decisions = resolution.decisions
        isComplete =
            matches.allSatisfy(\.isPlayed)
            && teams.indices.allSatisfy { one in
                teams.indices.allSatisfy { other in
                    one >= other || matches.contains { $0.isPlayed && $0.isBetween(teams[one], teams[other]) }
                }
            }
        disciplinaryPoints = group.disciplinaryPoints
        ranking = group.ranking
    }

    /// The row of this team, if it is in the group.
    public func standing(of team: String) -> Standing? {
        rows.first { $0.team == team }
    }

    /// The team or teams holding a position (1 is first): one team, or the block of level teams
    /// whose shared rank spans it; empty beyond the last row.
    public func teams(atPosition position: Int) -> [String] {
        guard position >= 1, position <= rows.count else { return [] }
        let rank = rows[position - 1].rank
        return rows.filter { $0.rank == rank }.map(\.team)
    }

    /// The group's teams, each once, and its matches between two of them with their indices
    /// in the group's matches.
    static func teamsAndMatches(of group: GroupResults) -> (teams: [String], matches: [GroupMatch], indices: [Int]) {
        var seen = Set<String>()
        let teams = group.teams.filter { seen.insert($0).inserted }
        let indices = group.matches.indices.filter {
            let match = group.matches[$0]
            return teams.contains(match.home) && teams.contains(match.away) && match.home != match.away
        }
        return (teams, indices.map { group.matches[$0] }, indices)
    }

    /// The order of `teams` by the rule set's group criteria, from `records` of `matches`,
    /// with the comparisons of goals made where `tracesGoalComparisons`.
    static func resolution(
        of group: GroupResults, teams: [String], matches: [GroupMatch], records: [String: TeamRecord], ruleSet: RuleSet,
        tracesGoalComparisons: Bool = false
    ) -> TieBreakResolver.Resolution {
        let resolver = TieBreakResolver(
            ruleSet: ruleSet, criteria: ruleSet.groupCriteria, records: records, matches: matches.filter(\.isPlayed),
            lastMatchday: matches.map(\.matchday).max(), disciplinaryPoints: group.disciplinaryPoints,
            ranking: group.ranking, officialOrder: group.officialOrder, tracesGoalComparisons: tracesGoalComparisons)
        return resolver.resolve(teams)
    }

    /// Rows from tiers: a tier's teams share the rank of its first place.
    static func rows(_ tiers: [[String]], records: [String: TeamRecord]) -> [Standing] {
        var rows: [Standing] = []
        for tier in tiers {
            let rank = rows.count + 1
            rows += tier.map { Standing(rank: rank, team: $0, record: records[$0]!) }
        }
        return rows
    }
}
