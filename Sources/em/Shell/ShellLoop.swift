import ArgumentParser

/// The read-run loop of `em shell` and `em run`: one context for all lines, one undo group per
/// line, and nothing saved until `save`.
///
/// Interactive (standard input is a terminal), it prompts `em> ` with a ``LineEditor``,
/// reports a failing line and goes on; Ctrl-C drops the line being typed, and on an empty line
/// says how to leave. Reading a script, it stops at the first failing line
/// with that line's status, so a script never saves after something went wrong. Ending the
/// shell with unsaved changes is refused: `quit` and Ctrl-D at the prompt ask for
/// `quit --force`, and the end of piped standard input warns and ends with status 1. The end
/// of a script file ends the loop with its changes kept, for `em run` to save.
final class ShellLoop {
    /// The session all lines work on.
    let session: Session
    /// Whether a person is typing.
    let isInteractive: Bool
    /// Whether `quit` ended the loop.
    var hasQuit = false
    /// The script file read instead of standard input, if any.
    private let script: ScriptFile?
    /// The commands lines make without swift-argument-parser.
    private let scriptCommands = ScriptCommands(ShellGrammar.self)
    /// The prompt's editor when a person types; `nil` for a pipe or a script, read plainly.
    private let editor: LineEditor?

    /// A loop on `session` reading standard input.
    init(session: Session, isInteractive: Bool = Terminal.isInteractive) {
        self.session = session
        self.isInteractive = isInteractive
        self.script = nil
        self.editor =
            isInteractive
            ? LineEditor(
                history: ShellHistory(url: ShellHistory.userFile()), completion: ShellCompletion(tournament: session.tournament))
            : nil
    }

    /// A loop on `session` running the lines of a script file, which errors name as
    /// `PATH:LINE`.
    init(session: Session, script: ScriptFile) {
        self.session = session
        self.isInteractive = false
        self.script = script
        self.editor = nil
    }

    /// Reads and runs lines until `quit` or the end of input.
    ///
    /// - Returns: How the shell ends.
    func run() -> ExitStatus {
        var lineNumber = 0
        var scriptLines = script?.lines.makeIterator()
        while !hasQuit {
            let line: String?
            if let editor {
                switch editor.readLine(prompt: "em> ") {
                case .line(let typed): line = typed
                case .interrupt(let afterTyping):
                    if !afterTyping { Terminal.print(leavingHint) }
                    continue
                case .end: line = nil
                }
            } else {
                line = script == nil ? readLine() : scriptLines?.next().map(String.init)
            }
            guard let line else {
                guard editor?.isTerminalOpen == true else { return endOfInput() }
                // Ctrl-D at the prompt: `quit`, refused with unsaved changes.
                Terminal.print("")
                _ = execute("quit", where: nil)
                continue
            }
            lineNumber += 1
            let place = isInteractive ? nil : script.map { "\($0.path):\(lineNumber)" } ?? "line \(lineNumber)"
            let status = execute(line, where: place)
            if status != .success, !isInteractive { return status }
        }
        return .success
    }

    /// Runs one line; a failure is reported on standard error, prefixed with `place`.
    func execute(_ line: String, where place: String?) -> ExitStatus {
        do {
            let words = try ShellTokenizer.words(in: line)
            guard !words.isEmpty else { return .success }
            var command = try scriptCommands.parse(words)
            switch command {
            case let builtin as any ShellBuiltin:
                try builtin.run(in: self)
            case let command as any SessionCommand:
                if let command = command as? any StoreCommand, let path = command.store.path {
                    throw EMError.usage("--store \(path): the shell works on the store 'em shell' opened")
                }
                try session.perform(command)
            default:
                try command.run()
            }
            return .success
        } catch {
            return ErrorReporter.report(error, parsedBy: ShellGrammar.self, at: place)
        }
    }

    /// The number of unsaved changes, as a user counts them (``Tournament/unsavedChangeCount``).
    var unsavedChangeCount: Int { session.tournament.unsavedChangeCount }

    /// What Ctrl-C on an empty line prints: it does not end the shell, and here is what does.
    private var leavingHint: String {
        guard session.tournament.hasChanges else { return "(type 'quit' or press Ctrl-D to leave)" }
        return "(type 'quit' to leave; 'save' keeps your \(Count(unsavedChangeCount, "unsaved change")))"
    }

    private func endOfInput() -> ExitStatus {
        if isInteractive { Terminal.print("") }
        guard session.tournament.hasChanges, script == nil else { return .success }
        Terminal.diagnose("end of input with \(Count(unsavedChangeCount, "unsaved change")); nothing saved")
        return .refused
    }
}
