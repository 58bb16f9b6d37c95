import EMPlanner
import Foundation
import Synchronization

/// `--watch`: a command's output kept on screen and drawn again whenever any process saves a
/// change to the store, until Ctrl-C.
///
/// The store is opened once. Every ``pollInterval`` one query asks the store's history for its
/// newest save; only when another process saved is the history after the last one read,
/// merged into the session (the objects it changed are read again), and the output drawn
/// afresh. On a terminal the output fills the alternate screen, under a line saying what
/// changed last; Ctrl-C (or `SIGTERM`) puts the screen and the cursor back as they were and
/// ends with status 0. Into a file or a pipe, each drawing follows the last, a table under a
/// line `-- updated …`, JSON and CSV whole.
enum Watch {
    /// How long between two looks at the store's history.
    static let pollInterval: useconds_t = 200_000

    /// Set by Ctrl-C or `SIGTERM`: the watch ends at its next look.
    private static let interrupted = Atomic<Bool>(false)

    /// Runs `command` (with `--watch` off) until interrupted.
    ///
    /// - Throws: What the command throws, the planner's errors when the store cannot be read.
    static func run(_ command: some WatchableCommand) throws {
        let session = try Session(store: command.store, mode: .oneShot)
        let screen = Screen(isTerminal: isatty(STDOUT_FILENO) != 0, annotates: command.printsForPeople)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { interrupted.store(true, ordering: .relaxed) }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        screen.begin()
        defer { screen.end() }
        var latest: ChangeLogEntry?
        var mark: HistoryMark?
        while true {
            let text = try Terminal.capturingOutput { try session.perform(command) }
            // A default store seeded on first use keeps its tournament.
            if session.tournament.hasChanges { try session.tournament.save() }
            if mark == nil { mark = try session.tournament.history.mark() }
            screen.draw(text, after: latest)
            var changes: [ChangeLogEntry] = []
            while changes.isEmpty {
                usleep(pollInterval)
                if interrupted.load(ordering: .relaxed) { return }
                changes = try session.tournament.history.refresh(after: &mark!)
            }
            latest = changes.last
        }
    }

    /// Where the drawings go: a terminal's alternate screen, or a stream they follow each other
    /// in.
    private struct Screen {
        let isTerminal: Bool
        /// Whether a line above the output says what changed.
        let annotates: Bool

        /// On a terminal: the alternate screen, the cursor hidden.
        func begin() {
            if isTerminal { Terminal.write("\u{1B}[?1049h\u{1B}[?25l") }
        }

        /// On a terminal: the cursor shown again, the screen as it was.
        func end() {
            if isTerminal { Terminal.write("\u{1B}[?25h\u{1B}[?1049l") }
        }

        /// Draws `text`, the output after the save `change` (none for the first drawing).
        func draw(_ text: String, after change: ChangeLogEntry?) {
            var header = ""
            if annotates, let change {
                header = "-- updated \(Self.time(change.date)) by \(change.author ?? "someone")"
                if let action = change.action { header += ": \(action)" }
                header += "\n"
            }
            if isTerminal {
                if annotates, header.isEmpty { header = "-- watching the store; Ctrl-C stops\n" }
                Terminal.write("\u{1B}[H\u{1B}[2J" + header + text)
            } else {
                Terminal.write(header + text)
            }
        }

        /// The local time of day of `date`, `HH:MM:SS`.
        private static func time(_ date: Date) -> String {
            let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
            return [parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? 0) }.joined(separator: ":")
        }
    }
}
