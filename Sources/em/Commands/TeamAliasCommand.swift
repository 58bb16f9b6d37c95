import ArgumentParser

/// `em team alias`: gives a team other names, or takes them away.
struct TeamAliasCommand: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "alias",
        abstract: "Give a team other names it is known by, or remove them.",
        discussion: """
            TEAM is a German name, English name, FIFA code or alias. An alias names the team \
            wherever em asks for a team, as its names and code do, ignoring case and \
            diacritics; it may not name another team. 'em show team' lists a team's aliases.

            Examples:
              em team alias NED Holland Oranje
              em team alias CZE Czechia --dry-run
              em team alias oranje Nederland
              em team alias NED --remove Oranje
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The team.
    @Argument(help: ArgumentHelp("The team: German name, English name, FIFA code or alias.", valueName: "team"))
    var team: String

    /// The aliases to add or remove.
    @Argument(help: ArgumentHelp("The aliases to add (or remove).", valueName: "alias"))
    var aliases: [String] = []

    /// Whether to remove the aliases instead.
    @Flag(help: "Remove these aliases instead of adding them.")
    var remove = false

    func validate() throws {
        if aliases.isEmpty { throw ValidationError("Give at least one alias") }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        if remove {
            for alias in try tournament.structure.removeAliases(aliases, from: team) { session.report("removed", alias.label) }
        } else {
            for alias in try tournament.structure.addAliases(aliases, to: team) { session.report("added", alias.label) }
        }
    }
}

extension TeamAliasCommand: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.team = $1 },
            .arguments { $0.aliases = $1 },
            .flag("remove") { $0.remove = $1 },
        ])
    }
}
