import ArgumentParser

/// `em show match MATCH`: a match with its result, goals and cards.
struct ShowMatch: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Show a match: kick-off, venue, result, goals and cards.",
        discussion: """
            The kick-off is in the venue's local time, or in the zone --tz (or $TZ) names. \
            Goals and cards are listed by minute. --format csv prints the events alone; \
            --format json the match with its events.

            Examples:
              em show match 1
              em show match POL-GRE --format json
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup var zone: KickoffZoneOptions

    /// The match: its id or `HOME-AWAY`.
    @Argument(help: ArgumentHelp("The match: its id, or HOME-AWAY.", valueName: "match"))
    var match: String

    func run(in session: Session) throws {
        let sheet = try session.tournament.reports.matchSheet(match, zone: try zone.zone())
        Terminal.write(MatchReport(match: sheet).rendered(as: output.format))
    }
}
