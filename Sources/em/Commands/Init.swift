import ArgumentParser
import EMPlanner
import Foundation

/// `em init`: seeds the store, from a bundled tournament or from a setup plist.
struct Init: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Seed the store with a tournament.",
        discussion: """
            Seeds an empty store with a bundled tournament (UEFA EURO 2012, the default, or \
            2024: groups, squads, coaches and the whole schedule with its knockout slots), \
            or from a setup plist (as 'em save --as plist' writes one). --with-results also \
            records the bundled tournament's real results, so that the tables and the \
            bracket fill in, and for EURO 2024 its goals, and the cards and line-ups where \
            openfootball gives them (EURO 2012's files have none). A store that holds a \
            tournament is left alone unless --force is given, which replaces everything in it \
            in one transaction, after keeping a copy of it beside the store: \
            STORE.YYYYMMDD-HHMMSS.bak for a file, the schema SCHEMA_backup_YYYYMMDD_HHMMSS \
            (UTC) on a PostgreSQL server; --store opens it. A malformed setup is refused with \
            the key path of the culprit, and the store stays as it was.

            Examples:
              em init
              em init --tournament 2024 --with-results
              em init --setup euro.plist --store new.sqlite
              em init --force
            """)

    /// Runs without seeding first: seeding is what it does.
    static var needsTournament: Bool { false }

    @OptionGroup var store: StoreOptions

    /// The bundled tournament to seed.
    @Option(help: ArgumentHelp("The bundled tournament: 2012 or 2024.", valueName: "year"))
    var tournament: BundledTournament?

    /// Whether to record the bundled tournament's real results.
    @Flag(help: "Record the bundled tournament's real results too.")
    var withResults = false

    /// The setup plist to seed from.
    @Option(help: ArgumentHelp("A setup plist to seed from instead of a bundled tournament.", valueName: "file"))
    var setup: String?

    /// Whether to replace a tournament the store holds already.
    @Flag(help: "Replace the tournament in the store, keeping a backup of it.")
    var force = false

    func validate() throws {
        if setup != nil, tournament != nil { throw ValidationError("give --setup or --tournament, not both") }
        if setup != nil, withResults {
            throw ValidationError("--with-results is for a bundled tournament; a setup file's results are always recorded")
        }
    }

    /// A new store is made holding the chosen tournament, all at once.
    var setupOfNewStore: (() throws -> SetupData)? { chosenSetup }

    /// The tournament the options choose: the setup file's, else the bundled one.
    private func chosenSetup() throws -> SetupData {
        try setup.map(InputFile.init(path:)).map { try SetupData.read(contentsOf: $0.url) }
            ?? (tournament ?? .euro2012).setup(withResults: withResults)
    }

    func run(in session: Session) throws {
        guard let setup = try session.seed(chosenSetup, force: force) else { return }
        let teams = setup.allTeams
        let results = setup.matches.count { $0.homeGoals != nil }
        Terminal.print(
            "seeded \(setup.tournament): \(setup.groups.count) groups, \(teams.count) teams, "
                + "\(teams.map(\.players.count).reduce(0, +)) players, \(setup.matches.count) matches"
                + (results > 0 ? ", \(results) results" : ""))
    }
}
