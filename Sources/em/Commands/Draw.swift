import ArgumentParser
import EMPlanner

/// `em draw`: gives the slots of a tournament imported before its draw their teams.
struct Draw: EditCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Draw teams into a tournament's slots (A1 … F4).",
        discussion: """
            A tournament imported before its draw (EURO 2028's file) holds a stand-in team \
            for each slot, A1 to F4, and its schedule, standings and bracket name the slots. \
            Each SLOT=TEAM gives a slot its team, once: TEAM is a FIFA code or a name of a \
            UEFA national team, in German, English or its own language. The team takes the \
            slot's place in its group and its matches. Slots may be drawn over several runs; \
            --from reads one SLOT=TEAM a line (# starts a comment). Nothing changes unless \
            every assignment can be made.

            Examples:
              em import euro2028.txt --store euro2028.sqlite
              em draw A1=ENG A2=Schottland --store euro2028.sqlite
              em draw "F1=Republic of Ireland" --dry-run --store euro2028.sqlite
              em draw --from draw.txt --store euro2028.sqlite
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var edit: EditOptions

    /// The assignments given as arguments.
    @Argument(help: ArgumentHelp("A slot and its team, such as A1=ENG.", valueName: "slot=team"))
    var assignments: [String] = []

    /// A file of assignments.
    @Option(help: ArgumentHelp("Read the assignments from a file, one SLOT=TEAM a line.", valueName: "file"))
    var from: String?

    func validate() throws {
        if assignments.isEmpty, from == nil { throw ValidationError("Give at least one SLOT=TEAM, or --from FILE") }
    }

    func run(in session: Session) throws {
        var drawn = try assignments.map(DrawAssignment.init(parsing:))
        if let from {
            drawn += try DrawAssignment.assignments(in: try InputFile(path: from).text(), file: from)
        }
        for team in try session.tournament.structure.draw(drawn) {
            Terminal.print("drew \(team.drawSlot ?? ""): \(team.label)")
        }
    }
}

extension Draw: ScriptParsable {
    static var scriptSyntax: ScriptSyntax<Self> {
        ScriptSyntax([
            .group { $0.store = $1 },
            .group { $0.edit = $1 },
            .arguments { $0.assignments = $1 },
            .option("from") { $0.from = $1 },
        ])
    }
}
