import ArgumentParser

/// `em schedule [show]`: the schedule grouped by day, with local kick-off times.
struct ScheduleShow: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the schedule by day, with local kick-off times, venues and results.",
        discussion: """
            Each match shows its id (for 'em result'), the kick-off in the venue's local time \
            with the zone, the teams, the result once recorded, the round and the venue. Days \
            are the venue's local days. Lines fit in 100 columns: long venue names are \
            shortened (CSV and JSON have them in full).

            Examples:
              em schedule
              em schedule --team GER
              em schedule --group A --on 2012-06-08
              em schedule --format csv
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions

    /// Only the matches of this team.
    @Option(help: ArgumentHelp("Only the matches of this team.", valueName: "team"))
    var team: String?

    /// Only the matches of this group.
    @Option(help: ArgumentHelp("Only the matches of this group.", valueName: "group"))
    var group: String?

    /// Only the matches on this local day.
    @Option(help: ArgumentHelp("Only the matches on this day (local at the venue).", valueName: "yyyy-mm-dd"))
    var on: String?

    func run(in session: Session) throws {
        let tournament = session.tournament
        let matches = try tournament.matches(team: team, group: group, on: on)
        let waiting = try tournament.waitingMatches()
        switch output.format {
        case .table: Terminal.write(ScheduleText(matches, in: tournament, waiting: waiting).text)
        case .json, .csv:
            Terminal.write(Listing.matches(matches, in: tournament, waiting: waiting).rendered(as: output.format))
        }
    }
}
