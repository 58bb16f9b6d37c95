import ArgumentParser

/// `em team remove`: removes a team that plays no match.
struct TeamRemove: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a team, with its players and coach.",
        discussion: """
            TEAM is a German name, English name or FIFA code. A team that plays matches is \
            refused, and the matches are named: remove them first ('em schedule remove'). \
            The team's players and coach go with it; its group's official order forgets it.

            Examples:
              em add-team --name Österreich --english Austria --code AUT
              em team remove AUT
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The team.
    @Argument(help: ArgumentHelp("The team: German name, English name or FIFA code.", valueName: "team"))
    var team: String

    func run(in session: Session) throws {
        session.report("removed", try session.tournament.structure.removeTeam(team).label)
    }
}

extension TeamRemove: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.team = $1 },
        ])
    }
}
