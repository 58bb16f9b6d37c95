import ArgumentParser
import EMPlanner

/// `em scenarios`: what can still happen in the groups.
struct Scenarios: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "Show what can still happen in a group: positions, qualification, final orders.",
        discussion: """
            For each group, over every scoreline of its matches left: each team's reachable \
            final positions and whether it reaches the knockout stage (certain, possible, \
            impossible); in 24-team formats, the race for the best thirds across the groups: \
            for each team that can still finish third, whether a third place takes it \
            through, the ranks among the thirds it can reach, its best and worst record as a \
            third, and the group winners it could meet in the round of 16; each possible final \
            order with the home/draw/away results that give it ("some scores" where the goals \
            decide between several orders); and flags: a match where a draw takes both teams \
            through, a team with nothing at stake. Teams that only disciplinary points, a \
            ranking, a shoot-out or lots could separate are shown level (A = B) and count as \
            each place they could take. Nothing is recorded.

            JSON is an array with one object per group: "group"; "remaining", the open \
            matches as {"match": id, "home", "away"}; "teams", one {"team", "positions": \
            [reachable positions], "qualification": "certain"|"possible"|"impossible"} per \
            team; "outcomes", one object per home/draw/away combination of the open \
            matches, with "results" ({"35": "home"|"draw"|"away"} by match id), "teams" \
            ({"team", "positions", "qualification"} under those results) and "orders" (every \
            final order they can give, each a list of tiers, a tier a list of teams level); \
            "flags", each {"flag": "drawTakesBothThrough"|"nothingAtStake", "match": id, \
            "team": code or null}; "thirdPlaces" (24-team formats, while groups are \
            playing), each {"team", "qualification", "ranks": [best, worst], "best" and \
            "worst" ({"points", "goalDifference", "goalsScored", "wins"} as the edition ranks \
            thirds, null for a value without bound and those after it), "opponents": ["1B", \
            …]}. Every scoreline counts, however many goals, and a group \
            may have any number of matches left: after matchday 1 each group takes a \
            fraction of a second, before any match a few seconds.

            Examples:
              em init --tournament 2024 --with-results --store euro2024.sqlite
              em result 25 --clear --store euro2024.sqlite
              em result 26 --clear --store euro2024.sqlite
              em scenarios A --store euro2024.sqlite
              em scenarios A --format json --store euro2024.sqlite
            """)

    /// How `em scenarios` prints.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// Text, for people.
        case table
        /// A JSON array of the groups, for scripts.
        case json
    }

    @OptionGroup var store: StoreOptions

    /// One group only.
    @Argument(help: "The group (all groups if left out).")
    var group: String?

    /// How to print.
    @Option(help: "How to print the scenarios.")
    var format: Format = .table

    func run(in session: Session) throws {
        let report = ScenariosReport(groups: try session.tournament.reports.scenarios(group: group))
        switch format {
        case .table: Terminal.write(report.text(width: Terminal.width))
        case .json: Terminal.write(report.json())
        }
    }
}
