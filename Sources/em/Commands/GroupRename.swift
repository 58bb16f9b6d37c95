import ArgumentParser

/// `em group rename`: renames a group.
struct GroupRename: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a group.",
        discussion: """
            NAME is the group's name, in any case; the new name must not name another group. \
            A group that knockout slots name (1A, 3A/B/C) is refused, and the slots are \
            named: the bracket and the rule set know groups by their names.

            Examples:
              em group add E
              em group rename E --to F
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The group.
    @Argument(help: ArgumentHelp("The group's name.", valueName: "name"))
    var name: String

    /// The new name.
    @Option(help: ArgumentHelp("The new name.", valueName: "name"))
    var to: String

    func run(in session: Session) throws {
        session.report("renamed", try session.tournament.structure.renameGroup(name, to: to).label)
    }
}

extension GroupRename: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.name = $1 },
            .option("to") { $0.to = $1 },
        ])
    }
}
