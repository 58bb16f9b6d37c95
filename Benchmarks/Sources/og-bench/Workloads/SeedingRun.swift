import Foundation

/// Workload S3: a whole `em init --setup PLIST --store NEW` process seeding a new store from a
/// big setup (``SetupPlist``), against the Python reference doing the same
/// (`Reference/seed_setup.py`, in the raw C column), and em's peak resident size against the
/// size of the plist.
///
/// Both sides create the store at a path where no file is. The reference reads em's schema,
/// entity numbers and metadata from the EURO 2012 store em made
/// (``CommandLineRuns/store(_:in:)``), none of its rows: em derives them from its model. The
/// checksum is a digest of the store each made (``EMStoreDigest``); a side that fails stops the
/// suite.
enum SeedingRun {
    /// The setup files made so far, by number of teams: path and size in bytes.
    nonisolated(unsafe) static var setups: [Int: (path: String, bytes: Int)] = [:]

    /// The workload, timing the em in `directory` on a setup of `teams` teams; the setup goes
    /// into `scratch` (the fixtures' directory, removed when og-bench ends).
    static func workload(programs directory: URL, scratch: URL, teams: Int) -> Workload {
        let em = directory.appending(path: "em").path
        let title = "em init --setup, \(teams.grouped) teams × \(NewSquads.squadSize) players vs Python script"
        if let reason = PythonReference.unavailable(em: em, script: "seed_setup.py") {
            return Workload(id: "S3", title: title, kind: .pending("workload S3 skipped: \(reason)"))
        }
        let python = PythonReference.interpreter!
        let reference = PythonReference.script("seed_setup.py")
        let setup = { try Self.setup(teams: teams, in: scratch).path }
        return Workload(
            id: "S3", title: title, kind: .time(ratio: 1.0), fixture: .newFile, writes: true, sides: [.rawC, .objectGraph],
            digest: EMStoreDigest.digest,
            onFile: [
                .rawC: { store in
                    Self.body(
                        python, [reference, try CommandLineRuns.store(em, in: scratch), try setup(), store], scratch: scratch)
                },
                .objectGraph: { store in Self.body(em, ["init", "--setup", try setup(), "--store", store], scratch: scratch) },
            ],
            peakResident: Workload.PeakResidentTarget(
                id: "S3m", title: "em init --setup: peak RSS vs plist size", ratio: 3.0, reference: "the plist",
                bytes: { setups[teams]?.bytes ?? 0 }))
    }

    /// The body of a side: `program` run to success through `Reference/peak_rss.py`.
    ///
    /// The launcher forks the program and reports the program's own peak resident size: a
    /// process og-bench spawned would start its peak from og-bench's own, as Linux counts it.
    /// Both sides pay the launcher's start.
    private static func body(_ program: String, _ arguments: [String], scratch: URL) -> Body {
        { probe in
            let peakFile = scratch.appending(path: "peak-rss.txt").path
            let launcher = PythonReference.script("peak_rss.py")
            _ = try ChildProcess.succeed(PythonReference.interpreter!, [launcher, peakFile, program] + arguments)
            let kibibytes = Int(try String(contentsOfFile: peakFile, encoding: .utf8)) ?? 0
            probe.markChild(ChildProcess(status: 0, peakResidentBytes: kibibytes * 1024))
            var checksum = Checksum()
            checksum.add(1)
            return checksum
        }
    }

    /// The setup of `teams` teams, written into `directory` on first use (untimed).
    private static func setup(teams: Int, in directory: URL) throws -> (path: String, bytes: Int) {
        if let setup = setups[teams] { return setup }
        let path = directory.appending(path: "setup-\(teams).plist").path
        let data = Data(SetupPlist.text(NewSquads(count: teams)).utf8)
        try data.write(to: URL(filePath: path))
        setups[teams] = (path, data.count)
        return (path, data.count)
    }

}
