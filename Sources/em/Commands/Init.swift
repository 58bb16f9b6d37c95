import ArgumentParser
import EMPlanner
import Foundation

/// `em init`: seeds the store, from the bundled EURO 2012 or from a setup plist.
struct Init: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Seed the store with a tournament.",
        discussion: """
            Seeds an empty store from the bundled UEFA EURO 2012, or from a setup plist (as \
            'em save --as plist' writes one). A store that holds a tournament is left alone \
            unless --force is given, which replaces everything in it. A malformed setup is \
            refused with the key path of the culprit, and the store stays as it was.

            Examples:
              em init
              em init --setup euro.plist --store new.sqlite
              em init --force
            """)

    /// Runs without seeding first: seeding is what it does.
    static var needsTournament: Bool { false }

    @OptionGroup var store: StoreOptions

    /// The setup plist to seed from.
    @Option(help: ArgumentHelp("A setup plist to seed from instead of the bundled EURO 2012.", valueName: "file"))
    var setup: String?

    /// Whether to replace a tournament the store holds already.
    @Flag(help: "Replace the tournament in the store.")
    var force = false

    func run(in session: Session) throws {
        let setup =
            try self.setup.map(InputFile.init(path:)).map { try SetupData.read(contentsOf: $0.url) }
            ?? SetupData.bundled
        let tournament = session.tournament
        if force {
            try tournament.eraseAll()
            try tournament.seed(from: setup)
        } else if try !tournament.seedIfNeeded(from: setup) {
            Terminal.print("the store holds a tournament already; nothing changed (--force replaces it)")
            return
        }
        let teams = setup.allTeams
        Terminal.print(
            "seeded \(setup.tournament): \(setup.groups.count) groups, \(teams.count) teams, "
                + "\(teams.map(\.players.count).reduce(0, +)) players, \(setup.matches.count) matches")
    }
}
