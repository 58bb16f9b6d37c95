import ArgumentParser
import Foundation

/// Turns whatever a command threw into its report and its ``ExitStatus``: the one place that
/// speaks to the user about failures, for `em` and for each line of `em shell`.
enum ErrorReporter {
    /// Reports a failure of the command line `root` parsed: one line on standard error, or —
    /// for a request for help, a version or a completion script — the text on standard output.
    ///
    /// - Parameters:
    ///   - error: What was thrown while parsing or running the command.
    ///   - root: The command type that parsed the command line (`EM`, or the shell's grammar).
    ///   - place: Where the command came from (`line 3` of a shell script), or `nil`.
    /// - Returns: The exit status to end with.
    static func report(
        _ error: any Error, parsedBy root: any ParsableCommand.Type, at place: String? = nil
    ) -> ExitStatus {
        let diagnose = { (message: String) in Terminal.diagnose(place.map { "\($0): \(message)" } ?? message) }
        if let status = ExitStatus(for: error) {
            diagnose(String(describing: error))
            return status
        }
        let code = root.exitCode(for: error)
        if error is ExitCode { return ExitStatus(rawValue: code.rawValue) ?? .software }
        if code == .success {
            Terminal.print(unnamedRootFixed(root.fullMessage(for: error)).trimmingCharacters(in: .newlines))
            return .success
        }
        guard code == .validationFailure else {
            diagnose("internal error: \(String(describing: error))")
            return .software
        }
        diagnose(root.message(for: error) + helpHint(unnamedRootFixed(root.fullMessage(for: error))))
        return .usage
    }

    /// `text` without the stray spaces a root command without a name (the shell's grammar)
    /// leaves in usage lines: `USAGE:  list` and `See ' list --help'`.
    private static func unnamedRootFixed(_ text: String) -> String {
        text.replacingOccurrences(of: "USAGE:  ", with: "USAGE: ").replacingOccurrences(of: "See ' ", with: "See '")
    }

    /// ` (see 'em list --help')`, taken from the argument parser's full message, or nothing.
    private static func helpHint(_ fullMessage: String) -> String {
        guard let match = fullMessage.firstMatch(of: /See '([^']+)'/) else { return "" }
        return " (see '\(match.1)')"
    }
}
