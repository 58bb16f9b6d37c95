import ArgumentParser
import EMPlanner

/// `em goal MATCH TEAM NUMBER MINUTE`: records or removes a goal.
struct RecordGoal: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Record or remove a goal of a match.",
        discussion: """
            MATCH is the id the schedule shows, or HOME-AWAY. TEAM and NUMBER name the scorer \
            from his team's squad; an own goal (--own-goal) is credited to the opponent. MINUTE \
            is 1 to 130 (stoppage and extra time count on: 90+3 is 93). Record the result \
            first: a team's goals never exceed its score, and 'em result' refuses a score below \
            the goals recorded. Shoot-out penalties are not goals.

            Examples:
              em result POL-GRE 1:1
              em goal POL-GRE POL 9 17
              em goal POL-GRE GRE 9 51 --penalty
              em goal POL-GRE POL 9 17 --remove
              em goal POL-GRE GRE 5 17 --own-goal
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The match: its id or `HOME-AWAY`.
    @Argument(help: ArgumentHelp("The match: its id, or HOME-AWAY.", valueName: "match"))
    var match: String

    /// The scorer's team.
    @Argument(help: ArgumentHelp("The scorer's team: German name, English name or FIFA code.", valueName: "team"))
    var team: String

    /// The scorer's shirt number.
    @Argument(help: ArgumentHelp("The scorer's shirt number.", valueName: "number"))
    var number: Int

    /// The minute.
    @Argument(help: ArgumentHelp("The minute, 1 to 130.", valueName: "minute"))
    var minute: Int

    /// Whether it was a penalty kick.
    @Flag(help: "The goal was a penalty kick.")
    var penalty = false

    /// Whether the scorer hit his own net.
    @Flag(help: "An own goal: credited to the opponent.")
    var ownGoal = false

    /// Whether to remove the goal instead.
    @Flag(help: "Remove this goal (the scorer's and minute) instead.")
    var remove = false

    func validate() throws {
        if remove, penalty || ownGoal { throw ValidationError("--remove takes no --penalty or --own-goal") }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        if remove {
            let removed = try tournament.results.removeGoal(match: match, team: team, number: number, minute: minute)
            session.report("removed", removed.label)
        } else {
            let goal = try tournament.results.recordGoal(
                match: match, team: team, number: number, minute: minute, penalty: penalty, ownGoal: ownGoal)
            session.report("recorded", goal.label)
        }
    }
}

extension RecordGoal: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.match = $1 },
            .argument { $0.team = $1 },
            .argument { $0.number = $1 },
            .argument { $0.minute = $1 },
            .flag("penalty") { $0.penalty = $1 },
            .flag("own-goal") { $0.ownGoal = $1 },
            .flag("remove") { $0.remove = $1 },
        ])
    }
}
