import Foundation
import ObjectGraph

/// Moving and removing scheduled matches. Like all edits, they change the context only, and
/// check everything before the first change. A match keeps its number whatever happens to it
/// or to others (``Lookup/matchID(_:)``).
extension Fixtures {
    /// Moves a match to another day, kick-off time or venue.
    ///
    /// The rules of ``scheduleMatch(home:away:kickoff:timeZone:venue:city:group:round:)``
    /// apply: no team playing twice on one local day, no venue hosting two kick-offs less than
    /// 3 hours apart (the match itself aside). Its result, goals and cards stay.
    ///
    /// - Parameters:
    ///   - match: A match reference (see ``Lookup/match(_:)``).
    ///   - day: The new day at the venue, `YYYY-MM-DD`.
    ///   - time: The new kick-off at the venue, `HH:MM` (24-hour), or `nil` to keep the match's.
    ///   - venue: The new stadium, or `nil` to keep it; not empty.
    ///   - city: The new city, or `nil` to keep it; not empty.
    ///   - timeZone: The new venue's IANA time zone, or `nil` to keep the match's.
    /// - Returns: The match (unsaved), as values.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch`, `invalidDate` (also
    ///   for a time, or a wall-clock time the zone skips), `invalidTimeZone`, `emptyName`,
    ///   `teamPlaysTwiceOnDay` or `venueInUse`.
    /// - Complexity: Loads the schedule.
    @discardableResult
    public func moveMatch(
        _ match: String, on day: String, at time: String?, venue: String?, city: String?, timeZone: String?
    ) throws -> MatchSummary {
        let match = try lookup.match(match)
        let zone = try timeZone.map { name -> TimeZone in
            guard let known = TournamentRules.timeZone(name) else { throw PlannerError(.invalidTimeZone(name)) }
            return known
        }
        let newZone = zone ?? match.venueTimeZone
        let dayText = day.trimmingWhitespace()
        guard let (year, month, date) = CalendarDay.parse(dayText) else {
            throw PlannerError(.invalidDate(dayText, expected: CalendarDay.expected))
        }
        let timeText = time?.trimmingWhitespace() ?? match.localTime
        guard let (hour, minute) = Self.wallClockTime(timeText) else {
            throw PlannerError(.invalidDate(timeText, expected: Self.expectedTime))
        }
        guard let kickoff = CalendarDay.date(year: year, month: month, day: date, hour: hour, minute: minute, in: newZone)
        else {
            throw PlannerError(.invalidDate("\(dayText) \(timeText)", expected: "a time that exists in \(newZone.identifier)"))
        }
        let venue = try venue.map { try UserText.requiredName($0, field: "venue") } ?? match.venue ?? ""
        let city = try city.map { try UserText.requiredName($0, field: "city") } ?? match.city ?? ""
        var slot = match.slot
        slot.kickoff = kickoff
        slot.timeZone = newZone
        slot.venue = venue
        slot.city = city
        let others = try fetch(Match.fetchRequest()).filter { $0 != match }
        if let conflict = TournamentRules.conflict(of: slot, with: others.map(\.slot)) {
            throw PlannerError(conflict)
        }
        match.kickoff = kickoff
        if zone != nil { match.timeZone = newZone.identifier }
        match.venue = venue
        match.city = city
        return MatchSummary(match, lookup: lookup)
    }

    /// Removes a match from the schedule; no other match changes its number, and no match
    /// scheduled later takes it (``Lookup/nextMatchNumber()``).
    ///
    /// A match that has a result, goals or cards is refused unless `force`, which removes them
    /// with it; the knockout bracket is then filled again (``Knockout/fillBracket()``), as a group's
    /// table may change. A match whose winner or loser a knockout slot names (`W25`) is always
    /// refused: the bracket needs it.
    ///
    /// - Parameters:
    ///   - match: A match reference (see ``Lookup/match(_:)``).
    ///   - force: Whether to remove a match with a result, goals or cards.
    /// - Returns: What moved in the bracket.
    /// - Throws: ``PlannerError`` of kind `unknownMatch`, `ambiguousMatch`, `matchFeedsBracket`
    ///   (naming the slots) or `matchHasEvents`, and the errors of ``Knockout/fillBracket()``.
    /// - Complexity: Loads the schedule, and what ``Knockout/fillBracket()`` loads.
    @discardableResult
    public func removeMatch(_ match: String, force: Bool) throws -> BracketUpdate {
        let match = try lookup.match(match)
        let all = try fetch(Match.fetchRequest())
        let ids = lookup.matchIDs(all)
        let id = ids[ObjectIdentifier(match)]!
        let name = "\(id) \(match.pairing)"
        let slots = all.sorted { ids[ObjectIdentifier($0)]! < ids[ObjectIdentifier($1)]! }.flatMap { other in
            [other.homeSlot, other.awaySlot].compactMap { text -> String? in
                switch text.flatMap({ try? SlotLabel(parsing: $0) }) {
                case .winner(let number), .loser(let number):
                    number == id ? "\(text ?? "") of match \(ids[ObjectIdentifier(other)]!)" : nil
                default: nil
                }
            }
        }
        guard slots.isEmpty else { throw PlannerError(.matchFeedsBracket(match: name, slots: slots)) }
        let events =
            (match.isPlayed ? ["a result"] : [])
            + (match.goals.isEmpty ? [] : [PlannerError.count(match.goals.count, "goal", "goals")])
            + (match.cards.isEmpty ? [] : [PlannerError.count(match.cards.count, "card", "cards")])
        guard force || events.isEmpty else {
            let what = events.count > 1 ? events.dropLast().joined(separator: ", ") + " and " + events.last! : events[0]
            throw PlannerError(.matchHasEvents(match: name, what: what))
        }
        try lookup.keepMatchNumbers()
        let before = try tournament.knockout.storedStates(of: try tournament.knockout.bracketMatches())
        if let competition = try fetch(Competition.fetchRequest()).first {
            competition.lastMatchNumber = Int32(max(Int(competition.lastMatchNumber ?? 0), ids.values.max() ?? id))
        }
        context.delete(match)
        return try tournament.knockout.fillBracket(since: before)
    }

    /// How a wall-clock time is written, for error messages.
    static let expectedTime = "a time as HH:MM"

    /// The hour and minute of `HH:MM` (24-hour), if it is a time of day.
    static func wallClockTime(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return (hour, minute)
    }
}
