import ArgumentParser

/// `em team`: renames a team, gives it aliases, or removes it.
struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Rename a team, give it aliases, or remove it.",
        discussion: """
            'em add-team' adds a team, 'em show team' shows one.

            Examples:
              em team rename IRL --english Ireland
              em team alias POR Selecao
              em add-team --name Österreich --english Austria --code AUT
              em team remove AUT
            """,
        subcommands: [TeamRename.self, TeamAliasCommand.self, TeamRemove.self])
}
