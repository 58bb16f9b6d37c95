import ArgumentParser
import EMPlanner
import Foundation

/// `em report --to FILE.html`: the whole tournament as one page to look at, send or print.
struct Report: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the tournament as one HTML page.",
        discussion: """
            One self-contained page (no network, no scripts): the group tables with the \
            criterion that decided every tie, the ranking of the third-placed teams (24-team \
            editions), the knockout bracket as a picture with scores and winners, and the \
            schedule by day with local kick-off times, results, scorers and cards. Light or \
            dark as the reader's system prefers; it prints on paper too. --if "MATCH SCORE" \
            (repeatable) makes a what-if page, saying so at its top; nothing is recorded. A \
            FILE that exists is replaced only if it is a page em wrote, all at once.

            Examples:
              em report --to euro.html
              em report --to whatif.html --if "GER-POR 2:2"
            """)

    @OptionGroup var store: StoreOptions

    /// Where the page goes.
    @Option(help: ArgumentHelp("The HTML file to write.", valueName: "file"))
    var to: String

    /// Results to assume instead of those recorded.
    @OptionGroup var whatIf: WhatIfOptions

    func validate() throws {
        if to.isEmpty { throw ValidationError("--to needs a file name") }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        var names: [String: String] = [:]
        for team in try tournament.lookup.teamSummaries() {
            if let code = team.code { names[code] = team.name }
        }
        let assumptions = whatIf.assumptions
        var thirds: ThirdPlacedReport?
        do {
            thirds = ThirdPlacedReport(table: try tournament.reports.thirdPlacedTable(assuming: assumptions), names: names)
        } catch let error as PlannerError {
            guard case .rankingUnavailable = error.kind else { throw error }
        }
        let bracket = try tournament.reports.bracket(assuming: assumptions)
        let matches = try tournament.lookup.matchSummaries()
        let schedule = try matches.map { match in
            (match, try tournament.reports.matchSheet(String(match.id)).events)
        }
        let page = TournamentPage(
            title: try tournament.title ?? "The tournament",
            assumptions: try assumptions.map { "\(try tournament.lookup.matchSummary($0.match).label) \($0.score)" },
            standings: StandingsReport(tables: try tournament.reports.standings(assuming: assumptions), names: names),
            thirds: thirds, bracket: BracketSVG(matches: bracket.matches, names: names), schedule: schedule,
            made: ChangeLogReport.time(Date()))
        let url = URL(filePath: to)
        try Self.write(Data(page.html.utf8), to: url)
        Terminal.print("wrote \(url.path)")
    }

    /// Writes `data` to `url` all at once: a new file, or in place of a page em wrote before.
    ///
    /// - Throws: ``EMError/cannotCreate(path:reason:)`` when something else is at `url`, or the
    ///   system refuses; nothing at `url` changes then.
    static func write(_ data: Data, to url: URL) throws {
        if FileManager.default.fileExists(atPath: url.path) {
            let head = (try? FileHandle(forReadingFrom: url).read(upToCount: 512)) ?? nil
            guard let head, String(decoding: head, as: UTF8.self).contains("<meta name=\"generator\" content=\"em\"/>") else {
                throw EMError.cannotCreate(path: url.path, reason: "it exists and is not a page em wrote; remove it first")
            }
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw EMError.cannotCreate(path: url.path, reason: error.systemReason)
        }
    }
}
