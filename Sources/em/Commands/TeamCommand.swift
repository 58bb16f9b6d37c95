import ArgumentParser

/// `em team`: renames or removes a team.
struct TeamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "Rename or remove a team.",
        discussion: """
            'em add-team' adds a team, 'em show team' shows one.

            Examples:
              em team rename IRL --english Ireland
              em add-team --name Österreich --english Austria --code AUT
              em team remove AUT
            """,
        subcommands: [TeamRename.self, TeamRemove.self])
}
