import ArgumentParser

/// `em group`: adds, renames or removes a group.
struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group",
        abstract: "Add, rename or remove a group.",
        discussion: """
            'em add-team --group' puts a team in a group, 'em standings' shows the tables.

            Examples:
              em group add E
              em group rename E --to F
              em group remove F
            """,
        subcommands: [GroupAdd.self, GroupRename.self, GroupRemove.self])
}
