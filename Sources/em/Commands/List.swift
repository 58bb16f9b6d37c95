import ArgumentParser
import EMPlanner

/// `em list KIND`: the groups, teams, players, coaches or matches, filtered and sorted.
struct List: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List groups, teams, players, coaches or matches.",
        discussion: """
            --where takes an ObjectGraph predicate on the listed entity (e.g. number, position, \
            club, born, team.code, group.name, kickoff, venue); --sort takes a key path, '-' in \
            front for descending, and may be repeated. Matches show their kick-off in the \
            venue's local time, or in the zone --tz (or $TZ) names. In a terminal, a table \
            fits its width: long clubs, venues and names are shortened with '…', and columns \
            such as venues, clubs and dates of birth left out, the least needed first (CSV \
            and JSON keep every column whole).

            Examples:
              em list teams --group A
              em list players --team GER --where 'position == "DF"' --sort -number
              em list players --where 'club CONTAINS[c] "bayern"' --format csv
              em list matches --team ESP --format json
            """)

    /// What to list.
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        case groups, teams, players, coaches, matches

        /// What a table says when nothing is listed.
        var emptyMessage: String {
            switch self {
            case .groups: "no groups match"
            case .teams: "no teams match"
            case .players: "no players match"
            case .coaches: "no coaches match"
            case .matches: "no matches found"
            }
        }
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup var zone: KickoffZoneOptions

    /// What to list.
    @Argument(help: "What to list.")
    var kind: Kind

    /// Only what belongs to this group.
    @Option(help: ArgumentHelp("Only what belongs to this group.", valueName: "group"))
    var group: String?

    /// Only what belongs to this team.
    @Option(help: ArgumentHelp("Only what belongs to this team (players, coaches, matches).", valueName: "team"))
    var team: String?

    /// A predicate the listed objects must match.
    @Option(
        name: .customLong("where"),
        help: ArgumentHelp("Only objects matching this predicate (blank: all).", valueName: "predicate"))
    var condition: String?

    /// Sort keys, most significant first.
    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Sort by this key path ('-' in front: descending); repeatable.", valueName: "keypath"))
    var sort: [String] = []

    /// The most rows to print.
    @Option(help: ArgumentHelp("Print at most this many.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit)") }
        if team != nil, [.groups, .teams].contains(kind) { throw ValidationError("--team does not apply to \(kind)") }
        if group != nil, kind == .groups { throw ValidationError("--group does not apply to groups") }
        if zone.name != nil, kind != .matches { throw ValidationError("--tz applies to matches only") }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        var listing: Listing =
            switch kind {
            case .groups: .groups(try tournament.lookup.groupSummaries(where: condition, sort: sort, limit: limit))
            case .teams:
                .teams(try tournament.lookup.teamSummaries(group: group, where: condition, sort: sort, limit: limit))
            case .players:
                .players(
                    try tournament.lookup.playerSummaries(team: team, group: group, where: condition, sort: sort, limit: limit))
            case .coaches:
                .coaches(
                    try tournament.lookup.coachSummaries(team: team, group: group, where: condition, sort: sort, limit: limit))
            case .matches:
                .matches(
                    try tournament.lookup.matchSummaries(
                        team: team, group: group, in: try zone.zone(), where: condition, sort: sort, limit: limit),
                    waiting: try tournament.knockout.waitingMatchIDs())
            }
        listing.emptyMessage = kind.emptyMessage
        Terminal.write(listing.rendered(as: output.format))
    }
}

extension List: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.output = $1 },
            .group { $0.zone = $1 },
            .argument { $0.kind = $1 },
            .option("group") { $0.group = $1 },
            .option("team") { $0.team = $1 },
            .option("where") { $0.condition = $1 },
            .option("sort") { $0.sort = $1 },
            .option("limit") { $0.limit = $1 },
        ])
    }
}
