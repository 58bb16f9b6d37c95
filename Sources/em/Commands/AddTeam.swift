import ArgumentParser

/// `em add-team`: adds a team without players or coach.
struct AddTeam: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-team",
        abstract: "Add a team, without players or coach.",
        discussion: """
            The name is the German name, as the planner keeps them; the FIFA code is three \
            letters. Neither may name a team already there.

            Examples:
              em add-team --name Österreich --english Austria --code AUT
              em add-team --name Schottland --english Scotland --code SCO --group A
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The German name.
    @Option(help: ArgumentHelp("The team's German name.", valueName: "name"))
    var name: String

    /// The FIFA code.
    @Option(help: ArgumentHelp("The FIFA code, three letters.", valueName: "code"))
    var code: String

    /// The English name.
    @Option(help: ArgumentHelp("The English name.", valueName: "name"))
    var english: String?

    /// The group to draw the team into.
    @Option(help: ArgumentHelp("The group to put the team in.", valueName: "group"))
    var group: String?

    func run(in session: Session) throws {
        let team = try session.tournament.structure.addTeam(name: name, englishName: english, code: code, group: group)
        session.report("added", team.label)
    }
}

extension AddTeam: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .option("name") { $0.name = $1 },
            .option("code") { $0.code = $1 },
            .option("english") { $0.english = $1 },
            .option("group") { $0.group = $1 },
        ])
    }
}
