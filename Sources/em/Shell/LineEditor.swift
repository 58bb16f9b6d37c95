import CEditLine
import Foundation

/// The prompt of `em shell` on a terminal, edited with libedit: moving in the line and
/// changing it, recalling earlier lines with the arrow keys (kept in a ``ShellHistory``), and
/// completing the word at the cursor with Tab (``ShellCompletion``).
///
/// libedit keeps one editor per process and calls completion back without a context, so the
/// completion in use is static: a process has one line editor at a time.
final class LineEditor {
    /// What Tab offers, for libedit's callback.
    nonisolated(unsafe) private static var completion: ShellCompletion?
    /// The candidates of the word being completed not yet handed to libedit.
    nonisolated(unsafe) private static var pendingCandidates: [String] = []

    /// Where typed lines are kept.
    private let history: ShellHistory
    /// The newest line of the history, which the next line does not repeat.
    private var newestLine: String?

    /// An editor recalling the lines of `history` and adding typed ones to it, completing
    /// with `completion`.
    init(history: ShellHistory, completion: ShellCompletion) {
        self.history = history
        // What is typed and shown is UTF-8, as everything em reads and writes: libedit shows
        // characters in the locale's encoding.
        setlocale(LC_CTYPE, "C.UTF-8")
        Self.completion = completion
        Self.catchInterrupts()
        em_rl_set_attempted_completion_function { word, start, _ in LineEditor.complete(word, at: Int(start)) }
        stifle_history(Int32(ShellHistory.limit))
        let lines = history.load()
        for line in lines { add_history(line) }
        newestLine = lines.last
    }

    /// What a person did at the prompt.
    enum Input {
        /// Typed a line and pressed Enter: the line, without its line break.
        case line(String)
        /// Pressed Ctrl-C, which dropped the line being typed; `afterTyping` if a key was
        /// pressed on it before.
        case interrupt(afterTyping: Bool)
        /// Pressed Ctrl-D on an empty line, or the terminal is gone (see ``isTerminalOpen``).
        case end
    }

    /// The next line typed after `prompt`, or how a person left it (Ctrl-C: see
    /// ``catchInterrupts()``).
    ///
    /// A line with more than blanks that is not the newest line of the history is added to
    /// it.
    func readLine(prompt: String) -> Input {
        Self.prepareForLine()
        guard let typed = readline(prompt) else {
            guard Self.takeInterrupt() else { return .end }
            // The terminal does not echo Ctrl-C while libedit edits: shown as shells show it.
            Terminal.print("^C")
            return .interrupt(afterTyping: Self.hasReadKey)
        }
        defer { free(typed) }
        let line = String(cString: typed)
        if line.contains(where: { !$0.isWhitespace }), line != newestLine {
            add_history(line)
            history.append(line)
            newestLine = line
        }
        return .line(line)
    }

    /// Whether the terminal is still there: after ``readLine(prompt:)`` gave ``Input/end``, a person
    /// typed Ctrl-D if so, and the terminal hung up if not.
    var isTerminalOpen: Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) >= 0 && input.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0
    }

    /// libedit's completion callback: the matches of `word`, which starts `start` characters
    /// into the line, as `rl_completion_matches` makes them; `nil` for none.
    private static func complete(
        _ word: UnsafePointer<CChar>?, at start: Int
    ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        // No file names when nothing matches.
        em_rl_set_attempted_completion_over(1)
        guard let word, let completion, let line = em_rl_line_buffer() else { return nil }
        // libedit counts `start` in wide characters: Unicode scalars.
        let before = String(String(cString: line).unicodeScalars.prefix(start))
        guard let words = try? ShellTokenizer.words(in: before) else { return nil }
        pendingCandidates = completion.candidates(for: String(cString: word), after: words)
        return rl_completion_matches(word) { _, _ in
            guard !LineEditor.pendingCandidates.isEmpty else { return nil }
            return strdup(LineEditor.pendingCandidates.removeFirst())
        }
    }
}
