import Foundation

/// Workloads S5a to S5c: a whole `em scenarios` process on EURO 2024, against the deadlines
/// the planner promises: one group before its last matchday within 50 ms, the six groups within
/// 1 s, one group after its first matchday within 2 s.
///
/// The stores are seeded once by `em init --tournament 2024 --with-results`, then the results
/// of the matchdays to come cleared (untimed). The raw C column is the floor program opening
/// the same store, for information: what any process that opens it costs.
enum ScenariosRuns {
    /// The stores made so far, by the last matchday whose results they keep.
    nonisolated(unsafe) static var stores: [Int: String] = [:]

    /// The workloads, timing the programs in `directory`; the stores go into `scratch`.
    static func workloads(programs directory: URL, scratch: URL) -> [Workload] {
        let em = directory.appending(path: "em").path
        let floor = directory.appending(path: "og-floor").path
        let runs: [(id: String, title: String, matchday: Int, arguments: [String], milliseconds: Double)] = [
            ("S5a", "em scenarios A, EURO 2024 before matchday 3", 2, ["scenarios", "A"], 50),
            ("S5b", "em scenarios, the six groups before matchday 3", 2, ["scenarios"], 1000),
            ("S5c", "em scenarios A, EURO 2024 after matchday 1", 1, ["scenarios", "A"], 2000),
        ]
        if let skipped = CommandLineRuns.skippedWithoutPrograms(runs.map { ($0.id, $0.title) }, in: directory) {
            return skipped
        }
        return runs.map { run in
            let store = { try Self.store(em, keepingMatchdays: run.matchday, in: scratch) }
            return Workload(
                id: run.id, title: run.title, kind: .deadline(milliseconds: run.milliseconds), sides: [.rawC, .objectGraph],
                rawC: { _ in ChildProcess.body(floor, [try store()]) },
                objectGraph: { _ in ChildProcess.body(em, run.arguments + ["--store", try store()]) })
        }
    }

    /// The EURO 2024 store with the results of the first `matchdays` matchdays, made in
    /// `directory` on first use.
    private static func store(_ em: String, keepingMatchdays matchdays: Int, in directory: URL) throws -> String {
        if let path = stores[matchdays] { return path }
        let path = directory.appending(path: "euro2024-after-\(matchdays).sqlite").path
        _ = try ChildProcess.succeed(em, ["init", "--tournament", "2024", "--with-results", "--store", path])
        // Matches 1 to 12 are the first matchday, 13 to 24 the second, 25 to 36 the third.
        for match in (matchdays * 12 + 1)...36 {
            _ = try ChildProcess.succeed(em, ["result", String(match), "--clear", "--store", path])
        }
        stores[matchdays] = path
        return path
    }
}
