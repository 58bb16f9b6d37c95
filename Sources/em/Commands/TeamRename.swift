import ArgumentParser

/// `em team rename`: changes a team's names or FIFA code.
struct TeamRename: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Change a team's German name, English name or FIFA code.",
        discussion: """
            TEAM is a German name, English name or FIFA code. Give at least one of --name, \
            --english (empty for none) and --code; none may name another team. The team's \
            matches, players and results stay its own, and its group's official order \
            follows a new code. The names it had become its aliases, so they still find it.

            Examples:
              em team rename IRL --english Ireland
              em team rename CZE --name Tschechien --english Czechia
              em team rename GER --code DEU --dry-run
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The team.
    @Argument(help: ArgumentHelp("The team: German name, English name or FIFA code.", valueName: "team"))
    var team: String

    /// The new German name.
    @Option(help: ArgumentHelp("The new German name.", valueName: "name"))
    var name: String?

    /// The new English name.
    @Option(help: ArgumentHelp("The new English name (empty for none).", valueName: "name"))
    var english: String?

    /// The new FIFA code.
    @Option(help: ArgumentHelp("The new FIFA code, three letters.", valueName: "code"))
    var code: String?

    func validate() throws {
        if name == nil, english == nil, code == nil { throw ValidationError("Give --name, --english or --code") }
    }

    func run(in session: Session) throws {
        let renamed = try session.tournament.structure.renameTeam(team, name: name, englishName: english, code: code)
        session.report("renamed", renamed.label)
    }
}

extension TeamRename: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.team = $1 },
            .option("name") { $0.name = $1 },
            .option("english") { $0.english = $1 },
            .option("code") { $0.code = $1 },
        ])
    }
}
