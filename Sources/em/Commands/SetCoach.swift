import ArgumentParser

/// `em set-coach`: makes someone a team's head coach, or leaves the team without one.
struct SetCoach: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-coach",
        abstract: "Make someone a team's head coach, or remove the coach.",
        discussion: """
            The previous coach is removed. --none removes the coach and names no new one.

            Examples:
              em set-coach --team GER --given Joachim --name Löw
              em set-coach --team ESP --given Vicente --name 'del Bosque'
              em set-coach --team GER --none
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions
    @OptionGroup var team: TeamOption

    /// The coach's given name.
    @Option(help: ArgumentHelp("The coach's given name.", valueName: "name"))
    var given: String?

    /// The coach's family name.
    @Option(help: ArgumentHelp("The coach's family name.", valueName: "name"))
    var name: String?

    /// Whether to remove the coach instead.
    @Flag(help: "Remove the coach; the team has none.")
    var none = false

    func validate() throws {
        if none, name != nil || given != nil { throw ValidationError("--none takes no --name or --given") }
        if !none, name == nil { throw ValidationError("Missing expected argument '--name <name>' (or --none)") }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        guard let name else {
            session.report("removed", try tournament.squads.removeCoach(team: team.team).label)
            return
        }
        session.report("set", try tournament.squads.setCoach(team: team.team, givenname: given, name: name).label)
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
            .flag("none") { $0.none = $1 },
        ])
    }
}
