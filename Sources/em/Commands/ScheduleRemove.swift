import ArgumentParser

/// `em schedule remove`: removes a match from the schedule.
struct ScheduleRemove: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a match from the schedule.",
        discussion: """
            MATCH is the id the schedule shows, or the pairing HOME-AWAY (home team first). \
            No other match changes its id, and a match scheduled later gets a new one. A \
            match with a result, goals or cards is refused unless --force is given, which \
            removes them with it (the group tables and the bracket follow). A match whose \
            winner or loser a knockout slot names (W25, L25) is always refused: the bracket \
            needs it.

            Examples:
              em schedule remove 31
              em schedule remove GER-POR --dry-run
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The match: its id or `HOME-AWAY`.
    @Argument(help: ArgumentHelp("The match: its id, or HOME-AWAY.", valueName: "match"))
    var match: String

    /// Whether to remove a match with a result, goals or cards.
    @Flag(help: "Remove a match with a result, goals or cards too, and them with it.")
    var force = false

    func run(in session: Session) throws {
        let tournament = session.tournament
        let label = try tournament.lookup.matchSummary(match).label
        let bracket = try tournament.fixtures.removeMatch(match, force: force)
        Terminal.print("removed \(label)")
        session.report(bracket)
    }
}

extension ScheduleRemove: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.match = $1 },
            .flag("force") { $0.force = $1 },
        ])
    }
}
