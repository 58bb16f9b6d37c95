import Foundation
import Glibc

/// A program run to its end as a child process, its standard output discarded: the whole-process
/// workloads' unit (9, S1–S4).
struct ChildProcess {
    /// The wait status (0: exited with status 0).
    var status: Int32
    /// The peak resident set size, in bytes (`ru_maxrss` of `wait4`'s resource usage).
    var peakResidentBytes: Int

    /// A program that could not be started, or that failed where the workload needs it to
    /// succeed.
    struct Failure: Error, CustomStringConvertible {
        /// The program and its arguments.
        var command: [String]
        /// What went wrong.
        var reason: String

        var description: String { "\(command.joined(separator: " ")): \(reason)" }
    }

    /// Runs `program` with `arguments`, its standard input read from the file `input` (or
    /// inherited), and waits for it.
    ///
    /// - Throws: ``Failure`` when the program cannot be started.
    static func run(_ program: String, _ arguments: [String], input: String? = nil) throws(Failure) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard code == 0 else {
            throw Failure(command: [program] + arguments, reason: "cannot launch it (\(String(cString: strerror(code))))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        return ChildProcess(status: status, peakResidentBytes: usage.ru_maxrss * 1024)
    }

    /// Runs `program` as ``run(_:_:input:)`` does, and requires it to exit with status 0.
    ///
    /// - Throws: ``Failure`` when the program cannot be started or fails.
    static func succeed(_ program: String, _ arguments: [String], input: String? = nil) throws(Failure) -> ChildProcess {
        let process = try run(program, arguments, input: input)
        guard process.status == 0 else {
            throw Failure(
                command: [program] + arguments + (input.map { ["<", $0] } ?? []), reason: "wait status \(process.status)")
        }
        return process
    }

    /// The executable file `name` in one of `$PATH`'s directories, as a shell finds it; `nil`
    /// if there is none.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The body of a workload that runs one process to success, noting its peak resident size;
    /// the checksum counts the process.
    static func body(_ program: String, _ arguments: [String], input: String? = nil) -> Body {
        { probe in
            probe.markChild(try succeed(program, arguments, input: input))
            var checksum = Checksum()
            checksum.add(1)
            return checksum
        }
    }
}
