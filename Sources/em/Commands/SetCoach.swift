import ArgumentParser

/// `em set-coach`: makes someone a team's head coach.
struct SetCoach: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-coach",
        abstract: "Make someone a team's head coach.",
        discussion: """
            Examples:
              em set-coach --team GER --given Joachim --name Löw
              em set-coach --team ESP --given Vicente --name 'del Bosque'
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions
    @OptionGroup var team: TeamOption

    /// The coach's given name.
    @Option(help: ArgumentHelp("The coach's given name.", valueName: "name"))
    var given: String?

    /// The coach's family name.
    @Option(help: ArgumentHelp("The coach's family name.", valueName: "name"))
    var name: String

    func run(in session: Session) throws {
        let coach = try session.tournament.setCoach(team: team.team, givenname: given, name: name)
        session.report("set", coach)
    }
}

extension SetCoach: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .group { $0.team = $1 },
            .option("given") { $0.given = $1 },
            .option("name") { $0.name = $1 },
        ])
    }
}
