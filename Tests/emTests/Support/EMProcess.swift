import Foundation

/// What a run of `em` left behind.
struct EMResult {
    /// The exit status.
    let status: Int32
    /// Everything written to standard output.
    let stdout: String
    /// Everything written to standard error.
    let stderr: String

    /// The lines of standard error.
    var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
}

/// Runs the built `em` as a process, the way users and scripts do.
enum EMProcess {
    /// The `em` under test: the one `EM_TEST_BINARY` names (an installed `em`, say), else the
    /// one built next to the test bundle.
    static let binary =
        ProcessInfo.processInfo.environment["EM_TEST_BINARY"].map { URL(filePath: $0) }
        ?? URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "em")

    /// Runs `em` with `arguments`, feeding `stdin` to its standard input.
    ///
    /// `EM_STORE` is removed from the environment and `XDG_DATA_HOME` points into `home`, so a
    /// test never touches the user's store; `TZ` and `COLUMNS` are removed too, so that what
    /// em prints does not depend on where the tests run (a test sets them when it means to).
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `em`.
    ///   - stdin: The standard input (empty by default).
    ///   - home: A directory for the files em may create by default.
    ///   - environment: Variables to set on top (`EM_STORE`, say).
    ///   - unprivileged: Whether to run em as the user `nobody` when the tests run as root, so
    ///     that file permissions apply to it (root passes them all).
    /// - Returns: Status, standard output and standard error.
    static func run(
        _ arguments: [String], stdin: String = "", home: URL, environment extra: [String: String] = [:],
        unprivileged: Bool = false
    ) throws -> EMResult {
        let process = Process()
        if unprivileged, getuid() == 0 {
            // A copy in `home`, which `nobody` can reach wherever the package was checked out.
            let copy = home.appending(path: "em-unprivileged")
            if !FileManager.default.fileExists(atPath: copy.path) { try FileManager.default.copyItem(at: binary, to: copy) }
            chmod(copy.path, 0o755)
            process.executableURL = URL(filePath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        return try run(process, stdin: stdin, home: home, environment: extra)
    }

    /// Runs a command line with `/bin/sh -c`, in the environment ``run(_:stdin:home:environment:unprivileged:)``
    /// gives em.
    static func runShell(_ line: String, home: URL, environment extra: [String: String] = [:]) throws -> EMResult {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", line]
        return try run(process, stdin: "", home: home, environment: extra)
    }

    /// Runs `process` with `stdin`, `EM_STORE`, `TZ` and `COLUMNS` removed and `XDG_DATA_HOME`
    /// in `home`.
    private static func run(_ process: Process, stdin: String, home: URL, environment extra: [String: String]) throws -> EMResult
    {
        var environment = ProcessInfo.processInfo.environment
        for name in ["EM_STORE", "TZ", "COLUMNS"] { environment[name] = nil }
        environment["XDG_DATA_HOME"] = home.appending(path: "xdg").path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let outURL = home.appending(path: "stdout-\(UUID().uuidString)")
        let errURL = home.appending(path: "stderr-\(UUID().uuidString)")
        let inURL = home.appending(path: "stdin-\(UUID().uuidString)")
        try Data(stdin.utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let output = try FileHandle(forWritingTo: outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer {
            try? output.close()
            try? errors.close()
            try? input.close()
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        return EMResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
