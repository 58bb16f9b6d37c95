import ArgumentParser
import EMPlanner

/// `em update-player`: changes a player's names, number, position, club, birth date or team.
struct UpdatePlayer: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-player",
        abstract: "Change a player: names, number, position, club, team.",
        discussion: """
            Only the options given change. An empty value clears --given, --club and --born. \
            The new number must be free in the player's (new) team. \(ShirtNumberHelp.rule)

            Examples:
              em remove-player --team GER --number 10
              em update-player --team GER --number 19 --new-number 10
              em update-player --team GER --number 10 --club Dortmund --born ''
              em update-player --team GER --number 10 --given ''
              em add-team --name Österreich --english Austria --code AUT
              em update-player --team GER --number 10 --move-to AUT
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions
    @OptionGroup var player: PlayerReference

    /// A new given name; empty clears it.
    @Option(help: ArgumentHelp("A new given name ('' clears it).", valueName: "name"))
    var given: String?

    /// A new family name.
    @Option(help: ArgumentHelp("A new family name.", valueName: "name"))
    var name: String?

    /// A new shirt number.
    @Option(help: ArgumentHelp("A new shirt number, 1 to the squad's size of the edition (see above).", valueName: "n"))
    var newNumber: Int?

    /// A new position.
    @Option(help: ArgumentHelp("A new position: GK, DF, MF or FW.", valueName: "position"))
    var position: String?

    /// A new club; empty clears it.
    @Option(help: ArgumentHelp("A new club ('' clears it).", valueName: "club"))
    var club: String?

    /// A new date of birth; empty clears it.
    @Option(help: ArgumentHelp("A new date of birth ('' clears it).", valueName: "yyyy-mm-dd"))
    var born: String?

    /// The team to move the player to.
    @Option(help: ArgumentHelp("Move the player to this team.", valueName: "team"))
    var moveTo: String?

    /// The changes the options ask for.
    private var changes: PlayerChanges {
        PlayerChanges(
            givenname: given.map(Self.clearedIfEmpty), name: name, number: newNumber, position: position,
            club: club.map(Self.clearedIfEmpty), born: born.map(Self.clearedIfEmpty), team: moveTo)
    }

    func validate() throws {
        if changes.isEmpty {
            throw ValidationError(
                "Nothing to change: give at least one of --given, --name, --new-number, --position, --club, --born, --move-to")
        }
    }

    func run(in session: Session) throws {
        let updated = try session.tournament.squads.updatePlayer(team: player.team.team, number: player.number, changes: changes)
        session.report("updated", updated.label)
    }

    /// `nil` (clear the value) for empty text, the text otherwise.
    private static func clearedIfEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}

extension UpdatePlayer: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .group { $0.player = $1 },
            .option("given") { $0.given = $1 },
            .option("name") { $0.name = $1 },
            .option("new-number") { $0.newNumber = $1 },
            .option("position") { $0.position = $1 },
            .option("club") { $0.club = $1 },
            .option("born") { $0.born = $1 },
            .option("move-to") { $0.moveTo = $1 },
        ])
    }
}
