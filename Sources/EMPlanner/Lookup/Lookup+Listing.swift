import Foundation
import ObjectGraph

/// Listings: filters, a user predicate, user sort keys and a limit, on top of a stable default
/// order.
///
/// Every listing takes:
/// - `where`: an ObjectGraph predicate format typed by the user, parsed as is (values in it
///   are parsed, never spliced into SQL), e.g. `number <= 11 AND position == "DF"`;
/// - `sort`: key paths, `-` in front for descending (`-number`, `team.name`; `team` sorts by
///   the team's code); strings compare ignoring case and diacritics; the default order breaks
///   ties;
/// - `limit`: at most this many (1 or more).
///
/// Default orders follow what lists show: groups by name; teams by group, then code; players
/// by team code, then shirt number; coaches by team code; matches by kick-off, then id.
extension Lookup {
    /// The groups.
    ///
    /// - Throws: ``PlannerError/Kind/invalidPredicate(_:)``,
    ///   ``PlannerError/Kind/invalidSortKey(_:reason:)``, ``PlannerError/Kind/invalidLimit(_:)``,
    ///   or ``PlannerError/Kind/storeRefused(_:)`` when the store cannot be read.
    /// - Complexity: One query.
    func groups(where condition: String? = nil, sort: [String] = [], limit: Int? = nil) throws -> [Group] {
        try list(
            "Group", filters: [], where: condition, sort: sort, limit: limit,
            defaultOrder: [FetchOrdering("name", options: Self.folding)])
    }

    /// The teams, of one group or all.
    ///
    /// - Parameter group: A group name, or `nil` for all.
    /// - Throws: ``PlannerError/Kind/unknownGroup(_:)`` and the errors of ``groups(where:sort:limit:)``.
    /// - Complexity: One query.
    func teams(group: String? = nil, where condition: String? = nil, sort: [String] = [], limit: Int? = nil) throws
        -> [Team]
    {
        var filters: [FetchPredicate] = []
        if let group { filters.append(try predicate("group == %@", try self.group(group))) }
        return try list(
            "Team", filters: filters, where: condition, sort: sort, limit: limit,
            defaultOrder: [FetchOrdering("group.name", options: Self.folding), FetchOrdering("code")])
    }

    /// How many players each team has, counted by the store: the players themselves do not
    /// load.
    ///
    /// - Throws: The store's error.
    /// - Complexity: One `SELECT … GROUP BY`; with unsaved changes, a pass over the players.
    func squadSizes() throws -> SquadSizes {
        SquadSizes(counts: try context.counts(for: Player.fetchRequest(), groupedBy: "team"))
    }

    /// The players, of one team, one group or all.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``team(_:)``), or `nil`.
    ///   - group: A group name, or `nil`.
    /// - Throws: ``PlannerError/Kind/unknownTeam(_:)``, ``PlannerError/Kind/unknownGroup(_:)``
    ///   and the errors of ``groups(where:sort:limit:)``.
    /// - Complexity: One query.
    func players(
        team: String? = nil, group: String? = nil, where condition: String? = nil, sort: [String] = [], limit: Int? = nil
    ) throws -> [Player] {
        try list(
            "Player", filters: try memberFilters(team: team, group: group), where: condition, sort: sort, limit: limit,
            defaultOrder: [FetchOrdering("team.code"), FetchOrdering("number")])
    }

    /// The head coaches, of one team, one group or all.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``team(_:)``), or `nil`.
    ///   - group: A group name, or `nil`.
    /// - Throws: As ``players(team:group:where:sort:limit:)``.
    /// - Complexity: One query.
    func coaches(
        team: String? = nil, group: String? = nil, where condition: String? = nil, sort: [String] = [], limit: Int? = nil
    ) throws -> [Coach] {
        try list(
            "Coach", filters: try memberFilters(team: team, group: group), where: condition, sort: sort, limit: limit,
            defaultOrder: [FetchOrdering("team.code"), FetchOrdering("name", options: Self.folding)])
    }

    /// The matches, of one team (through the model's template `matchesOfTeam`), one group, one
    /// day, or all.
    ///
    /// - Parameters:
    ///   - team: A team reference (see ``team(_:)``), or `nil`.
    ///   - group: A group name, or `nil` (knockout matches belong to no group).
    ///   - day: A day as `YYYY-MM-DD`: the matches kicking off on that date in `zone`.
    ///   - zone: The zone `day` is a date in: each venue's (the default), or the viewer's.
    /// - Throws: ``PlannerError/Kind/invalidDate(_:expected:)`` and the errors of
    ///   ``players(team:group:where:sort:limit:)``.
    /// - Complexity: One query.
    func matches(
        team: String? = nil, group: String? = nil, on day: String? = nil, in zone: KickoffZone = .venue,
        where condition: String? = nil, sort: [String] = [], limit: Int? = nil
    ) throws -> [Match] {
        var filters: [FetchPredicate] = []
        if let team {
            let team = try self.team(team)
            let template = try storeAccess {
                try context.model.fetchRequest(fromTemplate: "matchesOfTeam", substitutionVariables: ["TEAM": team])
            }
            if let predicate = template.predicate { filters.append(predicate) }
        }
        if let group { filters.append(try predicate("group == %@", try self.group(group))) }
        var localDay: String?
        if let day {
            guard let (year, month, date) = CalendarDay.parse(day.trimmingWhitespace()),
                let midnight = CalendarDay.date(year: year, month: month, day: date, in: CalendarDay.utc)
            else { throw PlannerError(.invalidDate(day, expected: CalendarDay.expected)) }
            // Local days start at most 14 hours before and end at most 12 hours after UTC's.
            filters.append(
                try predicate(
                    "kickoff >= %@ AND kickoff < %@",
                    midnight.addingTimeInterval(-14 * 3600), midnight.addingTimeInterval(36 * 3600)))
            localDay = CalendarDay.string(from: midnight, in: CalendarDay.utc)
        }
        let order = [FetchOrdering("kickoff")]
        guard let localDay else {
            return try list("Match", filters: filters, where: condition, sort: sort, limit: limit, defaultOrder: order)
        }
        let candidates: [Match] = try list(
            "Match", filters: filters, where: condition, sort: sort, limit: nil, defaultOrder: order)
        let onDay = candidates.filter { $0.day(in: zone) == localDay }
        return limit.map { Array(onDay.prefix($0)) } ?? onDay
    }

    // MARK: Building the request

    /// Strings sort ignoring case and diacritics.
    static let folding: ComparisonPredicate.Options = [.caseInsensitive, .diacriticInsensitive]

    private func memberFilters(team: String?, group: String?) throws -> [FetchPredicate] {
        var filters: [FetchPredicate] = []
        if let team { filters.append(try predicate("team == %@", try self.team(team))) }
        if let group { filters.append(try predicate("team.group == %@", try self.group(group))) }
        return filters
    }

    private func list<T: ManagedObject>(
        _ entityName: String, filters: [FetchPredicate], where condition: String?, sort: [String], limit: Int?,
        defaultOrder: [FetchOrdering]
    ) throws -> [T] {
        var conditions = filters
        if let condition, !condition.trimmingWhitespace().isEmpty {
            let parsed: FetchPredicate
            do {
                parsed = try FetchPredicate(format: condition)
            } catch {
                throw PlannerError(.invalidPredicate(error.description))
            }
            conditions.append(parsed)
        }
        let entity = context.model.entity(named: entityName)!
        var orderings = try sort.map { key in try sortOrdering(key, for: entity) }
        orderings += defaultOrder
        var request = FetchRequest<T>(
            entityName: entityName,
            predicate: conditions.isEmpty ? nil : conditions.count == 1 ? conditions[0] : .and(conditions),
            sortOrderings: orderings)
        if let limit {
            guard limit >= 1 else { throw PlannerError(.invalidLimit(limit)) }
            request.fetchLimit = limit
        }
        do {
            return try context.fetch(request)
        } catch let error as FetchPredicateError {
            throw PlannerError(.invalidPredicate(error.description))
        } catch let error as ObjectGraphError {
            throw PlannerError(.invalidPredicate("\(error) (on \(entityName))"))
        } catch let error as UnsupportedFetchError {
            throw PlannerError(.invalidPredicate(error.description))
        } catch {
            throw PlannerError(.storeRefused(String(describing: error)))
        }
    }

    /// A user sort key (`key` or `-key`), checked against the model.
    ///
    /// The key is an attribute reached through to-one relationships only, its strings
    /// compared ignoring case and diacritics. A key that ends in a team sorts by its code, as lists show teams; one that ends in a
    /// group, by its name (`team`, `team.group`).
    private func sortOrdering(_ key: String, for entity: EntityDescription) throws -> FetchOrdering {
        let trimmed = key.trimmingWhitespace()
        let parsed = FetchOrdering(parsing: trimmed)
        var ordering = FetchOrdering(parsed.keyPath, ascending: parsed.ascending, options: Self.folding)
        do {
            try ordering.validate(for: entity)
        } catch {
            guard case .endsInRelationship = error.reason, let shown = shownKey(at: parsed.keyPath, from: entity) else {
                throw PlannerError(.invalidSortKey(trimmed, reason: error.reason.description))
            }
            ordering = FetchOrdering(parsed.keyPath + "." + shown, ascending: parsed.ascending, options: Self.folding)
        }
        return ordering
    }

    /// The attribute lists show an object by, for a key path that ends in a relationship to a
    /// team (`code`) or a group (`name`).
    private func shownKey(at keyPath: String, from entity: EntityDescription) -> String? {
        var current = entity
        for key in keyPath.split(separator: ".") {
            guard let relationship = current.property(named: String(key)) as? RelationshipDescription else { return nil }
            current = relationship.destinationEntity
        }
        return ["Team": "code", "Group": "name"][current.name]
    }
}
