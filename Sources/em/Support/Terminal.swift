import Foundation

/// The process's standard streams: data goes to standard output, diagnostics to standard error.
///
/// Writes go straight to the file descriptors (no buffering), so output and diagnostics keep
/// their order and nothing is lost when the process exits.
enum Terminal {
    /// Writes `text` to standard output as it is.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` and a newline to standard output.
    static func print(_ text: String) {
        write(text + "\n")
    }

    /// Writes one diagnostic line, `em: <message>`, to standard error; line breaks in the message
    /// become spaces so that a diagnostic is always exactly one line.
    static func diagnose(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("em: \(line)\n".utf8))
    }

    /// Whether standard input is a terminal (a person typing) rather than a file or a pipe.
    static var isInteractive: Bool { isatty(STDIN_FILENO) != 0 }
}
