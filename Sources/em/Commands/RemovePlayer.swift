import ArgumentParser

/// `em remove-player`: removes a player from a team's squad.
struct RemovePlayer: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-player",
        abstract: "Remove a player from a team's squad.",
        discussion: """
            Examples:
              em remove-player --team Deutschland --number 19 --dry-run
              em remove-player --team GER --number 19
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions
    @OptionGroup var player: PlayerReference

    func run(in session: Session) throws {
        let removed = try session.tournament.squads.removePlayer(team: player.team.team, number: player.number)
        session.report("removed", removed.label)
    }
}

extension RemovePlayer: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .group { $0.player = $1 },
        ])
    }
}
