import Foundation

/// A request the planner refuses.
///
/// The reason is an unknown reference, a rule of the tournament broken, bad user input, or a
/// store that cannot be used. Nothing was changed when it is thrown.
///
/// Every ``description`` is one line that says what is wrong and where, quoting the offending
/// value.
public struct PlannerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// No team has this German name, English name, FIFA code or alias.
        case unknownTeam(String)
        /// The reference names more than one team (the names of each are listed).
        case ambiguousTeam(String, candidates: [String])
        /// No group has this name.
        case unknownGroup(String)
        /// The round is not one of ``Round/all``, ignoring case.
        case unknownRound(String)
        /// No match has this id, or no match pairs these teams.
        case unknownMatch(String)
        /// The pairing names several matches; their ids are listed.
        case ambiguousMatch(String, ids: [Int])
        /// The team already has a player with this shirt number.
        case duplicateShirtNumber(team: String, number: Int)
        /// A shirt number outside the numbers the rule set allows (1 to the squad's size).
        case shirtNumberOutOfRange(Int, allowed: ClosedRange<Int>)
        /// A shirt number only goalkeepers wear, for a player of another position.
        case goalkeeperShirt(number: Int)
        /// A squad that has as many players as the rule set allows.
        case squadFull(team: String, maximum: Int)
        /// A date of birth that makes a player too young or too old for the tournament (the age
        /// on its first day, and the ages allowed).
        case implausibleBirthDate(String, age: Int, allowed: ClosedRange<Int>)
        /// A team without a coach, whose coach was to be removed.
        case noCoach(team: String)
        /// A team to be removed that plays matches (each as `id HOME-AWAY`).
        case teamInMatches(team: String, matches: [String])
        /// Another group already has this name.
        case duplicateGroup(String)
        /// A group to be renamed that knockout slots name (each as `slot of match id`).
        case groupInSlots(group: String, slots: [String])
        /// A group to be removed that still has teams or matches (named).
        case groupNotEmpty(group: String, teams: [String], matches: [String])
        /// A match to be removed that has a result, goals or cards (`what` lists them), without
        /// `force`.
        case matchHasEvents(match: String, what: String)
        /// A match to be removed whose winner or loser a knockout slot names (each as `slot of
        /// match id`).
        case matchFeedsBracket(match: String, slots: [String])
        /// A position other than GK, DF, MF or FW.
        case invalidPosition(String)
        /// A required name (field named) is empty.
        case emptyName(field: String)
        /// A text to store (field named) holds a control character (a line break, a tab, NUL).
        case controlCharacter(field: String)
        /// A FIFA code that is not three letters.
        case invalidTeamCode(String)
        /// A date or kick-off that does not parse (the expected form is named).
        case invalidDate(String, expected: String)
        /// A time zone that is not a known IANA identifier.
        case invalidTimeZone(String)
        /// A match whose home and away team are the same.
        case teamPlaysItself(String)
        /// The team already plays on that local day (YYYY-MM-DD at the venue).
        case teamPlaysTwiceOnDay(team: String, day: String)
        /// The venue hosts another match (kicking off at `at`) within three hours.
        case venueInUse(venue: String, city: String, at: String)
        /// A group match between teams that are not both in the group.
        case teamNotInGroup(team: String, group: String)
        /// A team that is in no group (a tournament before its draw).
        case teamWithoutGroup(String)
        /// A group-stage match without a group, or a knockout match with one.
        case roundGroupMismatch(round: String, group: String?)
        /// The team has no player with this shirt number.
        case noSuchPlayer(team: String, number: Int)
        /// Another team already uses this name, English name, code or alias.
        case duplicateTeam(String)
        /// The team (named) has no such alias; it has those listed.
        case unknownAlias(String, team: String, aliases: [String])
        /// A result that breaks the rules of football (reason given).
        case invalidResult(String)
        /// A `where` predicate that does not parse, names unknown keys or compares a key path
        /// with a literal of another type (the framework's message).
        case invalidPredicate(String)
        /// A sort key that names no property (reason given).
        case invalidSortKey(String, reason: String)
        /// A limit below 1.
        case invalidLimit(Int)
        /// The file to write already exists.
        case fileExists(path: String)
        /// The file to write cannot be made (what the system said).
        case cannotWrite(path: String, reason: String)
        /// Seeding a store that already holds a tournament.
        case alreadyInitialised
        /// The store could not be opened, read or written (store message).
        case storeRefused(String)
        /// No store is at the location (named), and the caller asked that none be made.
        case noStore(String)
        /// A save refused because another program changed or deleted an object since it was
        /// read: the store is as the other program left it; run the edit again.
        case conflict(String)
        /// A save refused because another object has the values a key of the model reserves
        /// (team code and names, shirt number within a team, group name, venue and kick-off),
        /// usually one another program saved meanwhile: the objects are named.
        case keyTaken(String)
        /// Saving found broken model rules (validation message).
        case validation(String)
        /// The store names a rule set em does not know.
        case unknownRuleSet(String, known: [String])
        /// A ranking that cannot be made: the format has none, or groups are still to play.
        case rankingUnavailable(String)
        /// A group with more open matches than the scenarios search takes.
        case tooManyOpenMatches(group: String, open: Int, maximum: Int)
        /// A second final scheduled (the id of the one there is).
        case secondFinal(existing: Int)
        /// A goal or card for a team that does not play the match.
        case teamNotInMatch(team: String, match: Int)
        /// A goal or card for a team in a match whose teams are not both known yet: the team
        /// awaits its opponent there, or is not one of the teams so far.
        case teamsNotKnown(team: String, match: Int, awaitsOpponent: Bool)
        /// A goal's or card's minute outside 1...130 (stoppage and extra time included).
        case minuteOutOfRange(Int)
        /// A goal or card for a match without a result: the score comes first.
        case matchNotPlayed(match: Int)
        /// One goal more than the team's recorded score in the match.
        case goalsExceedScore(team: String, match: Int, score: Int)
        /// A result giving a team fewer goals than are recorded for it in the match.
        case scoreBelowGoals(team: String, match: Int, score: Int, goals: Int)
        /// A goal the laws of the game rule out (reason given).
        case invalidGoal(String)
        /// A card the laws of the game rule out (reason given): a second yellow without a first,
        /// a card after a sending-off.
        case invalidCard(String)
        /// A goal or card for someone suspended for that match (who is named, and why).
        case suspended(person: String, match: Int, reason: String)
        /// No goal or card of the match fits the description.
        case noSuchEvent(String)
        /// A group's official order that names a team twice.
        case teamListedTwice(team: String, group: String)
        /// A slot of the draw no team awaits (with the slots still open).
        case unknownDrawSlot(String, open: [String])
        /// A slot the draw has filled already (with the team in it).
        case slotDrawn(slot: String, team: String)
        /// A slot, or a team, given twice in one draw.
        case drawnTwice(String)
        /// A team the table of EURO teams does not know (the draw takes teams from it).
        case unknownNationalTeam(String)
        /// A draw's assignment that is not `SLOT=TEAM` (with the file and line it is on).
        case invalidDrawAssignment(String, place: String?)
    }

    /// What went wrong.
    public var kind: Kind

    /// What the user may have meant, closest first: `Deutschland (GER)`, `match 10 POL-RUS`.
    public var suggestions: [String]

    /// Creates an error of a kind, with what the user may have meant.
    public init(_ kind: Kind, suggestions: [String] = []) {
        self.kind = kind
        self.suggestions = suggestions
    }

    /// One line saying what and where.
    public var description: String {
        guard !suggestions.isEmpty else { return reason }
        switch kind {
        case .unknownTeam(let reference), .unknownNationalTeam(let reference):
            return "unknown team \(quoted(reference)): \(Suggestions.phrase(suggestions))"
        case .unknownMatch(let reference):
            return "unknown match \(quoted(reference)): \(Suggestions.phrase(suggestions))"
        default:
            return "\(reason): \(Suggestions.phrase(suggestions))"
        }
    }

    /// What is wrong, without suggestions.
    private var reason: String {
        switch kind {
        case .unknownTeam(let reference):
            return "unknown team \(quoted(reference)): give a German name, English name, FIFA code or alias"
        case .ambiguousTeam(let reference, let candidates):
            return "team \(quoted(reference)) is ambiguous: it names \(candidates.map(quoted).joined(separator: ", "))"
        case .unknownGroup(let name):
            return "unknown group \(quoted(name))"
        case .unknownRound(let round):
            return "unknown round \(quoted(round)): expected group, round16, quarterfinal, semifinal, thirdPlace or final"
        case .unknownMatch(let reference):
            return "unknown match \(quoted(reference)): give the id shown in the schedule or HOME-AWAY"
        case .ambiguousMatch(let reference, let ids):
            return "match \(quoted(reference)) is ambiguous: give one of the ids \(ids.map(String.init).joined(separator: ", "))"
        case .duplicateShirtNumber(let team, let number):
            return "team \(quoted(team)) already has a player with shirt number \(number)"
        case .shirtNumberOutOfRange(let number, let allowed):
            return "shirt number \(number) is out of range: expected \(allowed.lowerBound) to \(allowed.upperBound)"
        case .goalkeeperShirt(let number):
            return "shirt number \(number) is a goalkeeper's: give position GK or another number"
        case .squadFull(let team, let maximum):
            return "team \(quoted(team)) has \(maximum) players already, as many as a squad has: remove one first"
        case .implausibleBirthDate(let text, let age, let allowed):
            return
                "implausible date of birth \(quoted(text)): the player would be \(age) on the tournament's first day, expected \(allowed.lowerBound) to \(allowed.upperBound)"
        case .noCoach(let team):
            return "team \(quoted(team)) has no coach"
        case .teamInMatches(let team, let matches):
            return
                "team \(quoted(team)) is in \(Self.count(matches.count, "match", "matches")): \(matches.joined(separator: ", ")); remove them first"
        case .duplicateGroup(let name):
            return "a group named \(quoted(name)) already exists"
        case .groupInSlots(let group, let slots):
            return
                "group \(quoted(group)) is named by knockout slots (\(slots.joined(separator: ", "))), so its name cannot change"
        case .groupNotEmpty(let group, let teams, let matches):
            let parts =
                (teams.isEmpty ? [] : ["\(Self.count(teams.count, "team", "teams")) (\(teams.joined(separator: ", ")))"])
                + (matches.isEmpty
                    ? [] : ["\(Self.count(matches.count, "match", "matches")) (\(matches.joined(separator: ", ")))"])
            return "group \(quoted(group)) still has \(parts.joined(separator: " and ")): remove them first"
        case .matchHasEvents(let match, let what):
            return "match \(match) has \(what): --force removes them with it"
        case .matchFeedsBracket(let match, let slots):
            return "match \(match) decides knockout slots (\(slots.joined(separator: ", "))), so it cannot go"
        case .invalidPosition(let position):
            return "invalid position \(quoted(position)): expected GK, DF, MF or FW"
        case .emptyName(let field):
            return "\(field) must not be empty"
        case .controlCharacter(let field):
            return "\(field) \(TournamentRules.controlCharacterRule)"
        case .invalidTeamCode(let code):
            return "invalid FIFA code \(quoted(code)): expected three letters"
        case .invalidDate(let text, let expected):
            return "invalid date \(quoted(text)): expected \(expected)"
        case .invalidTimeZone(let identifier):
            return "unknown time zone \(quoted(identifier)): expected an IANA identifier such as \"Europe/Warsaw\""
        case .teamPlaysItself(let team):
            return "team \(quoted(team)) cannot play itself"
        case .teamPlaysTwiceOnDay(let team, let day):
            return "team \(quoted(team)) already plays on \(day)"
        case .venueInUse(let venue, let city, let at):
            return "venue \(quoted(venue)) in \(quoted(city)) already hosts a match kicking off at \(at), within 3 hours"
        case .teamNotInGroup(let team, let group):
            return "team \(quoted(team)) is not in group \(quoted(group))"
        case .teamWithoutGroup(let team):
            return "team \(quoted(team)) is in no group"
        case .roundGroupMismatch(let round, let group?):
            return "a \(round) match cannot belong to group \(quoted(group))"
        case .roundGroupMismatch(let round, nil):
            return "a \(round) match needs a group"
        case .noSuchPlayer(let team, let number):
            return "team \(quoted(team)) has no player with shirt number \(number)"
        case .duplicateTeam(let name):
            return "a team named or coded \(quoted(name)) already exists"
        case .unknownAlias(let alias, let team, let aliases):
            let known = aliases.isEmpty ? "it has none" : "its aliases are \(aliases.map(quoted).joined(separator: ", "))"
            return "team \(quoted(team)) has no alias \(quoted(alias)): \(known)"
        case .invalidResult(let reason):
            return "invalid result: \(reason)"
        case .invalidPredicate(let message):
            return "invalid --where predicate: \(message)"
        case .invalidSortKey(let key, let reason):
            return "invalid sort key \(quoted(key)): \(reason)"
        case .invalidLimit(let limit):
            return "invalid limit \(limit): expected 1 or more"
        case .fileExists(let path):
            return "\(path) already exists; choose a new file"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .alreadyInitialised:
            return "the store already holds a tournament; erase it before seeding again"
        case .storeRefused(let message):
            return "store error: \(message)"
        case .noStore(let location):
            return "no store at \(location)"
        case .conflict(let message):
            return "not saved: \(message); run the command again (in the shell: refresh, then save)"
        case .keyTaken(let message):
            return "not saved: \(message)"
        case .validation(let message):
            return "not saved: \(message)"
        case .unknownRuleSet(let name, let known):
            return "unknown rule set \(quoted(name)) (known: \(known.joined(separator: ", ")))"
        case .rankingUnavailable(let reason):
            return "no ranking yet: \(reason)"
        case .tooManyOpenMatches(let group, let open, let maximum):
            return "group \(group) has \(open) matches to play: scenarios are worked out from \(maximum) left (the last matchday)"
        case .secondFinal(let existing):
            return "the tournament has its final already (match \(existing)); a tournament has one final"
        case .teamNotInMatch(let team, let match):
            return "team \(quoted(team)) does not play match \(match)"
        case .teamsNotKnown(let team, let match, awaitsOpponent: true):
            return "the opponent of team \(quoted(team)) in match \(match) is not known yet"
        case .teamsNotKnown(let team, let match, awaitsOpponent: false):
            return "team \(quoted(team)) is not in match \(match) so far: its teams are not known yet"
        case .minuteOutOfRange(let minute):
            return "minute \(minute) is out of range: expected 1 to 130"
        case .matchNotPlayed(let match):
            return "match \(match) has no result: record the score before its goals and cards"
        case .goalsExceedScore(let team, let match, let score):
            let recorded = score == 1 ? "1 goal is" : "\(score) goals are"
            return "team \(quoted(team)) scored \(score) in match \(match), and \(recorded) recorded already"
        case .scoreBelowGoals(let team, let match, let score, let goals):
            return
                "team \(quoted(team)) has \(goals) goal\(goals == 1 ? "" : "s") recorded in match \(match), more than a score of \(score): remove goals first"
        case .invalidGoal(let reason):
            return "invalid goal: \(reason)"
        case .invalidCard(let reason):
            return "invalid card: \(reason)"
        case .suspended(let person, let match, let reason):
            return "\(person) is suspended for match \(match) (\(reason))"
        case .noSuchEvent(let description):
            return "no such event: \(description)"
        case .teamListedTwice(let team, let group):
            return "team \(quoted(team)) is listed twice in the official order of group \(quoted(group))"
        case .unknownDrawSlot(let slot, let open):
            let rest = open.isEmpty ? "no slot is open" : "open slots are \(open.joined(separator: ", "))"
            return "no team awaits draw slot \(quoted(slot)): \(rest)"
        case .slotDrawn(let slot, let team):
            return "slot \(slot) is drawn already: \(team)"
        case .drawnTwice(let what):
            return "\(quoted(what)) is given twice in the draw"
        case .unknownNationalTeam(let reference):
            return "unknown team \(quoted(reference)): give a FIFA code or the name of a UEFA member"
        case .invalidDrawAssignment(let text, let place):
            return "\(place.map { "\($0): " } ?? "")invalid draw \(quoted(text)): expected SLOT=TEAM, such as A1=ENG"

        }
    }
}

extension PlannerError {
    /// Whether the error is a broken model rule (``Kind/validation(_:)``), whatever it says.
    var isValidation: Bool {
        if case .validation = kind { true } else { false }
    }

    /// `count` and the noun, singular or plural as the count wants (`1 match`, `3 matches`).
    static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}

/// `text` in double quotes, on one line.
func quoted(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
        .replacingOccurrences(of: "\r", with: "\\r")
    return "\"\(escaped)\""
}
