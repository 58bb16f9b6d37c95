import ArgumentParser

/// The read-run loop of `em shell`: one context for all lines, one undo group per line, and
/// nothing saved until `save`.
///
/// Interactive (standard input is a terminal), it prompts `em> `, reports a failing line and
/// goes on. Reading a script, it stops at the first failing line with that line's status, so
/// a script never saves after something went wrong. Ending with unsaved changes is refused:
/// `quit` asks for `--force`, and the end of input warns and ends with status 1.
final class ShellLoop {
    /// The session all lines work on.
    let session: Session
    /// Whether a person is typing.
    let isInteractive: Bool
    /// Whether `quit` ended the loop.
    var hasQuit = false

    /// A loop on `session`.
    init(session: Session, isInteractive: Bool = Terminal.isInteractive) {
        self.session = session
        self.isInteractive = isInteractive
    }

    /// Reads and runs lines until `quit` or the end of input.
    ///
    /// - Returns: How the shell ends.
    func run() -> ExitStatus {
        var lineNumber = 0
        while !hasQuit {
            if isInteractive { Terminal.write("em> ") }
            guard let line = readLine() else { return endOfInput() }
            lineNumber += 1
            let status = execute(line, where: isInteractive ? nil : "line \(lineNumber)")
            if status != .success, !isInteractive { return status }
        }
        return .success
    }

    /// Runs one line; a failure is reported on standard error, prefixed with `place`.
    func execute(_ line: String, where place: String?) -> ExitStatus {
        do {
            let words = try ShellTokenizer.words(in: line)
            guard !words.isEmpty else { return .success }
            var command = try ShellGrammar.parseAsRoot(words)
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

    /// The number of objects with unsaved changes.
    var unsavedChangeCount: Int { session.tournament.unsavedChangeCount }

    private func endOfInput() -> ExitStatus {
        if isInteractive { Terminal.print("") }
        guard session.tournament.hasChanges else { return .success }
        Terminal.diagnose("end of input with \(unsavedChangeCount) unsaved changes; nothing saved")
        return .refused
    }
}
