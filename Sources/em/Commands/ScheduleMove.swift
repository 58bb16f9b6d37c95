import ArgumentParser

/// `em schedule move`: moves a match to another day, time or venue.
struct ScheduleMove: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a match to another day, kick-off time or venue.",
        discussion: """
            MATCH is the id the schedule shows, or the pairing HOME-AWAY (home team first). \
            --on and --at are the day and time at the venue; without --at the kick-off keeps \
            its time of day. A move to another city may need the venue's --time-zone. The \
            rules of 'em schedule add' apply, the match itself aside: no team playing twice \
            on one day, no venue hosting two kick-offs less than three hours apart. The \
            match keeps its id, result, goals and cards.

            Examples:
              em schedule move 1 --on 2012-06-09
              em schedule move GER-POR --on 2012-06-10 --at 18:00
              em schedule move 2 --on 2012-06-08 --at 21:45 \\
                --venue 'Arena Lviv' --city Lviv --time-zone Europe/Kyiv
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The match: its id or `HOME-AWAY`.
    @Argument(help: ArgumentHelp("The match: its id, or HOME-AWAY.", valueName: "match"))
    var match: String

    /// The new day.
    @Option(help: ArgumentHelp("The day at the venue.", valueName: "yyyy-mm-dd"))
    var on: String

    /// The new kick-off time.
    @Option(help: ArgumentHelp("The kick-off at the venue, 24-hour (default: as before).", valueName: "hh:mm"))
    var at: String?

    /// The new stadium.
    @Option(help: ArgumentHelp("The stadium (default: as before).", valueName: "venue"))
    var venue: String?

    /// The new city.
    @Option(help: ArgumentHelp("The city (default: as before).", valueName: "city"))
    var city: String?

    /// The new venue's time zone.
    @Option(help: ArgumentHelp("The venue's IANA time zone (default: as before).", valueName: "zone"))
    var timeZone: String?

    func run(in session: Session) throws {
        let tournament = session.tournament
        let moved = try tournament.fixtures.moveMatch(match, on: on, at: at, venue: venue, city: city, timeZone: timeZone)
        Terminal.print(
            "moved \(moved.label) to \(moved.localDay) \(moved.time) (\(moved.offset)) "
                + "at \(moved.venue ?? ""), \(moved.city ?? "")")
    }
}

extension ScheduleMove: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.match = $1 },
            .option("on") { $0.on = $1 },
            .option("at") { $0.at = $1 },
            .option("venue") { $0.venue = $1 },
            .option("city") { $0.city = $1 },
            .option("time-zone") { $0.timeZone = $1 },
        ])
    }
}
