import ArgumentParser

/// `em add-player`: adds a player to a team's squad.
struct AddPlayer: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-player",
        abstract: "Add a player to a team's squad.",
        discussion: """
            The shirt number must be free in the team, and a squad holds no more players \
            than its size. \(ShirtNumberHelp.rule) The position is GK, DF, MF or FW.

            Examples:
              em add-team --name Österreich --english Austria --code AUT
              em add-player --team AUT --given David --name Alaba --number 8 \\
                --position DF --club 'FC Bayern' --born 1992-06-24
              em add-player --team AUT --name Junuzović --number 10 --position MF
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions
    @OptionGroup var team: TeamOption

    /// The given name; players known by one name have none.
    @Option(help: ArgumentHelp("The given name (leave out for players known by one name).", valueName: "name"))
    var given: String?

    /// The family name, or the one name.
    @Option(help: ArgumentHelp("The family name, or the one name.", valueName: "name"))
    var name: String

    /// The shirt number.
    @Option(help: ArgumentHelp("The shirt number, 1 to the squad's size of the edition (see above).", valueName: "n"))
    var number: Int

    /// The position.
    @Option(help: ArgumentHelp("The position: GK, DF, MF or FW.", valueName: "position"))
    var position: String

    /// The club.
    @Option(help: ArgumentHelp("The club.", valueName: "club"))
    var club: String?

    /// The date of birth.
    @Option(help: ArgumentHelp("The date of birth.", valueName: "yyyy-mm-dd"))
    var born: String?

    func run(in session: Session) throws {
        let player = try session.tournament.squads.addPlayer(
            team: team.team, givenname: given, name: name, number: number, position: position, club: club, born: born)
        session.report("added", player.label)
    }
}

extension AddPlayer: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .group { $0.team = $1 },
            .option("given") { $0.given = $1 },
            .option("name") { $0.name = $1 },
            .option("number") { $0.number = $1 },
            .option("position") { $0.position = $1 },
            .option("club") { $0.club = $1 },
            .option("born") { $0.born = $1 },
        ])
    }
}
