import ArgumentParser

/// `em result MATCH SCORE`: records, corrects or clears a match's result.
struct RecordResult: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "result",
        abstract: "Record, correct or clear a match's result.",
        discussion: """
            MATCH is the id the schedule shows, or the pairing HOME-AWAY (home team first), \
            e.g. GER-POR; if the same teams meet twice, give the id. SCORE (HOME:AWAY or \
            HOME-AWAY) counts the goals after extra time, without the shoot-out. Extra time and penalties belong to \
            knockout rounds; a shoot-out follows a draw after extra time. A knockout match \
            takes a result once its teams are known. Clearing a result deletes the match's \
            goals and cards, which need it. The knockout teams fill themselves in from the results; \
            every team that moves is printed on a line of its own. A knockout result whose \
            teams are no longer known waits, with its goals and cards (shown as waiting, not \
            counted), and counts again once the same teams are back; when other teams take \
            its place, it is cleared with its goals and cards, and em says so and how to \
            have it back.

            Examples:
              em result 1 1:1
              em result GER-POR 1:0
              em init --with-results --store euro2012.sqlite
              em result POR-ESP 0:0 --aet --pens 4:2 --store euro2012.sqlite
              em result 1 --clear
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The match: its id or `HOME-AWAY`.
    @Argument(help: ArgumentHelp("The match: its id, or HOME-AWAY.", valueName: "match"))
    var match: String

    /// The goals.
    @Argument(help: ArgumentHelp("The goals, home first, e.g. 2:1.", valueName: "score"), transform: ScoreArgument.parse)
    var score: ScoreArgument?

    /// Whether the match went to extra time.
    @Flag(name: .customLong("aet"), help: "The match went to extra time.")
    var afterExtraTime = false

    /// The penalty shoot-out.
    @Option(
        name: .customLong("pens"), parsing: .unconditional,
        help: ArgumentHelp("The penalty shoot-out, home first, e.g. 4:2.", valueName: "score"), transform: ScoreArgument.parse)
    var penalties: ScoreArgument?

    /// Whether to forget the result.
    @Flag(help: "Forget the result: the match is unplayed again.")
    var clear = false

    func validate() throws {
        if clear, score != nil || afterExtraTime || penalties != nil {
            throw ValidationError("--clear takes no score, --aet or --pens")
        }
        if !clear, score == nil {
            throw ValidationError("Missing expected argument '<score>': \(ScoreArgument.accepted) (or --clear)")
        }
    }

    func run(in session: Session) throws {
        let tournament = session.tournament
        guard let score else {
            let cleared = try tournament.results.clearResult(match: match)
            let events = [Count(cleared.removedGoals, "goal"), Count(cleared.removedCards, "card")].filter { $0.number > 0 }
            let removed = events.isEmpty ? "" : " and removed \(events.map(\.description).joined(separator: " and "))"
            let was = cleared.previousResult.map { " (was \($0))" } ?? ""
            Terminal.print("cleared the result of \(cleared.matchLabel)\(was)\(removed)")
            session.report(cleared.bracket)
            return
        }
        let recorded = try tournament.results.recordResult(
            match: match, home: score.home, away: score.away, afterExtraTime: afterExtraTime,
            penalties: penalties.map { ($0.home, $0.away) })
        let was = recorded.previousResult.map { " (was \($0))" } ?? ""
        Terminal.print("recorded \(recorded.result ?? "") for \(recorded.matchLabel)\(was)")
        session.report(recorded.bracket)
    }
}

extension RecordResult: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .argument { $0.match = $1 },
            .argument { $0.score = $1 },
            .flag("aet") { $0.afterExtraTime = $1 },
            .option("pens") { $0.penalties = $1 },
            .flag("clear") { $0.clear = $1 },
        ])
    }
}
