import Foundation
import ObjectGraph

/// Scheduling matches and recording results. Like all edits, they change the context only.
extension Tournament {
    /// Schedules a match.
    ///
    /// Refuses a team playing itself, a team playing twice on one day (the local date at each
    /// match's venue), and a venue (same venue and city, ignoring case) hosting two kick-offs
    /// less than 3 hours apart — a match with extra time, penalties and clearing the stadium.
    ///
    /// - Parameters:
    ///   - home: The home team (see ``team(_:)``).
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
    /// - Returns: The new match (unsaved), numbered by ``nextMatchNumber()``.
    /// - Throws: ``PlannerError`` of kind `unknownTeam`, `invalidDate`, `invalidTimeZone`,
    ///   `emptyName`, `unknownRound`, `unknownGroup`, `roundGroupMismatch` (a group match
    ///   without a group, or a knockout match with one), `teamNotInGroup`, `teamPlaysItself`,
    ///   `teamPlaysTwiceOnDay`, `venueInUse` or `secondFinal` (a tournament has one final).
    /// - Complexity: Loads the schedule.
    @discardableResult
    public func scheduleMatch(
        home: String, away: String, kickoff: String, timeZone: String?, venue: String, city: String,
        group: String?, round: String?
    ) throws -> Match {
        let homeTeam = try team(home)
        let awayTeam = try team(away)
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
        let venue = try Self.requiredName(venue, field: "venue")
        let city = try Self.requiredName(city, field: "city")
        let typed = round ?? "group"
        guard let round = Round.named(typed) else { throw PlannerError(.unknownRound(typed.trimmingWhitespace())) }
        let group = try group.flatMap { try Self.optionalText($0, field: "group") }.map { try self.group($0) }
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
            throw PlannerError(.secondFinal(existing: matchID(final)))
        }
        let number = try nextMatchNumber()
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
        return match
    }

    /// Records or corrects a match's result; a correction overwrites the old result entirely.
    ///
    /// Then fills the knockout bracket (``fillBracket()``): teams whose slots the result
    /// decides move in, and a correction moves everything that depended on the old result.
    ///
    /// - Parameters:
    ///   - match: A match reference (see ``match(_:)``).
    ///   - home: Goals of the home team after extra time (penalties not counted), 0...99.
    ///   - away: Goals of the away team.
    ///   - afterExtraTime: Whether the match went to extra time (knockout rounds only).
    ///   - penalties: The shoot-out, only after extra time ended in a draw; it has a winner.
    /// - Returns: The match (unsaved), the result it replaced and what moved in the bracket.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch` or `invalidResult`
    ///   (also for a knockout match whose teams are not known yet).
    /// - Complexity: Loads the schedule, the groups and their results.
    @discardableResult
    public func recordResult(
        match: String, home: Int, away: Int, afterExtraTime: Bool, penalties: (home: Int, away: Int)?
    ) throws -> RecordedResult {
        let match = try self.match(match)
        if match.isKnockout, let reason = try pendingTeamsReason(of: match) {
            throw PlannerError(.invalidResult(reason))
        }
        if let problem = TournamentRules.resultProblem(
            round: match.round ?? "group", home: home, away: away, afterExtraTime: afterExtraTime, penalties: penalties)
        {
            throw PlannerError(.invalidResult(problem))
        }
        try checkScoreCoversGoals(of: match, home: home, away: away)
        let before = try storedStates(of: try bracketMatches())
        let previous = match.resultText
        if match.resultText
            != Match.resultText(
                goals: (Int16(home), Int16(away)), afterExtraTime: afterExtraTime,
                penalties: (penalties.map { Int16($0.home) }, penalties.map { Int16($0.away) }))
        {
            // What the old result's details said no longer holds.
            clearResultValues(of: match)
        }
        match.homeGoals = Int16(home)
        match.awayGoals = Int16(away)
        match.afterExtraTime = afterExtraTime
        match.homePenalties = penalties.map { Int16($0.home) }
        match.awayPenalties = penalties.map { Int16($0.away) }
        return RecordedResult(
            match: match, previousResult: previous, removedGoals: 0, removedCards: 0, bracket: try fillBracket(since: before))
    }

    /// Forgets a match's result: the match is unplayed again.
    ///
    /// Its goals and cards are deleted (a match takes them only once it has a result).
    /// Then fills the knockout bracket (``fillBracket()``): teams that depended on the result
    /// move out, and their results, goals and cards are cleared.
    ///
    /// - Returns: The match (unsaved), the result cleared, how many goals and cards went, and
    ///   what moved in the bracket.
    /// - Throws: ``PlannerError`` of kind `unknownMatch` or `ambiguousMatch`.
    /// - Complexity: Loads the schedule, the groups and their results, and the match's goals.
    @discardableResult
    public func clearResult(match: String) throws -> RecordedResult {
        let match = try self.match(match)
        let before = try storedStates(of: try bracketMatches())
        let previous = match.resultText
        let goals = removeGoals(of: match)
        let cards = removeCards(of: match)
        clearResultValues(of: match)
        return RecordedResult(
            match: match, previousResult: previous, removedGoals: goals, removedCards: cards,
            bracket: try fillBracket(since: before))
    }
}

@available(*, unavailable)
extension RecordedResult: Sendable {}

extension Match {
    /// The match as the scheduling rules see it.
    var slot: TournamentRules.Slot {
        TournamentRules.Slot(
            home: homeTeam?.name ?? "", away: awayTeam?.name ?? "", kickoff: kickoff ?? .distantPast,
            timeZone: venueTimeZone, venue: kickoffTimeKnown == false ? nil : venue, city: city)
    }
}
