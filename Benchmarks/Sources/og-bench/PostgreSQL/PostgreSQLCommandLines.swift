import Foundation

/// em's one-shot commands on a PostgreSQL store against the same commands on a SQLite file:
/// whole processes, each store seeded with EURO 2024 and its results by `em init`.
///
/// A run launches a command ``launches`` times one after the other; the table gives the median
/// time of one launch on each store and their ratio. The writing command alternates two scores,
/// so that every launch saves.
struct PostgreSQLCommandLines {
    /// The em program.
    let em: String
    /// The server's URL.
    let url: String
    /// Measured runs per command and store (the median is reported).
    let runs: Int

    /// Launches per timed run.
    static let launches = 10

    /// The commands compared, with the arguments of each launch (by its number).
    static let commands: [(title: String, arguments: @Sendable (Int) -> [String])] = [
        ("em list teams", { _ in ["list", "teams"] }),
        ("em standings", { _ in ["standings"] }),
        ("em show match 51", { _ in ["show", "match", "51"] }),
        ("em result 1 N:1 (a save)", { launch in ["result", "1", "\(6 + launch % 2):1"] }),
    ]

    /// One command measured: the median time of one launch on each store, in seconds.
    struct Result {
        var title: String
        var sqlite: Double
        var postgreSQL: Double
    }

    /// Seeds both stores, times every command on each, and removes the server's schema.
    ///
    /// - Throws: ``ChildProcess/Failure`` when em cannot seed a store or a command fails.
    func run(scratch: URL) throws -> [Result] {
        let file = scratch.appending(path: "em-oneshot.sqlite").path
        let schema = "og_bench_em_\(getpid())"
        let server = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
        let admin = try RawPostgreSQL(url)
        defer { try? admin.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") }
        for store in [file, server] {
            _ = try ChildProcess.succeed(em, ["init", "--tournament", "2024", "--with-results", "--store", store])
        }
        return try Self.commands.map { command in
            var times: [String: [Double]] = [file: [], server: []]
            for _ in 0..<runs {
                for store in [file, server] {
                    let clock = ContinuousClock()
                    let start = clock.now
                    for launch in 0..<Self.launches {
                        _ = try ChildProcess.succeed(em, command.arguments(launch) + ["--store", store])
                    }
                    let elapsed = clock.now - start
                    times[store]!.append(
                        (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                            / Double(Self.launches))
                }
            }
            return Result(
                title: command.title, sqlite: PostgreSQLBench.median(times[file]!),
                postgreSQL: PostgreSQLBench.median(times[server]!))
        }
    }

    /// The results as a table.
    static func table(_ results: [Result]) -> String {
        var lines = ["em one-shot command (one launch)               SQLite file    PostgreSQL   ratio"]
        for result in results {
            let title = result.title.padding(toLength: 48, withPad: " ", startingAt: 0)
            lines.append(
                title
                    + String(
                        format: " %9.1f ms  %9.1f ms  %5.2f×", result.sqlite * 1000, result.postgreSQL * 1000,
                        result.postgreSQL / result.sqlite))
        }
        return lines.joined(separator: "\n")
    }
}
