import ArgumentParser

/// `em group add`: adds an empty group.
struct GroupAdd: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a group, without teams or matches.",
        discussion: """
            NAME must not name another group, in any case. 'em add-team --group' puts teams \
            in it, 'em schedule add --group' schedules its matches.

            Examples:
              em group add E --dry-run
              em group add E
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The name.
    @Argument(help: ArgumentHelp("The group's name.", valueName: "name"))
    var name: String

    func run(in session: Session) throws {
        session.report("added", try session.tournament.structure.addGroup(name).label)
    }
}

extension GroupAdd: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.name = $1 },
        ])
    }
}
