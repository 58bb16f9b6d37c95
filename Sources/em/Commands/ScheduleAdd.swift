import ArgumentParser
import EMPlanner

/// `em schedule add`: schedules a match.
struct ScheduleAdd: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Schedule a match.",
        discussion: """
            --at is the kick-off in ISO 8601 with its offset; --time-zone the venue's IANA zone, \
            in which the schedule shows it (default: the fixed offset of --at). A group match \
            needs --group, a knockout match --round (\(Round.knockout.joined(separator: ", ")), \
            in any case). \
            Refused: a team playing itself, a team playing twice on one day, a venue hosting \
            two kick-offs less than three hours apart. Prints the new match's id.

            Examples:
              em schedule add --home GER --away POR --group B \\
                --at 2012-06-20T21:45+03:00 --time-zone Europe/Kyiv \\
                --venue 'Arena Lviv' --city Lviv
              em schedule remove 31
              em schedule add --home ESP --away ITA --round final \\
                --at 2012-07-01T20:45+02:00 --venue Olympiastadion --city Berlin
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The home team.
    @Option(help: ArgumentHelp("The home team.", valueName: "team"))
    var home: String

    /// The away team.
    @Option(help: ArgumentHelp("The away team.", valueName: "team"))
    var away: String

    /// The kick-off.
    @Option(help: ArgumentHelp("The kick-off, ISO 8601 with offset.", valueName: "yyyy-mm-ddThh:mm+hh:mm"))
    var at: String

    /// The stadium.
    @Option(help: ArgumentHelp("The stadium.", valueName: "venue"))
    var venue: String

    /// The city.
    @Option(help: ArgumentHelp("The city.", valueName: "city"))
    var city: String

    /// The venue's time zone.
    @Option(help: ArgumentHelp("The venue's IANA time zone, e.g. Europe/Warsaw.", valueName: "zone"))
    var timeZone: String?

    /// The group of a group match.
    @Option(help: ArgumentHelp("The group of a group match.", valueName: "group"))
    var group: String?

    /// The knockout round.
    @Option(
        help: ArgumentHelp(
            "The knockout round: \(Round.knockout.dropLast().joined(separator: ", ")) or \(Round.knockout.last!).",
            valueName: "round"))
    var round: String?

    func validate() throws {
        if group != nil, round != nil {
            throw ValidationError("Give --group for a group match or --round for a knockout match, not both")
        }
        if group == nil, round == nil { throw ValidationError("Missing --group (group match) or --round (knockout match)") }
    }

    func run(in session: Session) throws {
        let match = try session.tournament.fixtures.scheduleMatch(
            home: home, away: away, kickoff: at, timeZone: timeZone, venue: venue, city: city,
            group: group, round: round ?? "group")
        session.report("scheduled", match.label)
    }
}

extension ScheduleAdd: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .option("home") { $0.home = $1 },
            .option("away") { $0.away = $1 },
            .option("at") { $0.at = $1 },
            .option("venue") { $0.venue = $1 },
            .option("city") { $0.city = $1 },
            .option("time-zone") { $0.timeZone = $1 },
            .option("group") { $0.group = $1 },
            .option("round") { $0.round = $1 },
        ])
    }
}
