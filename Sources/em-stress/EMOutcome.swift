import Foundation

/// What one run of em did: how it ended, what it printed, and when it ran.
struct EMOutcome: Sendable {
    /// The command as a shell line that repeats it: variables, `em` and its arguments, and the
    /// standard input piped in.
    let commandLine: String
    /// The exit status, or the number of the signal that ended em.
    let status: Int32
    /// Whether a signal ended em rather than an exit.
    let signaled: Bool
    /// Whether em was ended by the SIGKILL the suite sent on purpose.
    let killed: Bool
    /// Whether em ran past the suite's time limit for one command and was killed for it.
    let timedOut: Bool
    /// Everything em wrote to standard output.
    let stdout: String
    /// Everything em wrote to standard error.
    let stderr: String
    /// When em was started, in nanoseconds of uptime (before the launch).
    let start: UInt64
    /// When em was seen to have ended, in nanoseconds of uptime (after the exit).
    let end: UInt64

    /// How long em ran, in seconds.
    var seconds: Double { Double(end - start) / 1e9 }

    /// Whether em exited with status 0.
    var succeeded: Bool { !signaled && status == 0 }

    /// Whether standard error holds exactly one non-empty line, as em's errors are.
    var hasOneErrorLine: Bool {
        stderr.hasSuffix("\n") && stderr.count > 1 && !stderr.dropLast().contains("\n")
    }

    /// Why em's run is a crash, or `nil` when it exited with a status of its own other than 70
    /// (internal error).
    var crash: String? {
        if timedOut { return "hung: killed after the time limit for one command" }
        if signaled && !killed { return "ended by signal \(status)" }
        if !signaled && status == 70 { return "internal error (exit 70)" }
        return nil
    }

    /// How the run ended and what it printed, shortened, for a defect's message.
    var summary: String {
        let ending =
            killed ? "killed by the suite" : signaled ? "signal \(status)" : timedOut ? "timed out" : "exit \(status)"
        return "\(ending), stdout \(Self.quoted(stdout)), stderr \(Self.quoted(stderr))"
    }

    /// `text` quoted on one line, cut after 200 characters.
    ///
    /// - Parameter text: What em printed.
    static func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\n", with: "\\n")
        return escaped.count > 200 ? "\"\(escaped.prefix(200))…\"" : "\"\(escaped)\""
    }
}
