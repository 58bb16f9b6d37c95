import ArgumentParser
import EMPlanner

/// `em needs`: what a team needs from its group's last matches.
struct Needs: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "needs",
        abstract: "Show what a team needs from its group's last matches.",
        discussion: """
            For a team whose group has at most two matches left (the last matchday), in \
            sentences: what it needs from its own match and the group's other match to finish \
            first, second, in the top two, third, among the best thirds (24-team formats: \
            third, then the other groups decide) and to go through; and what is already \
            certain (through as group winner; through, first or second; out). Conditions are \
            on results, margins and goals, simplest first ("win by 2 or more; or win scoring 3 \
            or more"), and proven exact for every scoreline, however many goals; where the \
            proof fails, a line says up to how many goals a side they are exact. Matches are \
            named by team codes. Where the \
            results leave the team level on every result-based criterion, a condition ends \
            with what decides (disciplinary points, the ranking, a penalty shoot-out, a \
            drawing of lots). A group with more matches to play is refused: em needs answers \
            from the last matchday on. Nothing is recorded.

            JSON is one object: "team", "group", "summary" (what is certain, or null), \
            "remaining" (the open matches as {"match": id, "home", "away"}, the team's own \
            first) and "targets", one {"target": "first"|"second"|"topTwo"|"third"|\
            "bestThird"|"through", "status": "certain"|"possible"|"impossible", \
            "conditions"} each; "bestThird" only in formats where best thirds go through. \
            While the status is possible, the conditions together hold for exactly the \
            scorelines that reach the target or leave it to a decider; each is \
            {"sentence", "results", "comparisons", "decidedBy"}: "results" lists what each \
            match it restricts must give, {"match": id, "team", "opponent", "outcomes": \
            ["win"|"draw"|"loss", …] for "team", "minimumMargin", "maximumMargin", \
            "minimumGoals", "maximumGoals"} (goals scored by "team"; a bound is null when \
            there is none); "comparisons" bound a quantity of the two results, \
            {"quantity", "minimumDifference", "maximumDifference"}: "margin" or "goals" of the \
            first result's "team" less the second's, "goalsAgainstOpponent" the first's goals \
            less those of the second's "opponent", "marginSum" or "goalsSum" the two added; \
            "decidedBy" is null when the results decide, else \
            "disciplinaryPoints", "ranking", "shootOut", "drawingOfLots", "noCriterion" or \
            "otherGroups". "goalLimit" is null where the conditions are proven for every \
            scoreline, else the most goals a side up to which they are exact. \
            "thirdPlace" (24-team formats while groups are playing; null if \
            the team cannot finish third) is the race for the best thirds over every \
            scoreline of every group: {"qualification", "ranks": [best, worst] among the \
            thirds, "opponents": ["1B", …] the group winners a third place could meet, \
            "sureAbove" and "outBelow" the records ({"points", "goalDifference", \
            "goalsScored", "wins"}, null from a value without bound on) a third must pass \
            to be sure of going through and falls below to be out, whatever the other \
            groups do, or null, and "cases": where a third place may or may not take the \
            team through, how the other groups' thirds stand against it, {"when": the \
            outcome combinations of the team's open matches the case holds for, each \
            {"35": "home"|"draw"|"away", …} ([{}] once its group is complete), \
            "neededBehind": how many of them must finish behind, "rivals": [{"group", \
            "standing", "outcomes": [{"results": {"37": "home", …}, "standing"}, …]}, …]}, \
            a standing being "behind", "ahead" or "undecided" (the goals decide, or what \
            breaks a tie)}; the text ends with it ("As a third: possible, rank 2-5 of the \
            thirds: sure if better than 4 pts, GD 0, out if worse than 3 pts; …", then \
            "Through as a third if at least 2 of the other 5 thirds finish behind:" and a \
            line per group: "F  behind if GEO do not win; ahead otherwise").

            Examples:
              em init --tournament 2024 --with-results --store euro2024.sqlite
              em result 25 --clear --store euro2024.sqlite
              em result 26 --clear --store euro2024.sqlite
              em needs GER --store euro2024.sqlite
              em needs Schweiz --format json --store euro2024.sqlite
            """)

    /// How `em needs` prints.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// Text, for people.
        case table
        /// A JSON object, for scripts.
        case json
    }

    @OptionGroup var store: StoreOptions

    /// The team.
    @Argument(help: "The team: code, name or alias.")
    var team: String

    /// How to print.
    @Option(help: "How to print the needs.")
    var format: Format = .table

    func run(in session: Session) throws {
        let report = NeedsReport(entry: try session.tournament.reports.needs(team: team))
        switch format {
        case .table: Terminal.write(report.text(width: Terminal.width))
        case .json: Terminal.write(report.json())
        }
    }
}
