import Foundation

/// Workloads S1 and S2: a whole `em shell --store STORE < SCRIPT` process that adds new squads
/// to the EURO 2012 store and saves (``ShellScript``), against the Python reference doing the
/// same (`Reference/shell_script.py`, in the raw C column).
///
/// Each run edits a fresh copy of the store `em init` seeded (``CommandLineRuns/store(_:in:)``);
/// both sides read the same script file on their standard input. The checksum is a digest of
/// the store each left (``EMStoreDigest``), so both must have written the same rows; a side
/// that fails stops the suite. S1's script adds `teams` teams, S2's ten times as many: S2's
/// target is em's time over its time on S1 (linear growth: at most 11 times).
enum ScriptingRuns {
    /// The script files made so far, by number of teams.
    nonisolated(unsafe) static var scripts: [Int: String] = [:]

    /// The workloads, timing the em in `directory`; the scripts and the store go into `scratch`
    /// (the fixtures' directory, removed when og-bench ends).
    static func workloads(programs directory: URL, scratch: URL, teams: Int) -> [Workload] {
        let em = directory.appending(path: "em").path
        let sizes = [("S1", teams), ("S2", teams * 10)]
        func title(_ teams: Int) -> String {
            "em shell < \((teams * (NewSquads.squadSize + 1) + 1).grouped)-line script vs Python script"
        }
        if let reason = PythonReference.unavailable(em: em, script: "shell_script.py") {
            return sizes.map { Workload(id: $0.0, title: title($0.1), kind: .pending("workload \($0.0) skipped: \(reason)")) }
        }
        let python = PythonReference.interpreter!
        let reference = PythonReference.script("shell_script.py")
        return sizes.map { id, teams in
            let script = { try Self.script(teams: teams, in: scratch) }
            return Workload(
                id: id, title: title(teams),
                kind: id == "S1"
                    ? .time(ratio: 3.0)
                    : .scaling(base: "S1", ratio: 11.0, title: "em shell, 10× the lines: em S2 over em S1"),
                fixture: .copy(of: { try CommandLineRuns.store(em, in: scratch) }), writes: true,
                sides: [.rawC, .objectGraph], digest: EMStoreDigest.digest,
                onFile: [
                    .rawC: { store in ChildProcess.body(python, [reference, store], input: try script()) },
                    .objectGraph: { store in ChildProcess.body(em, ["shell", "--store", store], input: try script()) },
                ])
        }
    }

    /// The script adding `teams` teams, written into `directory` on first use (untimed).
    private static func script(teams: Int, in directory: URL) throws -> String {
        if let path = scripts[teams] { return path }
        let path = directory.appending(path: "script-\(teams).em").path
        try Data(ShellScript.text(NewSquads(count: teams)).utf8).write(to: URL(filePath: path))
        scripts[teams] = path
        return path
    }

}
