import Foundation

/// Spawns the em under test with Foundation's `Process`, capturing its output in files.
///
/// Every run gets a clean environment: no `EM_STORE`, `HOME` and `XDG_DATA_HOME` inside the
/// suite's work folder (so no run can reach the user's own store), and no Swift backtracer
/// (a crash ends at once instead of spending seconds on a backtrace).
struct EMRunner: Sendable {
    /// The em binary.
    let executable: URL
    /// The environment every run starts from.
    let environment: [String: String]
    /// Where the captured output goes while em runs.
    let scratch: URL
    /// How long one command may run before it counts as hung and is killed, in seconds.
    let timeLimit: Double

    /// A runner of `executable` whose runs keep their files in `home`.
    ///
    /// - Parameters:
    ///   - executable: The em binary.
    ///   - home: A folder of the suite's own: the default `HOME`, and the captured output.
    ///   - timeLimit: How long one command may run, in seconds.
    init(executable: URL, home: URL, timeLimit: Double) throws {
        self.executable = executable
        self.timeLimit = timeLimit
        scratch = home.appending(path: "io")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["EM_STORE"] = nil
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appending(path: "xdg").path
        environment["SWIFT_BACKTRACE"] = "enable=no"
        self.environment = environment
    }

    /// Runs em to its end, or to `killAfter` seconds, when it is sent SIGKILL.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `em`.
    ///   - stdin: The standard input; none (`/dev/null`) when `nil`.
    ///   - variables: Variables set on top of the runner's environment.
    ///   - killAfter: Seconds after the launch at which em is killed if still running.
    /// - Returns: How em ended and what it printed; a failed launch reads as exit status -1 with
    ///   the reason on standard error.
    func run(_ arguments: [String], stdin: String? = nil, variables: [String: String] = [:], killAfter: Double? = nil)
        -> EMOutcome
    {
        let commandLine = Self.commandLine(arguments, stdin: stdin, variables: variables)
        let name = UUID().uuidString
        let outURL = scratch.appending(path: "\(name).out")
        let errURL = scratch.appending(path: "\(name).err")
        let inURL = scratch.appending(path: "\(name).in")
        defer {
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        // The outcome of a run that could not be made or read back.
        let failure = { (reason: String) in
            EMOutcome(
                commandLine: commandLine, status: -1, signaled: false, killed: false, timedOut: false, stdout: "",
                stderr: "em-stress: cannot run em: \(reason)\n", start: start, end: DispatchTime.now().uptimeNanoseconds)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment.merging(variables) { _, new in new }
        do {
            try Data().write(to: outURL)
            try Data().write(to: errURL)
            try Data((stdin ?? "").utf8).write(to: inURL)
            let output = try FileHandle(forWritingTo: outURL)
            let errors = try FileHandle(forWritingTo: errURL)
            let input = try FileHandle(forReadingFrom: inURL)
            defer {
                try? output.close()
                try? errors.close()
                try? input.close()
            }
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = stdin == nil ? FileHandle.nullDevice : input
            try process.run()
        } catch {
            return failure("\(error)")
        }
        let ending = wait(for: process, killAfter: killAfter)
        let end = DispatchTime.now().uptimeNanoseconds
        guard let stdout = try? Data(contentsOf: outURL), let stderr = try? Data(contentsOf: errURL) else {
            return failure("its output cannot be read back")
        }
        return EMOutcome(
            commandLine: commandLine, status: ending.status, signaled: ending.signaled,
            killed: ending.killed && ending.signaled && ending.status == SIGKILL, timedOut: ending.timedOut,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            start: start, end: end)
    }

    /// Waits for em to end, killing it after `killAfter` seconds or when it runs past the time
    /// limit.
    ///
    /// The wait polls `waitid` with `WNOWAIT` every millisecond, which sees the exit without
    /// reaping the child, rather than trust `terminationHandler` or `waitUntilExit()`: in
    /// swift-corelibs-foundation both hang now and then when processes are started one right
    /// after another (the child's end is never reported). Foundation still reaps the child;
    /// when it has done so first, its own status is read.
    ///
    /// - Parameters:
    ///   - process: The running em.
    ///   - killAfter: Seconds after which em is killed, if it is still running.
    /// - Returns: The exit status or signal, and whether the suite killed em on purpose or for
    ///   running too long.
    private func wait(for process: Process, killAfter: Double?)
        -> (status: Int32, signaled: Bool, killed: Bool, timedOut: Bool)
    {
        let pid = process.processIdentifier
        let launched = DispatchTime.now().uptimeNanoseconds
        let killTime = killAfter.map { launched + UInt64($0 * 1e9) }
        let limit = launched + UInt64(timeLimit * 1e9)
        var (killed, timedOut) = (false, false)
        while true {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if result == 0 && info._sifields._sigchld.si_pid == pid {
                let signaled = info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED
                return (info._sifields._sigchld.si_status, signaled, killed, timedOut)
            }
            if result == -1 && errno == ECHILD {
                while process.isRunning { usleep(1000) }
                return (process.terminationStatus, process.terminationReason == .uncaughtSignal, killed, timedOut)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if !killed, let killTime, now >= killTime {
                kill(pid, SIGKILL)
                killed = true
            } else if !killed && !timedOut && now >= limit {
                kill(pid, SIGKILL)
                timedOut = true
            }
            usleep(1000)
        }
    }

    /// A shell line that repeats a run: `VAR=value … em ARGS`, with `printf '…' |` in front
    /// for standard input.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `em`.
    ///   - stdin: The standard input, if any.
    ///   - variables: The variables set for the run.
    static func commandLine(_ arguments: [String], stdin: String?, variables: [String: String]) -> String {
        let words =
            variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" } + ["em"]
            + arguments.map(shellQuoted)
        let command = words.joined(separator: " ")
        guard let stdin else { return command }
        let escaped = stdin.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
        return "printf \(shellQuoted(escaped)) | \(command)"
    }

    /// `word` as the shell reads it back: bare when it is plain, else in single quotes.
    ///
    /// - Parameter word: One argument.
    static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_./:=@,+".unicodeScalars.contains($0)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
