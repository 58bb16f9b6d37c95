import ArgumentParser
import EMPlanner

/// `em bracket`: the knockout stage as a tree, from the results so far.
struct KnockoutBracket: StoreCommand {
    static let configuration = CommandConfiguration(
        commandName: "bracket",
        abstract: "Show the knockout stage as a tree.",
        discussion: """
            Each knockout match with its number, its teams (or the slot they come from, such \
            as 1A, 3A/C/D or W25, until the results decide them) and its score, with a.e.t. \
            and pens; rounds from left to right, 100 columns at most, or narrower to fit the \
            terminal. The teams fill \
            themselves in as results are recorded (em result). --ascii draws the tree without \
            box-drawing characters. JSON lists every knockout match with its number, round, \
            slots, teams (null until known), score and winner.

            Examples:
              em bracket
              em bracket --ascii
              em bracket --format json
            """)

    /// How `em bracket` prints.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// The tree, for people.
        case table
        /// A JSON array of the knockout matches, for scripts.
        case json
    }

    @OptionGroup var store: StoreOptions

    /// How to print.
    @Option(help: "How to print the bracket.")
    var format: Format = .table

    /// Plain ASCII instead of box-drawing characters.
    @Flag(help: "Draw the tree in plain ASCII.")
    var ascii = false

    func validate() throws {
        if ascii, format == .json { throw ValidationError("--ascii applies to --format table only") }
    }

    func run(in session: Session) throws {
        let report = BracketReport(
            matches: try session.tournament.knockout.bracketMatches(), waiting: try session.tournament.knockout.waitingMatches())
        switch format {
        case .table: Terminal.write(report.tree(ascii: ascii))
        case .json: Terminal.write(report.json())
        }
    }
}
