import Foundation

/// Workload 9: whole `em` processes against a floor program.
///
/// The floor program, `og-floor`, opens the same store with the SQLite C API, reads one row and
/// prints it. Both are built by this package in the same configuration (`make bench`: release,
/// as `make install` builds em) beside og-bench, or in the directory `--programs` names; their
/// output goes to `/dev/null`.
///
/// The "raw C" column is the floor program; GRDB has no part in it. A run launches the
/// command ``launches`` times one after the other; the checksum counts the launches that
/// exited with status 0, so a failing command cannot pass for a fast one.
enum CommandLineRuns {
    /// Launches per timed run: one process start is a few milliseconds, too short to time
    /// alone on a noisy machine.
    static let launches = 10

    /// The EURO 2012 store both programs open, seeded once per process by `em init`.
    nonisolated(unsafe) static var seededStore: String?

    /// The workloads, timing the programs in `directory`; the store goes into `scratch` (the
    /// fixtures' directory, removed when og-bench ends).
    static func workloads(_ scenario: Scenario, programs directory: URL, scratch: URL) -> [Workload] {
        let em = directory.appending(path: "em").path
        let floor = directory.appending(path: "og-floor").path
        let commands: [(id: String, title: String, arguments: [String])] = [
            ("9a", "em list teams (×\(launches)) vs floor", ["list", "teams"]),
            ("9b", "em list players --where (×\(launches)) vs floor", ["list", "players", "--where", "number == 10"]),
        ]
        if let skipped = skippedWithoutPrograms(commands.map { ($0.id, $0.title) }, in: directory) { return skipped }
        return commands.map { command in
            Workload(
                id: command.id, title: command.title, kind: .time(ratio: 3.0), sides: [.rawC, .objectGraph],
                rawC: { _ in try body(floor, [try store(em, in: scratch)]) },
                objectGraph: { _ in try body(em, command.arguments + ["--store", try store(em, in: scratch)]) })
        }
    }

    /// The workloads `runs` (an ID and a title each) as skipped, where `directory` lacks em or
    /// og-floor; `nil` where it has both.
    static func skippedWithoutPrograms(_ runs: [(id: String, title: String)], in directory: URL) -> [Workload]? {
        let programs = ["em", "og-floor"].map { directory.appending(path: $0).path }
        guard !programs.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return nil }
        return runs.map {
            Workload(
                id: $0.id, title: $0.title,
                kind: .pending("workload \($0.id) skipped: no em and og-floor in \(directory.path) (make bench builds them)"))
        }
    }

    /// The seeded store in `directory`, made on first use (untimed: called from a workload's
    /// set-up).
    ///
    /// The scripting workloads edit copies of it.
    static func store(_ em: String, in directory: URL) throws -> String {
        if let seededStore { return seededStore }
        let path = directory.appending(path: "em.sqlite").path
        _ = try ChildProcess.succeed(em, ["init", "--store", path])
        seededStore = path
        return path
    }

    private static func body(_ program: String, _ arguments: [String]) throws -> Body {
        { _ in
            var checksum = Checksum()
            for _ in 0..<launches where try ChildProcess.run(program, arguments).status == 0 { checksum.count += 1 }
            return checksum
        }
    }
}
