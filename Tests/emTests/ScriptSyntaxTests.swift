import ArgumentParser
import Foundation
import Testing

@testable import em

/// The script fast path (`ScriptSyntax`) against swift-argument-parser: a line it takes makes
/// the very command the parser makes, and it takes nothing the parser would refuse.
@Suite("Script lines without swift-argument-parser")
struct ScriptSyntaxTests {
    /// Lines that use every option, flag and argument of every fast-path command.
    static let acceptedLines = [
        "add-player --team GER --given Mario --name Götze --number 19 --position MF --club 'FC Bayern' --born 1992-06-03",
        "add-player --position DF --number=3 --name Pepe --team=POR --dry-run",
        "add-team --name Österreich --english Austria --code AUT --group A --store other.sqlite",
        "add-team --code SCO --name Schottland",
        "update-player --team GER --number 19 --given '' --name Götze --new-number 20 --position FW --club '' --born '' --move-to POR",
        "update-player --number 19 --team GER --position DF",
        "remove-player --team GER --number 1 --dry-run",
        "set-coach --team GER --given Hansi --name Flick",
        "set-coach --name Santos --team POR",
        "schedule add --home GER --away POR --at 2012-06-09T20:45+02:00 --venue 'Arena Lwiw' --city Lwiw --time-zone Europe/Kiev --group B",
        "schedule add --home W25 --away W26 --at 2012-07-01T20:45+02:00 --venue Olimpijskyj --city Kiew --round final",
        "result GER-POR 1:0",
        "result 25 2:2 --aet --pens 4:2 --dry-run",
        "result 7 --clear",
        "result 7 --clear --format json --dry-run",
        "goal POL-GRE POL 9 17",
        "goal 1 GRE 15 51 --penalty --own-goal",
        "goal 1 GRE 15 51 --remove",
        "card POL-GRE GRE 15 second-yellow 44",
        "card 9 CZE --official 'Michal Bílek' yellow --remove",
        "card 9 CZE 3 yellow",
        "official-order C ENG DEN SVN SRB",
        "official-order C --clear",
        "list teams",
        "list players --team GER --where 'number == 10' --sort name --limit 3 --format csv --group B",
        "list matches --format=json --store other.sqlite",
        "schedule move 5 --on 2012-06-10 --at 18:00 --venue 'Arena Lviv' --city Lviv --time-zone Europe/Kyiv --dry-run",
        "schedule move GER-POR --on 2012-06-10",
        "schedule remove 5 --force --format json",
        "team rename GER --name Deutschland --english Germany --code DEU",
        "team remove SCO --dry-run",
        "team alias GER Nationalelf Mannschaft",
        "team alias GER Nationalelf --remove --store other.sqlite",
        "group add E",
        "group rename A --to Alpha",
        "group remove D --format json",
        "draw A1=ENG A2=SCO --dry-run",
        "draw --from draw.txt",
    ]

    /// Lines swift-argument-parser refuses: the fast path must leave them to it, which words
    /// the error.
    static let refusedLines = [
        "add-player --team GER --name Götze --number 19",
        "add-player --team GER --nmae Götze --number 19 --position MF",
        "add-player --team GER --name Götze --number nineteen --position MF",
        "add-player --team GER --name Götze --number -3 --position MF",
        "add-player --team GER --name Götze --number 19 --position MF --dry-run=yes",
        "add-player --team GER --name Götze --number 19 --position MF extra",
        "add-player --team GER --name Götze --number 19 --position MF --store ''",
        "add-player --team GER --name Götze --number 19 --position",
        "update-player --number 19 --team GER",
        "result GER-POR 1_0",
        "result 7 --clear --format csv",
        "result",
        "goal 1 GRE 15",
        "goal 1 GRE 15 51 52",
        "goal 1 GRE 15 51 --penalty --remove",
        "card 9 CZE yellow",
        "schedule add --home GER",
        "set-coach --team GER",
        "list referees",
        "list players --limit 0",
        "list players --format xml",
        "list",
    ]

    /// Lines swift-argument-parser takes in ways of its own (help, an option given twice, the
    /// `--` terminator): the fast path leaves them to it too.
    static let parserOnlyLines = [
        "add-player --team GER --name Götze --number 19 --position MF --help",
        "add-player -h",
        "add-player --team GER --name Götze --name Gomez --number 19 --position MF",
        "add-player --team GER --name Götze --number 19 --position MF --",
        "official-order C -- ENG DEN SVN SRB",
        "list players --sort -number",
        "list players --sort name --sort number",
    ]

    @Test("A line the fast path takes makes what swift-argument-parser makes", arguments: acceptedLines)
    func sameCommand(line: String) throws {
        let words = try ShellTokenizer.words(in: line)
        let fast = try #require(ScriptCommands(ShellGrammar.self).command(words), "the fast path refused \(line)")
        let parsed = try ShellGrammar.parseAsRoot(words)
        #expect(type(of: fast) == type(of: parsed))
        #expect(Self.dump(fast) == Self.dump(parsed))
    }

    @Test("Every command with a fast path has a line above that compares it, value by value, with swift-argument-parser")
    func everyFastPathIsCompared() throws {
        let paths = try Self.fastPathCommands().map(\.path)
        let lines = try Self.acceptedLines.map(ShellTokenizer.words(in:))
        let uncovered = paths.filter { path in !lines.contains { $0.starts(with: path) } }
        #expect(paths.count >= 20, "the commands are found")
        #expect(uncovered.isEmpty, "\(uncovered)")
    }

    @Test("The fast path leaves every error to swift-argument-parser", arguments: refusedLines)
    func refused(line: String) throws {
        let words = try ShellTokenizer.words(in: line)
        #expect(ScriptCommands(ShellGrammar.self).command(words) == nil)
        #expect(throws: (any Error).self) { _ = try ShellGrammar.parseAsRoot(words) }
    }

    @Test("The fast path leaves help, repeated options and -- to swift-argument-parser", arguments: parserOnlyLines)
    func leftToTheParser(line: String) throws {
        #expect(ScriptCommands(ShellGrammar.self).command(try ShellTokenizer.words(in: line)) == nil)
    }

    @Test("Every editing command and list have a syntax, listing exactly the options and arguments of their help")
    func syntaxesMatchHelp() throws {
        let help = try #require(
            JSONSerialization.jsonObject(with: Data(ShellGrammar._dumpHelp().utf8)) as? [String: Any])
        let root = try #require(help["command"] as? [String: Any])
        var checked: Set<String> = []
        // Each command by the words that name it; a parent command stands for its subcommands.
        let commands = try Self.fastPathCommands()
        for (path, type) in commands {
            guard let syntaxType = type as? any ScriptParsable.Type else {
                Issue.record("\(type) has no script syntax")
                continue
            }
            let name = path.joined(separator: " ")
            let command = try #require(Self.subcommand(path: path, in: root), "no help for \(name)")
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let longNames = arguments.compactMap { argument -> String? in
                guard argument["kind"] as? String != "positional" else { return nil }
                let names = argument["names"] as? [[String: Any]] ?? []
                return names.first { $0["kind"] as? String == "long" }?["name"] as? String
            }
            let helpOptions = Set(longNames).subtracting(["help"])
            #expect(Self.optionNames(of: syntaxType) == helpOptions, "\(name)")
            let helpPositionals = arguments.count { $0["kind"] as? String == "positional" }
            #expect(Self.positionalFields(of: syntaxType) == helpPositionals, "\(name)")
            checked.insert(name)
        }
        #expect(checked.count == commands.count)
    }

    /// The commands the fast path takes, by the words that name them: the editing commands
    /// (a parent command standing for its subcommands), `schedule add`, `move` and `remove`, and
    /// `list`.
    private static func fastPathCommands() throws -> [(path: [String], type: any ParsableCommand.Type)] {
        var commands: [(path: [String], type: any ParsableCommand.Type)] = [
            (["schedule", "add"], ScheduleAdd.self), (["schedule", "move"], ScheduleMove.self),
            (["schedule", "remove"], ScheduleRemove.self), (["list"], List.self),
        ]
        for type in EM.editingCommands {
            let name = try #require(type.configuration.commandName)
            let children = type.configuration.subcommands
            commands += children.isEmpty ? [([name], type)] : children.map { ([name, $0.configuration.commandName ?? ""], $0) }
        }
        return commands
    }

    /// The long option names a syntax reads.
    private static func optionNames<Command: ScriptParsable>(of type: Command.Type) -> Set<String> {
        Set(Command.scriptSyntax.fields.flatMap { $0.options.map(\.name) })
    }

    /// How many of a syntax's fields take positional arguments (no options).
    private static func positionalFields<Command: ScriptParsable>(of type: Command.Type) -> Int {
        Command.scriptSyntax.fields.count { $0.options.isEmpty }
    }

    /// The command the words of `path` name in a help dump (`["schedule", "add"]`).
    private static func subcommand(path: [String], in command: [String: Any]) -> [String: Any]? {
        guard let first = path.first else { return command }
        let child = (command["subcommands"] as? [[String: Any]] ?? []).first { $0["commandName"] as? String == first }
        return child.flatMap { subcommand(path: Array(path.dropFirst()), in: $0) }
    }

    /// Every property of a command, as `dump` prints it: an option left unset prints as
    /// `*definition*`, so two dumps agree only when every value does.
    private static func dump(_ command: any ParsableCommand) -> String {
        var text = ""
        Swift.dump(command, to: &text)
        return text
    }
}
