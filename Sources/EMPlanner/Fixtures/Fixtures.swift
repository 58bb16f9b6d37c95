import Foundation
import ObjectGraph

/// The schedule: matches scheduled, moved and removed, by the scheduling rules.
///
/// Reached through ``Tournament/fixtures``; like every service, it works in the session's
/// context, and its edits are kept or discarded by ``Tournament/save()`` and
/// ``Tournament/rollback()``.
public struct Fixtures: TournamentService {
    /// The session the service works in.
    let tournament: Tournament
}

/// Scheduling matches and recording results. Like all edits, they change the context only.
extension Fixtures {
    /// Schedules a match.
    ///
    /// Refuses a team playing itself, a team playing twice on one day (the local date at each
    /// match's venue), and a venue (same venue and city, ignoring case) hosting two kick-offs
    /// less than 3 hours apart — a match with extra time, penalties and clearing the stadium.
    ///
    /// - Parameters:
    ///   - home: The home team (see ``Lookup/team(_:)``).
    ///   - away: The away team.
    ///   - kickoff: ISO 8601 with an offset or `Z`, e.g. `2012-06-08T18:00:00+02:00`; seconds
    ///     may be left out.
    ///   - timeZone: The venue's IANA time zone (`Europe/Kyiv`), in which the schedule shows the
    ///     kick-off. `nil` keeps the kick-off's own offset as a fixed zone (`GMT+0200`), which
    ///     is right for that day but knows no daylight saving changes.
    ///   - venue: The stadium; not empty.
    ///   - city: The city; not empty.
    ///   - group: The group (by name) of a group match; `nil` for knockout matches.
    ///   - round: One of ``Round/all`` (any case); `nil` means `group`.
    /// - Returns: The new match (unsaved), numbered by ``Lookup/nextMatchNumber()``, as values.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `invalidDate`, `invalidTimeZone`,
    ///   `emptyName`, `unknownRound`, `unknownGroup`, `roundGroupMismatch` (a group match
    ///   without a group, or a knockout match with one), `teamNotInGroup`, `teamPlaysItself`,
    ///   `teamPlaysTwiceOnDay`, `venueInUse` or `secondFinal` (a tournament has one final).
    /// - Complexity: Loads the schedule.
    @discardableResult
    public func scheduleMatch(
        home: String, away: String, kickoff: String, timeZone: String?, venue: String, city: String,
        group: String?, round: String?
    ) throws -> MatchSummary {
        let homeTeam = try lookup.team(home)
        let awayTeam = try lookup.team(away)
        let kickoffText = kickoff.trimmingWhitespace()
        guard let (instant, offset) = KickoffFormat.parse(kickoffText) else {
            throw PlannerError(.invalidDate(kickoffText, expected: KickoffFormat.expected))
        }
        let zone: TimeZone
        if let timeZone {
            guard let known = TournamentRules.timeZone(timeZone) else { throw PlannerError(.invalidTimeZone(timeZone)) }
            zone = known
        } else {
            zone = TimeZone(secondsFromGMT: offset)!
        }
        let venue = try UserText.requiredName(venue, field: "venue")
        let city = try UserText.requiredName(city, field: "city")
        let typed = round ?? "group"
        guard let round = Round.named(typed) else { throw PlannerError(.unknownRound(typed.trimmingWhitespace())) }
        let group = try group.flatMap { try UserText.optionalText($0, field: "group") }.map { try lookup.group($0) }
        if round == "group" {
            guard let group else { throw PlannerError(.roundGroupMismatch(round: round, group: nil)) }
            for team in [homeTeam, awayTeam] where team.group != group {
                throw PlannerError(.teamNotInGroup(team: team.name ?? "", group: group.name ?? ""))
            }
        } else if let group {
            throw PlannerError(.roundGroupMismatch(round: round, group: group.name))
        }
        let slot = TournamentRules.Slot(
            home: homeTeam.name ?? "", away: awayTeam.name ?? "", kickoff: instant, timeZone: zone, venue: venue, city: city)
        let existing = try fetch(FetchRequest<Match>(entityName: "Match", sortOrderings: [FetchOrdering("kickoff")]))
        if let conflict = TournamentRules.conflict(of: slot, with: existing.map(\.slot)) {
            throw PlannerError(conflict)
        }
        if round == "final", let final = existing.first(where: { $0.round == "final" }) {
            throw PlannerError(.secondFinal(existing: lookup.matchID(final)))
        }
        let number = try lookup.nextMatchNumber()
        let match = Match(context: context)
        match.number = Int32(number)
        match.homeTeam = homeTeam
        match.awayTeam = awayTeam
        match.kickoff = instant
        match.timeZone = zone.identifier
        match.venue = venue
        match.city = city
        match.round = round
        match.group = group
        return MatchSummary(match, lookup: lookup)
    }

}

extension Match {
    /// The match as the scheduling rules see it.
    var slot: TournamentRules.Slot {
        TournamentRules.Slot(
            home: homeTeam?.name ?? "", away: awayTeam?.name ?? "", kickoff: kickoff ?? .distantPast,
            timeZone: venueTimeZone, venue: kickoffTimeKnown == false ? nil : venue, city: city)
    }
}
