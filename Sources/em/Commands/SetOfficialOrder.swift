import ArgumentParser

/// `em official-order`: records a group's final order as published, for the ties the recorded
/// data cannot decide.
struct SetOfficialOrder: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "official-order",
        abstract: "Record a group's final order as published.",
        discussion: """
            TEAMS are the group's teams, first to last, by code or name. The order decides \
            only ties the results and the cards recorded cannot (no cards recorded, no \
            ranking given, drawing of lots); 'em standings --explain' says where it did. \
            The knockout teams fill themselves in; every team that moves is printed on a \
            line of its own.

            Examples:
              em official-order C ESP ITA CRO IRL
              em official-order C --clear
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The group.
    @Argument(help: ArgumentHelp("The group's name.", valueName: "group"))
    var group: String

    /// The teams, first to last.
    @Argument(help: ArgumentHelp("The teams, first to last.", valueName: "teams"))
    var teams: [String] = []

    /// Forget the order.
    @Flag(help: "Forget the group's official order.")
    var clear = false

    func validate() throws {
        if clear, !teams.isEmpty { throw ValidationError("--clear takes no teams") }
        if !clear, teams.isEmpty { throw ValidationError("Missing expected argument '<teams> ...' (or --clear)") }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        let update = try tournament.results.setOfficialOrder(group: group, teams: clear ? nil : teams)
        let group = try tournament.lookup.groupSummary(group)
        if clear {
            session.report("cleared the official order of", group.label)
        } else {
            session.report("set the official order \(group.officialOrder ?? "") of", group.label)
        }
        session.report(update)
    }
}

extension SetOfficialOrder: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.group = $1 },
            .arguments { $0.teams = $1 },
            .flag("clear") { $0.clear = $1 },
        ])
    }
}
