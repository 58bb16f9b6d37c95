import Foundation

/// The lines typed at the prompt of `em shell`, kept from one session to the next in a text
/// file, one line each, the newest last, at most ``limit`` of them.
///
/// History is a convenience: when its file cannot be read or written, the shell says so in
/// one line on standard error, once, and goes on without it.
final class ShellHistory {
    /// How many lines are kept.
    static let limit = 1000

    /// The history file.
    let url: URL
    /// Whether the file failed once, and is left alone since.
    private var hasFailed = false

    /// The history kept in `url`.
    init(url: URL) {
        self.url = url
    }

    /// The history file of the user: `$XDG_STATE_HOME/em/history`, else
    /// `$HOME/.local/state/em/history`, else the account's home directory's.
    ///
    /// - Parameter environment: The environment variables to consult.
    static func userFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(filePath: $0) }
        let stateHome =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(filePath: $0) }
            ?? (home ?? FileManager.default.homeDirectoryForCurrentUser).appending(path: ".local/state")
        return stateHome.appending(path: "em/history")
    }

    /// The kept lines, oldest first; a file grown past ``limit`` lines is cut to the newest.
    ///
    /// - Complexity: Reads the file; rewrites it when it is cut.
    func load() -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            fail(error)
            return []
        }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count > Self.limit else { return lines }
        let kept = Array(lines.suffix(Self.limit))
        do {
            try Data(kept.map { $0 + "\n" }.joined().utf8).write(to: url, options: .atomic)
        } catch {
            fail(error)
        }
        return kept
    }

    /// Adds `line` at the end of the file, making the file and its directory if missing.
    func append(_ line: String) {
        guard !hasFailed else { return }
        do {
            // A directory that cannot be made fails the open below, which says why.
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(descriptor) }
            let bytes = Array((line + "\n").utf8)
            guard write(descriptor, bytes, bytes.count) == bytes.count else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            fail(error)
        }
    }

    /// Reports `error` once and stops using the file.
    private func fail(_ error: any Error) {
        guard !hasFailed else { return }
        hasFailed = true
        Terminal.diagnose("history not kept in \(url.path): \(error.systemReason)")
    }
}
