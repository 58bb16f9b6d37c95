import ArgumentParser
import EMPlanner
import Foundation

/// `em schedule [show]`: the schedule grouped by day, with kick-off times, or as an iCalendar
/// file.
struct ScheduleShow: WatchableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the schedule by day, with kick-off times, venues and results.",
        discussion: """
            Each match shows its id (for 'em result'), the kick-off with its zone, the teams, \
            the result once recorded, the round and the venue. Kick-offs and days are the \
            venue's local ones, unless --tz (or $TZ) names the zone to show them in. Lines \
            fit in 100 columns, or the terminal's width: long venue names are shortened, then \
            venues and rounds left out, then names cut with '…' (CSV and JSON have them in \
            full).

            --format ics writes an iCalendar file (RFC 5545) that calendar programs import: \
            one event per match, from kick-off (in UTC) for 2 hours, a knockout match 2 hours \
            45 minutes unless it ended in 90 minutes; the teams, or the slots until they are \
            known ('Winner Group A – Runner-up Group C'), the result once played, and the \
            venue. Each event keeps its UID from one file to the next, so importing a newer \
            file updates the events.

            --watch keeps the schedule on screen and draws it again whenever any process \
            saves a change to the store (a result, a kick-off moved), until Ctrl-C.

            Examples:
              em schedule
              em schedule --team GER
              em schedule --group A --on 2012-06-08
              em schedule --tz America/New_York --on 2012-06-08
              em schedule --format csv
              em schedule --format ics --team GER > germany.ics
              em schedule --group A --watch    # until Ctrl-C
            """)

    /// How `em schedule` prints.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// Lines by day, for people.
        case table
        /// A pretty-printed JSON array of the matches, for scripts.
        case json
        /// RFC 4180 comma-separated values with a header row.
        case csv
        /// An iCalendar file (RFC 5545), for calendar programs.
        case ics
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var zone: KickoffZoneOptions

    /// How to print.
    @Option(help: "How to print the schedule.")
    var format: Format = .table

    /// Only the matches of this team.
    @Option(help: ArgumentHelp("Only the matches of this team.", valueName: "team"))
    var team: String?

    /// Only the matches of this group.
    @Option(help: ArgumentHelp("Only the matches of this group.", valueName: "group"))
    var group: String?

    /// Only the matches on this day.
    @Option(help: ArgumentHelp("Only the matches on this day (in the zone kick-offs are shown in).", valueName: "yyyy-mm-dd"))
    var on: String?

    @OptionGroup var watching: WatchOptions

    var printsForPeople: Bool { format == .table }

    func validate() throws {
        if watching.watch, format == .ics { throw ValidationError("--watch redraws a schedule; --format ics writes a file once") }
    }

    func run(in session: Session) throws {
        try watching.refuseHere()
        let tournament = session.tournament
        let zone = try zone.zone()
        let matches = try tournament.lookup.matchSummaries(team: team, group: group, on: on, in: zone)
        let waiting = { try tournament.knockout.waitingMatchIDs() }
        switch format {
        case .table: Terminal.write(ScheduleText(matches, waiting: try waiting()).text)
        case .json: Terminal.write(Listing.matches(matches, waiting: try waiting()).rendered(as: .json))
        case .csv: Terminal.write(Listing.matches(matches, waiting: try waiting()).rendered(as: .csv))
        case .ics: Terminal.write(ScheduleCalendar(matches: matches, title: try tournament.title, stamp: Date()).text)
        }
    }
}
