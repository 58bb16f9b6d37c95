import ArgumentParser

/// `em group remove`: removes an empty group.
struct GroupRemove: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a group that has no teams or matches.",
        discussion: """
            NAME is the group's name, in any case. A group with teams or matches is refused, \
            and they are named: remove them first ('em team remove', 'em schedule remove').

            Examples:
              em group add E
              em group remove E
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The group.
    @Argument(help: ArgumentHelp("The group's name.", valueName: "name"))
    var name: String

    func run(in session: Session) throws {
        session.report("removed", try session.tournament.structure.removeGroup(name).label)
    }
}

extension GroupRemove: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.name = $1 },
        ])
    }
}
