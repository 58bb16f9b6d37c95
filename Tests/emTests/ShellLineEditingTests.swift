import Foundation
import Testing

/// `em shell` on a terminal, typed at as a person does: line editing, history, completion
/// and Ctrl-D (see `TerminalSession`).
@Suite("em shell on a terminal", .timeLimit(.minutes(2)))
struct ShellLineEditingTests {
    /// What the shell prints for the coach set in these tests.
    static let coachSet = "set coach GER Hansi Flick"

    @Test("The Up arrow recalls a line and Enter runs it again; the line goes to the history file")
    func upArrowRecalls() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let shell = try TerminalSession(["shell", "--store", workspace.store.path], home: workspace.directory)
        #expect(shell.waitForPrompt())
        shell.type("set-coach --team GER --given Hansi --name Flick\r")
        #expect(shell.waitFor(Self.coachSet), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("\u{1B}[A\r")
        // The same line again changes nothing, and says so.
        #expect(shell.waitFor("nothing changed"), "\(shell.screen)")
        #expect(!shell.screen.contains("^[[A"), "\(shell.screen)")
        #expect(!shell.screen.contains("em: "), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("quit --force\r")
        #expect(shell.waitForExit() == 0, "\(shell.screen)")
        let history = try String(contentsOf: Self.historyFile(home: workspace.directory), encoding: .utf8)
        #expect(history == "set-coach --team GER --given Hansi --name Flick\nquit --force\n")
    }

    @Test("Ctrl-D with unsaved changes is refused as quit is, and the shell goes on; without, it ends the shell")
    func controlD() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let shell = try TerminalSession(["shell", "--store", workspace.store.path], home: workspace.directory)
        #expect(shell.waitForPrompt())
        shell.type("set-coach --team GER --given Hansi --name Flick\r")
        #expect(shell.waitFor(Self.coachSet), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("\u{04}")
        #expect(
            shell.waitFor("em: 2 unsaved changes: type 'save' to keep them, 'rollback' to drop them, or 'quit --force'"),
            "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("rollback\r")
        #expect(shell.waitFor("rolled back 2 unsaved changes"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        #expect(shell.endWithControlD() == 0, "\(shell.screen)")
        #expect(try workspace.snapshot() == before)
    }

    @Test("Ctrl-C drops the line being typed and, on an empty line, says how to leave; the unsaved changes stay")
    func controlC() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let shell = try TerminalSession(["shell", "--store", workspace.store.path], home: workspace.directory)
        #expect(shell.waitForPrompt())
        shell.type("result 1 5:1\r")
        #expect(shell.waitFor("recorded 5:1"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("show team POR")
        #expect(shell.waitFor("show team POR"), "\(shell.screen)")
        shell.type("\u{03}")
        #expect(shell.waitFor("em> ", count: 3), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("\u{03}")
        #expect(shell.waitFor("(type 'quit' to leave; 'save' keeps your 1 unsaved change)"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        #expect(!shell.screen.contains("Portugal"), "\(shell.screen)")
        shell.type("save\r")
        #expect(shell.waitFor("saved\r\n"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("\u{03}")
        #expect(shell.waitFor("(type 'quit' or press Ctrl-D to leave)"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        #expect(shell.endWithControlD() == 0, "\(shell.screen)")
        #expect(try workspace.succeed("show", "match", "1").contains("5:1"))
    }

    @Test("Tab completes a command; the history of earlier sessions is recalled")
    func completionAndEarlierHistory() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let historyFile = Self.historyFile(home: workspace.directory)
        try FileManager.default.createDirectory(at: historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("show team POR\n".utf8).write(to: historyFile)
        let shell = try TerminalSession(["shell", "--store", workspace.store.path], home: workspace.directory)
        #expect(shell.waitForPrompt())
        shell.type("stand\t--group A --format csv\r")
        #expect(shell.waitFor("GRE,"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("\u{1B}[A\u{1B}[A\r")
        #expect(shell.waitFor("Portugal"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        #expect(!shell.screen.contains("em: "), "\(shell.screen)")
        #expect(shell.endWithControlD() == 0, "\(shell.screen)")
        let history = try String(contentsOf: historyFile, encoding: .utf8)
        #expect(history == "show team POR\nstandings --group A --format csv\nshow team POR\n")
    }

    @Test("A history that cannot be kept costs one warning line; the shell goes on")
    func unwritableHistory() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        // The state directory is a file: no history file can be made in it.
        try Data().write(to: TerminalSession.stateHome(in: workspace.directory))
        let shell = try TerminalSession(["shell", "--store", workspace.store.path], home: workspace.directory)
        #expect(shell.waitForPrompt())
        shell.type("show team POR\r")
        #expect(shell.waitFor("Portugal"), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        shell.type("\u{1B}[A\r")
        #expect(shell.waitFor("Portugal", count: 2), "\(shell.screen)")
        #expect(shell.waitForPrompt())
        #expect(shell.endWithControlD() == 0, "\(shell.screen)")
        let warning = "em: history not kept in \(Self.historyFile(home: workspace.directory).path): Not a directory"
        #expect(shell.screen.components(separatedBy: warning).count == 2, "\(shell.screen)")
    }

    /// The history file of shells started with `home`.
    private static func historyFile(home: URL) -> URL {
        TerminalSession.stateHome(in: home).appending(path: "em/history")
    }
}
