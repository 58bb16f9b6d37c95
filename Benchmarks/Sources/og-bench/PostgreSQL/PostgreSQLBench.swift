import Foundation
import ObjectGraph

/// Workloads 1 to 7 on a PostgreSQL server: ObjectGraph's PostgreSQL store against raw libpq
/// doing the same work (same server, same transactions, prepared statements, pipelines), each
/// side on a schema of its own made afresh for every run.
struct PostgreSQLBench {
    let url: String
    let scenario: Scenario
    let runs: Int
    let warmups: Int
    private let admin: RawPostgreSQL
    private static let schemaCounter = Counter()

    /// One workload: its ID, title, whether it starts from a seeded schema, the largest ratio
    /// to raw libpq it may take (none for one measured for information), and its two sides.
    struct Workload {
        var id: String
        var title: String
        var seeded = true
        var target: Double? = 1.5
        var raw: (RawPostgreSQL, Scenario) throws -> Checksum
        /// Prepares the ObjectGraph side on a coordinator (untimed), returning the timed part.
        var objectGraph: (PersistentStoreCoordinator, Scenario) throws -> () throws -> Checksum
    }

    /// One workload measured: the medians, in seconds.
    struct Result {
        var workload: Workload
        var raw: Double
        var objectGraph: Double
        var ratio: Double { objectGraph / raw }
    }

    init(url: String, scenario: Scenario, runs: Int, warmups: Int) throws {
        self.url = url
        self.scenario = scenario
        self.runs = runs
        self.warmups = warmups
        admin = try RawPostgreSQL(url)
    }

    /// Measures every workload, checking that both sides agree.
    func run(_ workloads: [Workload], log: (String) -> Void) throws -> [Result] {
        var results: [Result] = []
        for workload in workloads {
            log("postgresql workload \(workload.id): \(workload.title)")
            var times: [String: [Double]] = ["raw": [], "og": []]
            for run in 0..<(warmups + runs) {
                var checksums: [String: Checksum] = [:]
                for side in ["raw", "og"] {
                    let schema = try fixture(seeded: workload.seeded)
                    defer { try? admin.execute("DROP SCHEMA \(schema) CASCADE") }
                    let location = url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
                    let clock = ContinuousClock()
                    let checksum: Checksum
                    let elapsed: Duration
                    if side == "raw" {
                        let connection = try RawPostgreSQL(location)
                        let start = clock.now
                        checksum = try workload.raw(connection, scenario)
                        elapsed = clock.now - start
                    } else {
                        let coordinator = PersistentStoreCoordinator(model: ObjectGraphSide.model)
                        try coordinator.addPersistentStore(.postgreSQL(url, schema: schema))
                        let body = try workload.objectGraph(coordinator, scenario)
                        let start = clock.now
                        checksum = try body()
                        elapsed = clock.now - start
                    }
                    checksums[side] = checksum
                    if run >= warmups {
                        let (seconds, attoseconds) = elapsed.components
                        times[side, default: []].append(Double(seconds) + Double(attoseconds) * 1e-18)
                    }
                }
                guard checksums["raw"] == checksums["og"] else {
                    throw RawPostgreSQL.Failure(
                        description:
                            "postgresql workload \(workload.id): raw libpq and ObjectGraph disagree: \(checksums["raw"]!) vs \(checksums["og"]!)"
                    )
                }
            }
            results.append(Result(workload: workload, raw: Self.median(times["raw"]!), objectGraph: Self.median(times["og"]!)))
        }
        return results
    }

    /// A new schema holding an empty store, or one seeded with the scenario's tournament.
    private func fixture(seeded: Bool) throws -> String {
        let schema = "bench_\(ProcessInfo.processInfo.processIdentifier)_\(Self.schemaCounter.next())"
        let coordinator = PersistentStoreCoordinator(model: ObjectGraphSide.model)
        try coordinator.addPersistentStore(.postgreSQL(url, schema: schema))
        if seeded {
            let connection = try RawPostgreSQL(url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)")
            _ = try PostgreSQLWorkloads.insert(connection, scenario)
        }
        return schema
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// The results as a table.
    static func table(_ results: [Result]) -> String {
        var lines = ["workload                                         raw libpq   ObjectGraph   ratio   target  met?"]
        for result in results {
            let title = "\(result.workload.id) \(result.workload.title)".padding(toLength: 48, withPad: " ", startingAt: 0)
            let target = result.workload.target.map {
                String(format: "≤ %.2f×  %@", $0, result.ratio <= $0 ? " yes" : "  NO")
            }
            lines.append(
                title + String(format: " %9.1f ms  %9.1f ms  %5.2f×", result.raw * 1000, result.objectGraph * 1000, result.ratio)
                    + "  " + (target ?? "      –      "))
        }
        return lines.joined(separator: "\n")
    }

    /// Numbers the schemas of one process.
    final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
