import Foundation
import Testing

/// Help, version and completion scripts, tested against the real binary.
@Suite("Help")
struct HelpTests {
    /// `em --help`, word for word.
    static let rootHelp = """
        OVERVIEW: Plan a UEFA EURO: teams, squads, schedule and results.

        The tournament lives in a store file: --store PATH, else $EM_STORE, else
        $XDG_DATA_HOME/em/em.sqlite, else ~/.local/share/em/em.sqlite. 'em init' and
        'em import FILE' make a store; only the default one (no --store, no $EM_STORE)
        is also made, holding the bundled UEFA EURO 2012, by the first command that
        uses it. A store that holds a tournament is never seeded again. Teams are
        accepted by German name, English name, FIFA code or alias ('em team alias'), in
        any case.

        Examples:
          em schedule --team GER
          em standings --group A --explain
          em list players --team GER --where 'position == "DF"' --sort -number
          em add-team --name Österreich --english Austria --code AUT --group A
          em add-player --team AUT --given David --name Alaba --number 8 --position DF
          em result GER-POR 1:0
          em save --to euro2012.plist --as plist

        Shell completion: em --generate-completion-script bash|zsh|fish

        Exit status (an error is one line on standard error; nothing is saved):
          0   success
          1   refused: the shell would lose unsaved changes
          64  usage: unknown command or option, bad option value
          65  data: unknown team or match, shirt number taken or out of range,
              invalid date, bad predicate, scheduling conflict, broken rule,
              malformed setup
          66  input file or named store missing or unreadable
          70  internal error (a bug in em)
          73  output file exists or cannot be created
          74  store: not a planner store, other model, unreadable, I/O
          75  conflict: other programs kept changing what the command read (10 tries)

        USAGE: em <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        LOOKING SUBCOMMANDS:
          list                    List groups, teams, players, coaches or matches.
          show                    Show one object in detail.
          schedule                Show the match schedule, or add, move or remove a
                                  match.
          standings               Show the group tables, ranked by the tournament's
                                  tie-breakers.
          scenarios               Show what can still happen in a group: positions,
                                  qualification, final orders.
          needs                   Show what a team needs from its group's last matches.
          bracket                 Show the knockout stage as a tree.
          stats                   Show the scorers' list or the cards' list.
          suspensions             Show who is suspended for which match.
          report                  Write the tournament as one HTML page.

        EDITING SUBCOMMANDS:
          add-player              Add a player to a team's squad.
          remove-player           Remove a player from a team's squad.
          update-player           Change a player: names, number, position, club, team.
          set-coach               Make someone a team's head coach, or remove the coach.
          add-team                Add a team, without players or coach.
          team                    Rename a team, give it aliases, or remove it.
          group                   Add, rename or remove a group.
          result                  Record, correct or clear a match's result.
          goal                    Record or remove a goal of a match.
          card                    Record or remove a card of a match.
          official-order          Record a group's final order as published.
          draw                    Draw teams into a tournament's slots (A1 … F4).

        STORE SUBCOMMANDS:
          init                    Seed the store with a tournament.
          import                  Seed the store from a Football.TXT file.
          save, export            Write a store, plist or Football.TXT file; in the
                                  shell, save.
          shell                   Run many commands on one unsaved context.
          run                     Run a script of em commands as one transaction.
          log                     Show who changed the tournament, when, and with which
                                  command.

          See 'em help <subcommand>' for detailed help.

        """

    @Test("em --help prints the golden help text on standard output")
    func rootHelpText() throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == Self.rootHelp)
    }

    @Test("em without a command prints the same help")
    func bareEM() throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore([])
        #expect(result.status == 0)
        #expect(result.stdout == Self.rootHelp)
    }

    /// Every command, as typed after `em`.
    static let commands: [[String]] = [
        ["init"], ["list"], ["show"], ["show", "team"], ["schedule"], ["schedule", "show"], ["schedule", "add"],
        ["add-player"], ["remove-player"], ["update-player"], ["set-coach"], ["add-team"], ["result"], ["save"],
        ["shell"], ["standings"], ["show", "match"], ["goal"], ["card"], ["stats"], ["suspensions"],
        ["official-order"], ["bracket"], ["schedule", "move"], ["schedule", "remove"], ["team"], ["team", "rename"],
        ["team", "remove"], ["group"], ["group", "add"], ["group", "rename"], ["group", "remove"], ["draw"],
    ]

    @Test("Every command has help with examples", arguments: commands)
    func commandHelp(_ command: [String]) throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: em \(command.joined(separator: " "))"))
        #expect(result.stdout.contains("Examples:\n  em "))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE:") })
    }

    @Test(
        "The player commands' help states each edition's shirt numbers, not 1 to 99", arguments: ["add-player", "update-player"])
    func shirtNumbers(_ command: String) throws {
        let help = try Workspace().emWithoutStore([command, "--help"]).stdout
        let text = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!text.contains("1 to 99"))
        #expect(text.contains("Shirt numbers run from 1 to the squad's size, which the tournament's edition sets:"), "\(text)")
        #expect(text.contains("1 to 23 in 2004–2016, 1 to 26 in 2020–2024."), "\(text)")
    }

    @Test(
        "An unknown command, or help on one, exits 64 and suggests the closest commands",
        arguments: [
            (["standing"], "unknown command 'standing': did you mean 'standings'?"),
            (["lsit", "teams"], "unknown command 'lsit': did you mean 'list'?"),
            (["schedule", "ad"], "unknown command 'ad': did you mean 'add'?"),
            (["xyz"], "unknown command 'xyz' (see 'em --help')"),
            (["help", "nothing"], "unknown command 'nothing' (see 'em --help')"),
            (["help", "standing"], "unknown command 'standing': did you mean 'standings'?"),
            (["help", "schedule", "ad"], "unknown command 'ad': did you mean 'add'?"),
        ])
    func unknownCommand(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        expectFailure(try workspace.emWithoutStore(arguments), status: 64, message: message)
        let shell = try workspace.em("shell", stdin: arguments.joined(separator: " ") + "\n")
        #expect(shell.stderr.contains("line 1: " + message.replacingOccurrences(of: "em --help", with: "help")))
    }

    @Test("em help COMMAND is the same as em COMMAND --help")
    func helpCommand() throws {
        let workspace = try Workspace()
        #expect(
            try workspace.emWithoutStore(["help", "add-player"]).stdout
                == workspace.emWithoutStore(["add-player", "--help"]).stdout)
    }

    @Test("Completion scripts come for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
    func completion(_ shell: String) throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("add-player"))
        #expect(result.stdout.contains("dry-run"))
    }

    @Test("--version names em and the framework")
    func version() throws {
        let workspace = try Workspace()
        let result = try workspace.emWithoutStore(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("em "))
        #expect(result.stdout.contains("ObjectGraph"))
    }

    @Test("Help never touches a store")
    func helpOpensNoStore() throws {
        let workspace = try Workspace()
        try workspace.emWithoutStore(["list", "--help"])
        #expect(!FileManager.default.fileExists(atPath: workspace.directory.appending(path: "xdg/em/em.sqlite").path))
    }
}
