import ArgumentParser
import Foundation

/// `og-bench`: ObjectGraph next to the raw SQLite C API and GRDB records, on the same
/// workloads, the same schema and the same libsqlite3.
@main
struct OGBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "og-bench",
        abstract: "Benchmark ObjectGraph against raw SQLite and GRDB on a synthetic tournament.",
        discussion: """
            Each workload runs on a fresh copy of a prepared store; the three implementations \
            must produce the same checksum. Prints medians and ratios, and writes JSON.
            """)

    @Option(help: "Measured runs per workload and implementation (the median is reported).")
    var runs = 5

    @Option(help: "Unmeasured warm-up runs before them.")
    var warmups = 1

    @Option(
        name: .customLong("filter"), parsing: .upToNextOption,
        help: """
            Workloads to run, by ID (3 selects 3a and 3b, S5 selects S5a to S5c, S selects S1 to S5c); \
            comma-separated or repeated.
            """)
    var filters: [String] = []

    @Option(
        name: .customLong("only"), parsing: .upToNextOption,
        help: "Implementations to run: raw, grdb, og (default: all); comma-separated or repeated.")
    var only: [String] = []

    @Option(help: "Teams in the tournament (25 players each).")
    var teams = 4_000

    @Option(help: "Single-object faults fired by workload 6.")
    var faults = 10_000

    @Option(help: "Seed of the random order of workload 6.")
    var seed: UInt64 = 2012

    @Option(help: "Teams the shell script of workload S1 adds (24 lines each); S2's adds ten times as many.")
    var scriptTeams = 43

    @Option(help: "Teams in the setup plist workload S3 seeds from (23 players each).")
    var setupTeams = 1_722

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database to run workloads 1 to 7 on as well, raw libpq against ObjectGraph (default: $OG_TEST_POSTGRESQL_URL; make bench starts a throwaway server).",
            valueName: "url"))
    var postgresql: String?

    @Option(help: "Teams in the PostgreSQL workloads' tournament (25 players each).")
    var postgresqlTeams = 400

    @Option(
        help:
            "Measured runs per PostgreSQL workload and side: they take milliseconds, and a round trip's time varies more than a run of the SQLite workloads."
    )
    var postgresqlRuns = 15

    @Option(help: "Where workloads 9 and S1 to S5c find em and og-floor (default: beside og-bench).")
    var programs: String?

    @Option(help: "Where to write the JSON results (default: results/latest.json in the package, for a full run only).")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "JSON results of an earlier run to compare with (default: the file a run writes, before it replaces it).",
            valueName: "results.json"))
    var compare: String?

    /// The names `--only` lists, comma-separated or not.
    private var onlyNames: [String] { only.flatMap { $0.split(separator: ",").map(String.init) } }

    /// The implementations `--only` names, in their table order; all of them by default.
    var implementations: [Implementation] {
        let names = Set(onlyNames)
        return Implementation.allCases.filter { names.isEmpty || names.contains($0.rawValue) }
    }

    static let defaultOutput = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "results/latest.json")

    mutating func validate() throws {
        filters = filters.flatMap { $0.split(separator: ",").map(String.init) }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
        guard warmups >= 0 else { throw ValidationError("--warmups cannot be negative") }
        guard teams >= 4 else { throw ValidationError("--teams must be at least 4") }
        guard (1...teams * 25).contains(faults) else {
            throw ValidationError("--faults must be between 1 and the number of players")
        }
        guard (1...NewSquads.maximumCount / 10).contains(scriptTeams) else {
            throw ValidationError("--script-teams must be between 1 and \(NewSquads.maximumCount / 10)")
        }
        guard (1...NewSquads.maximumCount).contains(setupTeams) else {
            throw ValidationError("--setup-teams must be between 1 and \(NewSquads.maximumCount)")
        }
        if let unknown = onlyNames.first(where: { Implementation(rawValue: $0) == nil }) {
            throw ValidationError("--only \(unknown): expected raw, grdb or og")
        }
        guard only.isEmpty || !onlyNames.isEmpty else { throw ValidationError("--only names no implementation") }
    }

    func run() throws {
        if filters == ["pg"] {
            try runPostgreSQL()
            return
        }
        let outputURL = output.map { URL(filePath: $0) } ?? (isFullRun ? Self.defaultOutput : nil)
        // Read first: a run replaces the file it compares with by default, and a bad file
        // should stop the run before it starts, not after.
        let earlier = try earlierReport(replacing: outputURL)
        let tournament = Tournament(teamCount: teams)
        let fixtures = try Fixtures(tournament: tournament, faultCount: faults, seed: seed)
        let scenario = fixtures.scenario
        let programs = programs.map { URL(filePath: $0) } ?? Bundle.main.executableURL!.deletingLastPathComponent()
        let workloads = Workload.selected(
            Self.workloads(
                scenario, programs: programs, scratch: fixtures.directory, scriptTeams: scriptTeams, setupTeams: setupTeams),
            by: filters)
        guard !workloads.isEmpty else { throw ValidationError("--filter \(filters.joined(separator: ",")) selects no workload") }

        let runner = Runner(fixtures: fixtures, runs: runs, warmups: warmups, implementations: implementations) {
            FileHandle.standardError.write(Data(($0 + "\n").utf8))
        }
        var report = Report(
            date: ISO8601DateFormatter().string(from: Date()), machine: .current(), runs: runs, warmups: warmups,
            teams: tournament.teams.count, players: tournament.players.count, seed: seed, scriptTeams: scriptTeams,
            setupTeams: setupTeams)
        for workload in workloads {
            if case .pending(let message) = workload.kind {
                print(message)
                report.add(Measurement(workload: workload))
                continue
            }
            FileHandle.standardError.write(Data("workload \(workload.id): \(workload.title)\n".utf8))
            report.add(try runner.measure(workload))
        }

        print()
        print(
            "ObjectGraph vs raw SQLite C API vs GRDB \(report.machine.grdb) — \(report.teams) teams, \(report.players) players, median of \(runs) run(s) after \(warmups) warm-up(s), SQLite \(report.machine.sqlite)"
        )
        print(report.table)

        if let earlier {
            print()
            print(Comparison(before: earlier, now: report).table)
        }
        if let outputURL {
            try report.write(to: outputURL)
            print("\nwrote \(outputURL.path)")
        }
        try runPostgreSQL()
    }

    /// Workloads 1 to 7 on PostgreSQL, when a server is given and no filter leaves them out
    /// (`--filter pg` selects them alone).
    private func runPostgreSQL() throws {
        let url = postgresql ?? ProcessInfo.processInfo.environment["OG_TEST_POSTGRESQL_URL"]
        guard let url, filters.isEmpty || filters.contains("pg") else {
            if filters.isEmpty { print("\nPostgreSQL workloads not run: no --postgresql URL (make bench starts a server)") }
            return
        }
        let scenario = Scenario(
            tournament: Tournament(teamCount: postgresqlTeams),
            teamEntity: Int64(ObjectGraphSide.model.entity(named: "Team")!.entityNumber),
            playerEntity: Int64(ObjectGraphSide.model.entity(named: "Player")!.entityNumber),
            faultCount: min(faults, postgresqlTeams * 25 / 10), seed: seed)
        let bench = try PostgreSQLBench(url: url, scenario: scenario, runs: postgresqlRuns, warmups: warmups)
        let results = try bench.run(PostgreSQLWorkloads.all(scenario)) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        print()
        print(
            "ObjectGraph vs raw libpq on PostgreSQL — \(scenario.tournament.teams.count) teams, \(scenario.tournament.players.count) players, median of \(postgresqlRuns) run(s) after \(warmups) warm-up(s); a save is 3 round trips, 2 without inserts"
        )
        print(PostgreSQLBench.table(results))
        print("7 deletes through a context, for information; 7b, the batch delete made for that work, carries the target")
        try runCommandLinesOnPostgreSQL(url: url)
    }

    /// em's one-shot commands on a PostgreSQL store against a SQLite file, when em is there.
    private func runCommandLinesOnPostgreSQL(url: String) throws {
        let directory = programs.map { URL(filePath: $0) } ?? Bundle.main.executableURL!.deletingLastPathComponent()
        let em = directory.appending(path: "em").path
        guard FileManager.default.isExecutableFile(atPath: em) else {
            print("\nem on PostgreSQL not measured: no em in \(directory.path) (make bench builds it)")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appending(path: "og-bench-em-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        FileHandle.standardError.write(Data("em one-shot commands: SQLite file and PostgreSQL\n".utf8))
        let results = try PostgreSQLCommandLines(em: em, url: url, runs: runs).run(scratch: scratch)
        print()
        print(
            "em one-shot commands on a PostgreSQL store and on a SQLite file — EURO 2024 with its results, median of \(runs) run(s) of \(PostgreSQLCommandLines.launches) launches"
        )
        print(PostgreSQLCommandLines.table(results))
    }

    /// Whether the run has the default workloads, sides and sizes: the run whose results
    /// `results/latest.json` keeps.
    private var isFullRun: Bool {
        filters.isEmpty && implementations.count == Implementation.allCases.count && teams == 4_000 && faults == 10_000
            && scriptTeams == 43 && setupTeams == 1_722
    }

    /// The report to compare with: `--compare`'s, else the one at `output` if there is one
    /// there to replace (and readable: a file of an older format is not compared, with a note).
    private func earlierReport(replacing output: URL?) throws -> Report? {
        if let compare {
            do {
                return try Report.read(from: URL(filePath: compare))
            } catch {
                throw ValidationError("--compare \(error)")
            }
        }
        guard let output, FileManager.default.fileExists(atPath: output.path) else { return nil }
        do {
            return try Report.read(from: output)
        } catch {
            FileHandle.standardError.write(Data("not comparing with \(error)\n".utf8))
            return nil
        }
    }

    /// Every workload, in order.
    static func workloads(_ scenario: Scenario, programs: URL, scratch: URL, scriptTeams: Int, setupTeams: Int) -> [Workload] {
        [Insert.workload(scenario), FetchAll.workload(scenario)]
            + PredicateFetch.workloads(scenario)
            + [
                Traverse.workload(scenario), Update.workload(scenario), FaultByID.workload(scenario),
                CascadeDelete.workload(scenario), CascadeBatchDelete.workload(scenario), Migration.workload(scenario),
            ]
            + MemoryUse.workloads(scenario)
            + CommandLineRuns.workloads(scenario, programs: programs, scratch: scratch)
            + ScriptingRuns.workloads(programs: programs, scratch: scratch, teams: scriptTeams)
            + ScenariosRuns.workloads(programs: programs, scratch: scratch)
            + [
                SeedingRun.workload(programs: programs, scratch: scratch, teams: setupTeams),
                FootballTextImportRun.workload(programs: programs),
            ]
    }
}
