import Foundation
import TestSupport
import Testing

/// `em shell` driven by a script on standard input.
@Suite("em shell")
struct ShellTests {
    @Test("Commands change one context; save keeps them; no prompt without a terminal")
    func saveKeeps() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                # a comment, then a blank line

                set-coach --team GER --given 'Hansi' --name "Flick"
                remove-player --team GER --number 1
                save
                quit

                """)
        #expect(output == "set coach GER Hansi Flick\nremoved player GER 1 Manuel Neuer\nsaved\n")
        #expect(try workspace.succeed("list", "coaches", "--team", "GER", "--format", "csv").contains("Flick"))
    }

    @Test("changes lists the pending inserts, updates and deletes")
    func changes() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                changes
                remove-player --team GER --number 1
                changes
                rollback
                quit

                """)
        #expect(
            output == """
                no unsaved changes
                removed player GER 1 Manuel Neuer
                1 unsaved change
                - player GER 1 Manuel Neuer
                rolled back 1 unsaved change

                """)
    }

    @Test("undo takes back exactly one command; redo makes it again")
    func undoRedo() throws {
        let workspace = try Workspace()
        // Room in the squad (23 players at EURO 2012) for one more.
        try workspace.succeed("remove-player", "--team", "GER", "--number", "23")
        let before = try workspace.snapshot()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                add-player --team GER --name Götze --given Mario --number 23 --position MF
                update-player --team GER --number 23 --club Dortmund
                undo
                list players --team GER --where 'number == 23' --format csv
                undo
                list players --team GER --where 'number == 23' --format csv
                redo
                list players --team GER --where 'number == 23' --format csv
                undo
                undo
                quit

                """)
        #expect(output.components(separatedBy: "GER,23,Mario,Götze,MF,,\r\n").count == 3)
        #expect(output.contains("undone: 1 change\n~ player GER 23 Mario Götze: club Dortmund → none\n"))
        #expect(output.contains("undone: 1 change\n- player GER 23 Mario Götze\n"))
        #expect(!output.contains("GER,23,Mario,Götze,MF,Dortmund"))
        #expect(output.contains("nothing to undo"))
        #expect(try workspace.snapshot() == before)
    }

    @Test("redo never brings back a dry run; it redoes only what undo took back")
    func redoAfterDryRun() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                set-coach --team GER --name Flick
                remove-player --team GER --number 1 --dry-run
                redo
                undo
                redo
                redo
                changes
                rollback

                """)
        #expect(output.components(separatedBy: "nothing to redo\n").count == 3)
        #expect(output.contains("redone: 2 changes\n+ coach GER Flick\n- coach GER Joachim Löw\n"))
        #expect(
            output.hasSuffix(
                """
                2 unsaved changes
                + coach GER Flick
                - coach GER Joachim Löw
                rolled back 2 unsaved changes

                """))
    }

    @Test("A failing line in a script stops the shell with its status; nothing more is saved")
    func scriptStops() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try workspace.em(
            "shell",
            stdin: """
                set-coach --team GER --name Flick
                add-player --team GER --name Götze --number 19 --position MF
                save

                """)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "em: line 2: team \"Deutschland\" has 23 players already, as many as a squad has: remove one first\n")
        #expect(result.stdout == "set coach GER Flick\n")
        #expect(try workspace.snapshot() == before)
    }

    @Test("A usage error in a script stops the shell with 64")
    func scriptUsage() throws {
        let workspace = try Workspace()
        let result = try workspace.em("shell", stdin: "list referees\nsave\n")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("em: line 1: "))
        #expect(result.stderrLines.count == 1)
    }

    @Test("quit refuses with unsaved changes (status 1); quit --force drops them")
    func quit() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let refused = try workspace.em("shell", stdin: "remove-player --team GER --number 1\nquit\n")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "em: line 2: 1 unsaved change: type 'save' to keep them, 'rollback' to drop them, or 'quit --force'\n")
        let forced = try workspace.em("shell", stdin: "remove-player --team GER --number 1\nexit --force\nsave\n")
        #expect(forced.status == 0)
        #expect(try workspace.snapshot() == before)
    }

    @Test("The end of input with unsaved changes warns, exits 1 and saves nothing")
    func endOfInput() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try workspace.em("shell", stdin: "remove-player --team GER --number 1\n")
        #expect(result.status == 1)
        #expect(result.stderr == "em: end of input with 1 unsaved change; nothing saved\n")
        #expect(try workspace.snapshot() == before)
    }

    @Test("--dry-run in the shell undoes only that command")
    func dryRun() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                set-coach --team GER --name Flick
                remove-player --team GER --number 1 --dry-run
                changes
                save

                """)
        #expect(output.contains("dry run, nothing saved: 1 change would be made\nwould remove player GER 1 Manuel Neuer\n"))
        #expect(output.contains("2 unsaved changes\n+ coach GER Flick\n- coach GER Joachim Löw\n"))
        #expect(try workspace.succeed("list", "players", "--team", "GER").contains("Neuer"))
    }

    @Test("--store inside the shell is refused; so are init and shell")
    func notInShell() throws {
        let workspace = try Workspace()
        for line in ["list teams --store other.sqlite", "init", "shell"] {
            let result = try workspace.em("shell", stdin: line + "\n")
            #expect(result.status == 64, "\(line): \(result.stderr)")
            #expect(result.stderrLines.count == 1)
        }
    }

    @Test("Unterminated quotes are a usage error")
    func quotes() throws {
        let workspace = try Workspace()
        let result = try workspace.em("shell", stdin: "set-coach --team GER --name 'Flick\n")
        expectFailure(result, status: 64, message: "line 1: unterminated ' quote")
    }

    @Test("refresh without a refused save says there is nothing to refresh and keeps the changes")
    func refreshWithoutConflict() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed(
            "shell", stdin: "set-coach --team ESP --given Luis --name 'de la Fuente'\nrefresh\nsave\n")
        #expect(output.contains("nothing to refresh: no save was refused over another program's change"))
        #expect(try workspace.succeed("show", "team", "ESP").contains("de la Fuente"))
    }

    @Test("help in the shell prints the shell's commands")
    func help() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("shell", stdin: "help\n")
        #expect(output.contains("changes"))
        #expect(output.contains("undo"))
        #expect(!output.contains("init "))
    }

    @Test(
        "Random edits: a shell script, with undo and redo between and after its lines, ends where the same commands one by one end",
        arguments: [UInt64(1), 2])
    func shellAgreesWithOneShotCommands(seed: UInt64) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let shellStore = workspace.path("shell.sqlite")
        try workspace.succeed("init", store: shellStore)
        var accepted: [String] = []
        var edits = RandomEdits(seed: seed)
        for command in edits.commands(30) {
            let result = try EMProcess.run(
                command.split(separator: " ").map(String.init) + ["--store", workspace.store.path], home: workspace.directory)
            if result.status == 0 {
                accepted.append(command)
            } else {
                // Refused edits are data or usage errors, never anything worse.
                #expect([64, 65].contains(result.status), "\(command): \(result.stderr)")
            }
        }
        #expect(accepted.count >= 10, "most random edits are accepted")
        // Each line undone and redone at once, then all of them undone and redone: a no-op
        // line leaves no step, so undo then takes back the line before, and redo brings it back.
        let undoAll = Array(repeating: "undo", count: accepted.count)
        let redoAll = Array(repeating: "redo", count: accepted.count)
        let script = (accepted.flatMap { [$0, "undo", "redo"] } + undoAll + ["changes"] + redoAll + ["save", ""])
            .joined(separator: "\n")
        let output = try workspace.succeed("shell", stdin: script, store: shellStore)
        #expect(output.contains("no unsaved changes"), "everything undone")
        #expect(try workspace.snapshot(store: shellStore) == workspace.snapshot())
    }
}

/// Random planner edits as command lines: players added, removed and changed, coaches set,
/// results recorded and cleared; some of them refused (a number taken, a player missing).
struct RandomEdits {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A whole number from 0 up to `bound`, excluded.
    private mutating func next(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &generator)
    }

    private static let teams = [
        "GER", "POL", "GRE", "RUS", "CZE", "NED", "DEN", "POR", "ESP", "ITA", "IRL", "CRO", "FRA", "ENG", "UKR", "SWE",
    ]

    mutating func commands(_ count: Int) -> [String] {
        (0..<count).map { index in
            let team = Self.teams[next(Self.teams.count)]
            let number = 1 + next(30)
            switch next(20) {
            case 0..<5:
                return
                    "add-player --team \(team) --given G\(index) --name N\(index) --number \(number) --position \(["GK", "DF", "MF", "FW"][next(4)])"
            case 5..<8:
                return "remove-player --team \(team) --number \(number)"
            case 8..<13:
                let change = [
                    "--new-number \(1 + next(99))", "--club C\(index)", "--move-to \(Self.teams[next(Self.teams.count)])",
                    "--position FW", "--born 1990-0\(1 + next(9))-1\(next(10))",
                ][next(5)]
                return "update-player --team \(team) --number \(number) \(change)"
            case 13..<17:
                let match = 1 + next(31)
                return next(5) == 0 ? "result \(match) --clear" : "result \(match) \(next(5)):\(next(5))"
            default:
                return "set-coach --team \(team) --given X\(index) --name Y\(index)"
            }
        }
    }
}
