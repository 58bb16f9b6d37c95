/// What the planner hands out of its objects: values read once from the store, which stay as
/// they are when the store changes later.
///
/// The listings take a filter, a user predicate, sort keys and a limit as the extension on
/// listings describes (`where` is an ObjectGraph predicate format on the listed entity, e.g.
/// `number <= 11 AND position == "DF"`; `sort` key paths with `-` in front for descending;
/// `limit` at least 1), on top of a stable default order: groups by name; teams by group, then
/// code; players by team code, then shirt number; coaches by team code; matches by kick-off.
extension Lookup {
    /// The groups.
    ///
    /// - Throws: ``PlannerError/Kind/invalidPredicate(_:)``,
    ///   ``PlannerError/Kind/invalidSortKey(_:reason:)``, ``PlannerError/Kind/invalidLimit(_:)``,
    ///   or ``PlannerError/Kind/storeRefused(_:)`` when the store cannot be read.
    /// - Complexity: One query, and one for the teams.
    public func groupSummaries(where condition: String? = nil, sort: [String] = [], limit: Int? = nil) throws
        -> [GroupSummary]
    {
        try groups(where: condition, sort: sort, limit: limit).map(GroupSummary.init)
    }

    /// The group named `name`, in any case.
    ///
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)``.
    public func groupSummary(_ name: String) throws -> GroupSummary {
        GroupSummary(try group(name))
    }

    /// The teams, of one group or all, with their squad sizes counted, not loaded.
    ///
    /// - Parameter group: A group name, or `nil` for all.
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)`` and the errors of
    ///   ``groupSummaries(where:sort:limit:)``.
    /// - Complexity: One query, and one `SELECT … GROUP BY` for the squad sizes.
    public func teamSummaries(group: String? = nil, where condition: String? = nil, sort: [String] = [], limit: Int? = nil)
        throws -> [TeamSummary]
    {
        let teams = try teams(group: group, where: condition, sort: sort, limit: limit)
        let sizes = try squadSizes()
        return teams.map { TeamSummary($0, players: sizes[$0]) }
    }

    /// The players, of one team, one group or all.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``teamProfile(_:)``), or `nil`.
    ///   - group: A group name, or `nil`.
    /// - Throws: ``PlannerError/Kind/unknownTeam(_:)``, ``PlannerError/Kind/unknownGroup(_:)``
    ///   and the errors of ``groupSummaries(where:sort:limit:)``.
    /// - Complexity: One query.
    public func playerSummaries(
        team: String? = nil, group: String? = nil, where condition: String? = nil, sort: [String] = [], limit: Int? = nil
    ) throws -> [PlayerSummary] {
        try players(team: team, group: group, where: condition, sort: sort, limit: limit).map(PlayerSummary.init)
    }

    /// The head coaches, of one team, one group or all.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``teamProfile(_:)``), or `nil`.
    ///   - group: A group name, or `nil`.
    /// - Throws: As ``playerSummaries(team:group:where:sort:limit:)``.
    /// - Complexity: One query.
    public func coachSummaries(
        team: String? = nil, group: String? = nil, where condition: String? = nil, sort: [String] = [], limit: Int? = nil
    ) throws -> [CoachSummary] {
        try coaches(team: team, group: group, where: condition, sort: sort, limit: limit).map(CoachSummary.init)
    }

    /// The matches, of one team, one group, one day, or all, their kick-offs in `zone`.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``teamProfile(_:)``), or `nil`.
    ///   - group: A group name, or `nil` (knockout matches belong to no group).
    ///   - day: A day as `YYYY-MM-DD`: the matches kicking off on that date in `zone`.
    ///   - zone: The zone kick-offs are read in, and `day` is a date in: each venue's (the
    ///     default), or the viewer's.
    /// - Throws: ``PlannerError/Kind/invalidDate(_:expected:)`` and the errors of
    ///   ``playerSummaries(team:group:where:sort:limit:)``.
    /// - Complexity: One query, and the schedule for the ids of matches not numbered.
    public func matchSummaries(
        team: String? = nil, group: String? = nil, on day: String? = nil, in zone: KickoffZone = .venue,
        where condition: String? = nil, sort: [String] = [], limit: Int? = nil
    ) throws -> [MatchSummary] {
        let matches = try matches(team: team, group: group, on: day, in: zone, where: condition, sort: sort, limit: limit)
        guard matches.contains(where: { $0.number == nil }) else {
            return matches.map { MatchSummary($0, id: Int($0.number!), zone: zone) }
        }
        let ids = matchIDs(((try? context.fetch(Match.fetchRequest())) ?? []) + matches)
        return matches.map { MatchSummary($0, id: ids[ObjectIdentifier($0)] ?? 0, zone: zone) }
    }

    /// The match `reference` names (see ``Lookup`` for what a reference is), its kick-off at
    /// the venue.
    ///
    /// - Throws: ``PlannerError/Kind/unknownMatch(_:)``.
    public func matchSummary(_ reference: String) throws -> MatchSummary {
        MatchSummary(try match(reference), lookup: self)
    }
}
