import ArgumentParser
import EMPlanner

/// `em standings`: the group tables by the tournament's tie-breakers, from the results so far.
struct Standings: WatchableCommand {
    static let configuration = CommandConfiguration(
        commandName: "standings",
        abstract: "Show the group tables, ranked by the tournament's tie-breakers.",
        discussion: """
            Rank, team, P W D L GF GA GD Pts, from the results recorded so far (unplayed \
            matches do not count), ranked by the rule set of the tournament (EURO 2012's \
            unless the setup names another). Teams the recorded data cannot separate (no \
            cards recorded, no ranking given, drawing of lots) share a rank. --explain names \
            the criterion that decided every tie; JSON always does. --thirds ranks the \
            third-placed teams of a 24-team tournament by the edition's criteria for thirds; \
            while groups are still playing the ranking is provisional, of each group's \
            current third, and says which groups are still playing and which are not ranked \
            (no match played yet, or the third place level). --if "MATCH SCORE" (repeatable; \
            MATCH as em result takes it, the id or HOME-AWAY) shows the tables, or with \
            --thirds the ranking, as they would be with that group result, played or not; \
            nothing is recorded or saved. --watch keeps the tables on screen and draws \
            them again whenever any process (on this machine, or another sharing a server's \
            store) saves a change, until Ctrl-C.

            Examples:
              em standings
              em standings --group A --explain
              em standings --format json
              em init --tournament 2024 --with-results --store euro2024.sqlite
              em standings --thirds --store euro2024.sqlite
              em standings --group A --if "RUS-CZE 1:1" --if "POL-GRE 2:0"
              em standings --watch    # until Ctrl-C
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions

    /// One group only.
    @Option(help: "Show one group only.")
    var group: String?

    /// Name the criterion that decided every tie.
    @Flag(help: "Name the criterion that decided every tie.")
    var explain = false

    /// The ranking of the third-placed teams instead of the groups.
    @Flag(help: "Rank the third-placed teams (24-team tournaments), provisionally while groups are still playing.")
    var thirds = false

    /// Group results to assume instead of those recorded.
    @OptionGroup var whatIf: WhatIfOptions

    @OptionGroup var watching: WatchOptions

    var printsForPeople: Bool { output.format == .table }

    func validate() throws {
        if thirds, group != nil { throw ValidationError("--thirds ranks every group's third; leave out --group") }
    }

    func run(in session: Session) throws {
        try watching.refuseHere()
        let tournament = session.tournament
        var names: [String: String] = [:]
        for team in try tournament.lookup.teamSummaries() {
            if let code = team.code { names[code] = team.name }
        }
        let assumptions = whatIf.assumptions
        if whatIf.isWhatIf, output.format == .table {
            let assumed = try assumptions.map {
                "\(try tournament.lookup.matchSummary($0.match).label) \($0.score)"
            }
            Terminal.print("What if: \(assumed.joined(separator: ", ")) (nothing saved)\n")
        }
        if thirds {
            let table = try tournament.reports.thirdPlacedTable(assuming: assumptions)
            Terminal.write(ThirdPlacedReport(table: table, names: names).rendered(as: output.format, explain: explain))
        } else {
            let tables = try tournament.reports.standings(group: group, assuming: assumptions)
            Terminal.write(StandingsReport(tables: tables, names: names).rendered(as: output.format, explain: explain))
        }
    }
}
