import Foundation
import Synchronization

/// The process's standard streams: data goes to standard output, diagnostics to standard error.
///
/// Writes go straight to the file descriptors (no buffering), so output and diagnostics keep
/// their order and nothing is lost when the process exits; only ``holdingOutput(_:)`` keeps
/// standard output back, until a command's changes are saved.
enum Terminal {
    /// Standard output kept back by ``holdingOutput(_:)``; `nil` when output goes straight out.
    private static let held = Mutex<String?>(nil)

    /// Writes `text` to standard output as it is.
    static func write(_ text: String) {
        let passes = held.withLock { held -> Bool in
            guard held != nil else { return true }
            held! += text
            return false
        }
        if passes { send(text, to: .standardOutput) }
    }

    /// Runs `body` with standard output kept back, and writes what it printed only when it
    /// returns: a command that reports what it did ("added team …") and then fails to save
    /// prints nothing but its error.
    ///
    /// - Throws: What `body` throws; its output is dropped then.
    static func holdingOutput<T>(_ body: () throws -> T) rethrows -> T {
        held.withLock { $0 = "" }
        let result: T
        do {
            result = try body()
        } catch {
            held.withLock { $0 = nil }
            throw error
        }
        let text = held.withLock { held in
            defer { held = nil }
            return held ?? ""
        }
        if !text.isEmpty { send(text, to: .standardOutput) }
        return result
    }

    /// Runs `body` and gives back what it wrote to standard output instead of writing it (inside
    /// ``holdingOutput(_:)`` too): a command's own report, which its session may replace.
    ///
    /// - Throws: What `body` throws; its output is dropped then.
    static func capturingOutput(_ body: () throws -> Void) rethrows -> String {
        let outer = held.withLock { held in
            defer { held = "" }
            return held
        }
        defer { held.withLock { $0 = outer } }
        try body()
        return held.withLock { $0 ?? "" }
    }

    /// Writes `text` and a newline to standard output.
    static func print(_ text: String) {
        write(text + "\n")
    }

    /// Writes one diagnostic line, `em: <message>`, to standard error; line breaks in the message
    /// become spaces so that a diagnostic is always exactly one line.
    static func diagnose(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        send("em: \(line)\n", to: .standardError)
    }

    /// Writes `text` to a standard stream; a stream that is gone (a closed terminal, `EIO`) is
    /// let go silently rather than crashing the process, which has nowhere to say so.
    private static func send(_ text: String, to stream: FileHandle) {
        try? stream.write(contentsOf: Data(text.utf8))
    }

    /// The columns output fits in: `$COLUMNS` when it is set to a number, else the width of
    /// the terminal standard output goes to; `nil` when standard output is a file or a pipe
    /// and `$COLUMNS` is not set, so that scripts get the same output whatever window runs
    /// them.
    static var width: Int? {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether standard input is a terminal (a person typing) rather than a file or a pipe.
    static var isInteractive: Bool { isatty(STDIN_FILENO) != 0 }
}
