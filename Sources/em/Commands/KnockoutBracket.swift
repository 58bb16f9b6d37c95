import ArgumentParser
import EMPlanner

/// `em bracket`: the knockout stage as a tree, from the results so far.
struct KnockoutBracket: WatchableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bracket",
        abstract: "Show the knockout stage as a tree.",
        discussion: """
            Each knockout match with its number, its teams (or the slot they come from, such \
            as 1A, 3A/C/D or W25, until the results decide them) and its score, with a.e.t. \
            and pens; rounds from left to right, 100 columns at most, or narrower to fit the \
            terminal. The teams fill \
            themselves in as results are recorded (em result). --ascii draws the tree without \
            box-drawing characters. JSON lists every knockout match with its number, round, \
            slots, teams (null until known), score, winner, whether it waits for its teams and \
            whether its result is assumed. --if "MATCH SCORE" (repeatable; MATCH and SCORE as \
            em result takes them, with --aet and --pens for a knockout match) shows the \
            bracket as it would be with that result, played or not: group results move teams \
            into other slots, a knockout result sends its winner on and is marked (assumed). \
            A knockout result can be assumed once the match's teams are known from the \
            results recorded and assumed; HOME-AWAY names the match those teams play under \
            the assumptions. A recorded knockout result counts while its teams still play \
            the match. Nothing is recorded or saved. --format svg draws the tree as an SVG \
            picture: a box per match, the winner in bold, titles for screen readers, light or \
            dark as the viewer prefers. The team that went through is marked ▸ (> in ASCII). \
            --watch keeps the bracket on screen and \
            draws it again whenever any process saves a change to the store, until Ctrl-C.

            Examples:
              em bracket
              em bracket --ascii
              em bracket --format json
              em bracket --format svg > bracket.svg
              em bracket --watch    # until Ctrl-C
              em init --tournament 2024 --with-results --store euro2024.sqlite
              em bracket --if "SCO-HUN 0:4" --if "SUI-GER 2:0" --store euro2024.sqlite
              em bracket --if "ESP-GER 1:2 --aet" --if "GER-FRA 1:1 --aet --pens 4:3" \\
                --store euro2024.sqlite
            """)

    /// How `em bracket` prints.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// The tree, for people.
        case table
        /// A JSON array of the knockout matches, for scripts.
        case json
        /// An SVG picture of the tree, light or dark as the viewer prefers.
        case svg
    }

    @OptionGroup var store: StoreOptions

    /// How to print.
    @Option(help: "How to print the bracket.")
    var format: Format = .table

    /// Plain ASCII instead of box-drawing characters.
    @Flag(help: "Draw the tree in plain ASCII.")
    var ascii = false

    /// Results to assume instead of those recorded.
    @OptionGroup var whatIf: WhatIfOptions

    @OptionGroup var watching: WatchOptions

    var printsForPeople: Bool { format == .table }

    func validate() throws {
        if ascii, format != .table { throw ValidationError("--ascii applies to --format table only") }
    }

    func run(in session: Session) throws {
        try watching.refuseHere()
        let tournament = session.tournament
        guard whatIf.isWhatIf else {
            try write(BracketReport(matches: try tournament.knockout.fixtures()), of: tournament)
            return
        }
        let bracket = try tournament.reports.bracket(assuming: whatIf.assumptions)
        if format == .table { Terminal.print("What if: \(bracket.assumptions.joined(separator: ", ")) (nothing saved)\n") }
        try write(BracketReport(matches: bracket.matches), of: tournament)
    }

    /// Prints `report` in the chosen format; the picture names `tournament`'s teams.
    private func write(_ report: BracketReport, of tournament: Tournament) throws {
        switch format {
        case .table: Terminal.write(report.tree(ascii: ascii))
        case .json: Terminal.write(report.json())
        case .svg:
            var names: [String: String] = [:]
            for team in try tournament.lookup.teamSummaries() {
                if let code = team.code { names[code] = team.name }
            }
            Terminal.write(BracketSVG(matches: report.matches, names: names).document)
        }
    }
}
