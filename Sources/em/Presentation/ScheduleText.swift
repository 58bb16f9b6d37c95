import EMPlanner
import Foundation

/// The schedule for people: a heading per match day, then one aligned line per match,
/// within ``width`` columns (100 when no terminal says otherwise) where it can: venues lose
/// the name in brackets (`Arena AufSchalke (Arena Gelsenkirchen)`), then all but their city,
/// as far as needed; in a narrow terminal, then the venue, then the round, then names cut with
/// `…`.
///
/// ```
/// Friday 2012-06-08
///    1  18:00 GMT+2  Polen  -  Griechenland       Group A  Nationalstadion, Warschau
///    2  20:45 GMT+2  Russland  -  Tschechien  4:1  Group A  Stadion Miejski, Breslau
/// ```
///
/// A match that waits for its teams (``Knockout/waitingMatchIDs()``) shows its slots and the
/// result it keeps: `W25  -  W27  POR-ESP 2:1 waits`.
struct ScheduleText {
    /// The matches, in kick-off order, their kick-offs in the zone the schedule shows.
    let matches: [MatchSummary]
    /// The terminal's columns, or `nil` when output goes to no terminal.
    let width: Int?
    /// The ids of the matches that wait for their teams.
    let waiting: Set<Int>

    /// The schedule of `matches`, lines within `width`, of which `waiting` (by id) wait for
    /// their teams.
    init(_ matches: [MatchSummary], width: Int? = Terminal.width, waiting: Set<Int>) {
        self.matches = matches
        self.width = width
        self.waiting = waiting
    }

    /// The most columns a line takes without a terminal, when venues can be shortened enough.
    static let defaultWidth = 100

    /// The schedule, each line ending in a newline; empty without matches.
    var text: String {
        let renderer = TableRenderer(
            headers: Array(repeating: "", count: 8), rightAligned: [true, false, true, false, false, false, false, false],
            fits: [.fixed, .fixed, .shortens, .fixed, .shortens, .fixed, .dropped(2), .shortensThenDropped(1)])
        let limit = (width ?? Self.defaultWidth) - 2
        var lines: [String] = []
        for venue in [Self.fullVenue, Self.venueWithoutAlias, Self.city] {
            lines = renderer.lines(matches.map { cells($0, venue: venue) })
            if lines.allSatisfy({ $0.displayWidth <= limit }) { break }
        }
        if width != nil, !lines.allSatisfy({ $0.displayWidth <= limit }) {
            lines = renderer.lines(matches.map { cells($0, venue: Self.city) }, width: limit)
        }
        var text = ""
        var day: String?
        for (match, line) in zip(matches, lines) {
            if match.day != day {
                day = match.day
                text += (text.isEmpty ? "" : "\n") + heading(match).paragraph(width: width)
            }
            text += "  " + line + "\n"
        }
        return text
    }

    private func cells(_ match: MatchSummary, venue: (MatchSummary) -> String) -> [String] {
        let waits = waiting.contains(match.id)
        return [
            String(match.id), match.time.isEmpty ? "" : "\(match.time) \(match.zoneName)",
            (waits ? nil : match.homeName) ?? match.homeSlot ?? "?", "-", (waits ? nil : match.awayName) ?? match.awaySlot ?? "?",
            waits ? "\(match.pairing) \(match.resultText ?? "") waits" : match.resultText ?? "",
            Self.round(of: match), venue(match),
        ]
    }

    /// `Arena AufSchalke (Arena Gelsenkirchen), Gelsenkirchen`; what is known of it.
    private static func fullVenue(_ match: MatchSummary) -> String {
        [match.venue, match.city].compactMap { $0 }.joined(separator: ", ")
    }

    /// `Arena AufSchalke, Gelsenkirchen`: the venue without a name in brackets.
    private static func venueWithoutAlias(_ match: MatchSummary) -> String {
        let name = match.venue.map { venue in
            venue.firstIndex(of: "(").map { venue[..<$0].trimmingCharacters(in: .whitespaces) } ?? venue
        }
        return [name, match.city].compactMap { $0 }.joined(separator: ", ")
    }

    /// `Gelsenkirchen`.
    private static func city(_ match: MatchSummary) -> String {
        match.city ?? ""
    }

    /// `Friday 2012-06-08`: the day of `match`'s kick-off; `Day unknown`.
    private func heading(_ match: MatchSummary) -> String {
        match.kickoff == nil ? "Day unknown" : "\(match.weekday) \(match.day)"
    }

    /// `Group A`, `Quarter-final`, ...
    static func round(of match: MatchSummary) -> String {
        switch match.round {
        case "group": "Group \(match.group ?? "?")"
        case "round16": "Round of 16"
        case "quarterfinal": "Quarter-final"
        case "semifinal": "Semi-final"
        case "thirdPlace": "Third place"
        case "final": "Final"
        default: match.round ?? ""
        }
    }
}
