import ArgumentParser
import EMPlanner
import Foundation

/// `em import`: seeds the store with a tournament from openfootball's Football.TXT.
struct Import: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Seed the store from a Football.TXT file.",
        discussion: """
            Reads a tournament in openfootball's Football.TXT format (every EURO from 1960 \
            to 2028 is in github.com/openfootball/euro): groups, teams, rounds, matches with \
            their days, kick-off times, zones and venues, results (half time, extra time, \
            penalties, lots, a replayed final), scorers, line-ups with substitutions and \
            cards, and shoot-outs kick by kick. Teams go by any of their names, \
            historic ones included; the edition's rules apply. --squads reads the squad files \
            of a directory (squads/*.txt) and finds the players in them; others are kept \
            by name. A file written before the draw names slots (A1 … F4) instead of \
            teams: 'em draw' fills them.

            A line em does not understand is refused with its file, line and column, and \
            nothing is written; --lenient skips such lines instead, with a warning for each. \
            A store that holds a tournament is left alone unless --force is given, which \
            keeps a backup of it first, as 'em init --force' does.

            Examples:
              em import euro.txt --store euro1968.sqlite
              em import euro2024.txt --squads squads --store euro2024.sqlite
              em import euro.txt --lenient --force --store euro1968.sqlite
            """)

    /// Runs without seeding first: seeding is what it does.
    static var needsTournament: Bool { false }

    @OptionGroup var store: StoreOptions

    /// The Football.TXT file.
    @Argument(help: ArgumentHelp("The Football.TXT file, such as euro.txt.", valueName: "file"))
    var file: String

    /// The directory of squad files.
    @Option(help: ArgumentHelp("A directory of squad files (*.txt), one per team.", valueName: "directory"))
    var squads: String?

    /// Whether to skip lines that are not understood.
    @Flag(help: "Skip lines em does not understand, with a warning each, instead of refusing the file.")
    var lenient = false

    /// Whether to replace a tournament the store holds already.
    @Flag(help: "Replace the tournament in the store, keeping a backup of it.")
    var force = false

    /// A new store is made holding the imported tournament, all at once.
    var setupOfNewStore: (() throws -> SetupData)? { importedSetup }

    /// The file's tournament; its warnings go to standard error.
    private func importedSetup() throws -> SetupData {
        let input = try InputFile(path: file)
        var squadFiles: [(text: String, file: String)] = []
        if let squads {
            let directory = URL(filePath: squads)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: squads) else {
                throw EMError.unreadableInput(path: squads)
            }
            for name in names.filter({ $0.hasSuffix(".txt") }).sorted() {
                squadFiles.append((try InputFile(path: directory.appending(path: name).path).text(), name))
            }
        }
        let imported = try FootballTextImport(
            text: try input.text(), file: file, squads: squadFiles, lenient: lenient)
        for warning in imported.warnings { Terminal.diagnose("warning: \(warning)") }
        if !imported.warnings.isEmpty { Terminal.diagnose("skipped \(Count(imported.warnings.count, "line"))") }
        return imported.setup
    }

    func run(in session: Session) throws {
        guard let setup = try session.seed(importedSetup, force: force) else { return }
        let results = setup.matches.count { $0.homeGoals != nil }
        Terminal.print(
            "imported \(setup.tournament): \(Count(setup.groups.count, "group")), \(Count(setup.allTeams.count, "team")), "
                + "\(Count(setup.matches.count, "match", "matches")), \(Count(results, "result"))")
    }
}
