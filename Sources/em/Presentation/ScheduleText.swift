import EMPlanner
import Foundation

/// The schedule for people: a heading per local match day, then one aligned line per match,
/// within ``width`` columns where it can: venues lose the name in brackets (`Arena
/// AufSchalke (Arena Gelsenkirchen)`), then all but their city, as far as needed.
///
/// ```
/// Friday 2012-06-08
///    1  18:00 GMT+2  Polen  -  Griechenland       Group A  Nationalstadion, Warschau
///    2  20:45 GMT+2  Russland  -  Tschechien  4:1  Group A  Stadion Miejski, Breslau
/// ```
///
/// A match that waits for its teams (``Tournament/waitingMatches()``) shows its slots and the
/// result it keeps: `W25  -  W27  POR-ESP 2:1 waits`.
struct ScheduleText {
    /// The matches, in kick-off order.
    let matches: [Match]
    /// Their tournament (for match ids).
    let tournament: Tournament
    /// The matches that wait for their teams.
    let waiting: Set<Match>

    /// The schedule of `matches` of `tournament`, of which `waiting` wait for their teams.
    init(_ matches: [Match], in tournament: Tournament, waiting: Set<Match>) {
        self.matches = matches
        self.tournament = tournament
        self.waiting = waiting
    }

    /// The most columns a line takes when venues can be shortened enough.
    static let width = 100

    /// The schedule, each line ending in a newline; empty without matches.
    var text: String {
        let renderer = TableRenderer(
            headers: Array(repeating: "", count: 8), rightAligned: [true, false, true, false, false, false, false, false])
        var lines: [String] = []
        for venue in [Self.fullVenue, Self.venueWithoutAlias, Self.city] {
            lines = renderer.lines(matches.map { cells($0, venue: venue) })
            if lines.allSatisfy({ $0.count + 2 <= Self.width }) { break }
        }
        var text = ""
        var day: String?
        for (match, line) in zip(matches, lines) {
            if match.localDay != day {
                day = match.localDay
                text += (text.isEmpty ? "" : "\n") + Self.heading(match) + "\n"
            }
            text += "  " + line + "\n"
        }
        return text
    }

    private func cells(_ match: Match, venue: (Match) -> String) -> [String] {
        let waits = waiting.contains(match)
        return [
            String(tournament.matchID(match)), match.localTime.isEmpty ? "" : "\(match.localTime) \(Self.zone(of: match))",
            (waits ? nil : match.homeTeam?.name) ?? match.homeSlot ?? "?", "-",
            (waits ? nil : match.awayTeam?.name) ?? match.awaySlot ?? "?",
            waits ? "\(match.pairing) \(match.resultText ?? "") waits" : match.resultText ?? "",
            Self.round(of: match), venue(match),
        ]
    }

    /// `Arena AufSchalke (Arena Gelsenkirchen), Gelsenkirchen`; what is known of it.
    private static func fullVenue(_ match: Match) -> String {
        [match.venue, match.city].compactMap { $0 }.joined(separator: ", ")
    }

    /// `Arena AufSchalke, Gelsenkirchen`: the venue without a name in brackets.
    private static func venueWithoutAlias(_ match: Match) -> String {
        let name = match.venue.map { venue in
            venue.firstIndex(of: "(").map { venue[..<$0].trimmingCharacters(in: .whitespaces) } ?? venue
        }
        return [name, match.city].compactMap { $0 }.joined(separator: ", ")
    }

    /// `Gelsenkirchen`.
    private static func city(_ match: Match) -> String {
        match.city ?? ""
    }

    /// `Friday 2012-06-08`: the day of `match`'s kick-off at the venue; `Day unknown`.
    private static func heading(_ match: Match) -> String {
        match.kickoff == nil ? "Day unknown" : "\(match.localWeekday) \(match.localDay)"
    }

    /// The venue's zone at kick-off: its abbreviation (`CEST`) where the system knows a
    /// proper one, else the offset (`+02:00`).
    private static func zone(of match: Match) -> String {
        guard let kickoff = match.kickoff, let abbreviation = match.venueTimeZone.abbreviation(for: kickoff),
            abbreviation.allSatisfy(\.isLetter)
        else { return match.localOffset }
        return abbreviation
    }

    /// `Group A`, `Quarter-final`, ...
    private static func round(of match: Match) -> String {
        switch match.round {
        case "group": "Group \(match.group?.name ?? "?")"
        case "round16": "Round of 16"
        case "quarterfinal": "Quarter-final"
        case "semifinal": "Semi-final"
        case "thirdPlace": "Third place"
        case "final": "Final"
        default: match.round ?? ""
        }
    }
}
