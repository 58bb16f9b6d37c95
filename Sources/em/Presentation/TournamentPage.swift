import EMPlanner

/// The tournament as one self-contained HTML page, as `em report --to` writes it: the group
/// tables with how every tie was decided, the third-placed ranking, the bracket as SVG, and the
/// schedule by day with local kick-off times, results, scorers and cards.
///
/// No scripts, no fonts or pictures from elsewhere: the page reads the same offline. Light or
/// dark as the reader's system prefers, printable (sections kept whole, no backgrounds), and
/// accessible: tables with captions and column headers, a title on every match of the bracket.
struct TournamentPage {
    /// The tournament's title (`UEFA EURO 2024`).
    var title: String
    /// The results assumed instead of those recorded, in words; empty for the recorded ones.
    var assumptions: [String]
    var standings: StandingsReport
    /// The third-placed ranking, where the format has one.
    var thirds: ThirdPlacedReport?
    var bracket: BracketSVG
    /// The schedule: each match with its goals and cards, in kick-off order.
    var schedule: [(match: MatchSummary, events: [MatchSheet.Event])]
    /// When the page was made, as people read it.
    var made: String

    /// The page.
    var html: String {
        var body = "<header>\n<h1>\(title.xmlEscaped)</h1>\n"
        if !assumptions.isEmpty {
            body +=
                "<p class=\"whatif\">What if: \(assumptions.joined(separator: ", ").xmlEscaped) (assumed, not recorded)</p>\n"
        }
        body += "<p class=\"made\">Made by em on \(made.xmlEscaped).</p>\n</header>\n<main>\n"
        if !standings.tables.isEmpty {
            body += "<section id=\"groups\">\n<h2>Group tables</h2>\n\(standings.html())</section>\n"
        }
        if let thirds { body += "<section id=\"thirds\">\n<h2>Third-placed teams</h2>\n\(thirds.html())</section>\n" }
        if !bracket.matches.isEmpty {
            body += "<section id=\"bracket\">\n<h2>Knockout stage</h2>\n"
            body += "<div class=\"scroll\">\n\(bracket.element())</div>\n</section>\n"
        }
        body += "<section id=\"schedule\">\n<h2>Schedule</h2>\n\(scheduleHTML)</section>\n</main>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <meta name="generator" content="em"/>
            <title>\(title.xmlEscaped)</title>
            <style>
            \(Self.style)
            \(BracketSVG.style)
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The schedule, a table per day.
    private var scheduleHTML: String {
        var html = ""
        var day: String?
        for (match, events) in schedule {
            let heading = match.kickoff == nil ? "Day unknown" : "\(match.weekday) \(match.day)"
            if heading != day {
                if day != nil { html += "</tbody>\n</table>\n" }
                day = heading
                html += """
                    <table class="day">
                    <caption>\(heading.xmlEscaped)</caption>
                    <thead><tr><th scope="col" class="num">No</th><th scope="col">Kick-off</th>\
                    <th scope="col">Match</th><th scope="col">Result</th><th scope="col">Round</th>\
                    <th scope="col" class="venue">Venue</th></tr></thead>
                    <tbody>

                    """
            }
            let home = match.homeName ?? match.homeSlot ?? "?"
            let away = match.awayName ?? match.awaySlot ?? "?"
            let venue = [match.venue, match.city].compactMap { $0 }.joined(separator: ", ")
            let kickoff = match.time.isEmpty ? "" : "\(match.time) \(match.zoneName)"
            html += "<tr id=\"match-row-\(match.id)\"><td class=\"num\">\(match.id)</td><td>\(kickoff.xmlEscaped)</td>"
            html += "<td class=\"wraps\">\(home.xmlEscaped) – \(away.xmlEscaped)</td>"
            html += "<td class=\"wraps\">\((match.resultText ?? "").xmlEscaped)</td>"
            html += "<td class=\"wraps\">\(ScheduleText.round(of: match).xmlEscaped)</td>"
            html += "<td class=\"venue wraps\">\(venue.xmlEscaped)</td></tr>\n"
            if !events.isEmpty {
                let items = events.map { event in
                    let minute = event.minute.map { "\($0)′ " } ?? ""
                    let who = event.name ?? event.official ?? "?"
                    let team = (event.team ?? "?").xmlEscaped
                    return "<li>\(minute.xmlEscaped)\(who.xmlEscaped) (\(team)), \(event.kind.xmlEscaped)</li>"
                }
                html += "<tr class=\"events\"><td></td><td colspan=\"5\"><ul>\(items.joined())</ul></td></tr>\n"
            }
        }
        if day != nil { html += "</tbody>\n</table>\n" }
        return html.isEmpty ? "<p>No matches scheduled.</p>\n" : html
    }

    /// The page's colours, type and print rules.
    static let style = """
        :root { color-scheme: light dark; --ink: #1d1d1f; --muted: #5f6368; --paper: #ffffff; --rule: #dadce0; \
        --accent: #0b57d0; }
        @media (prefers-color-scheme: dark) { :root { --ink: #e8eaed; --muted: #9aa0a6; --paper: #202124; \
        --rule: #3c4043; --accent: #8ab4f8; } }
        body { margin: 0 auto; max-width: 78rem; padding: 1rem; background: var(--paper); color: var(--ink); \
        font: 15px/1.45 system-ui, sans-serif; }
        h1 { font-size: 1.8rem; margin: 0 0 .25rem; } h2 { margin-top: 2rem; border-bottom: 1px solid var(--rule); }
        .made, .whatif { color: var(--muted); margin: .2rem 0; } .whatif { color: var(--accent); font-weight: 600; }
        #groups { display: grid; grid-template-columns: repeat(auto-fill, minmax(30rem, 1fr)); gap: 0 2rem; }
        #groups h2 { grid-column: 1 / -1; }
        table { border-collapse: collapse; width: 100%; margin: .75rem 0; }
        caption { text-align: left; font-weight: 600; padding: .25rem 0; }
        th, td { padding: .2rem .35rem; border-bottom: 1px solid var(--rule); text-align: left; vertical-align: top; \
        white-space: nowrap; }
        td.col-name, td.wraps { white-space: normal; overflow-wrap: break-word; }
        th { color: var(--muted); font-weight: 600; } .num { text-align: right; font-variant-numeric: tabular-nums; }
        ul.ties { margin: 0 0 1rem; padding-left: 1.2rem; color: var(--muted); font-size: .9rem; }
        tr.events ul { margin: 0; padding-left: 1.2rem; color: var(--muted); font-size: .9rem; }
        tr.events td { white-space: normal; }
        .scroll { overflow-x: auto; }
        @media (max-width: 40rem) { body { padding: .5rem; font-size: 14px; } #groups { display: block; } \
        .col-name, .col-group, .col-status, .venue { display: none; } th, td { padding: .2rem .25rem; } \
        th { white-space: normal; } td.wraps { overflow-wrap: anywhere; } }
        @media print { :root { --paper: #ffffff; --ink: #000000; --muted: #444444; } \
        section.group, table { break-inside: avoid; } .scroll { overflow: visible; } }
        """
}
