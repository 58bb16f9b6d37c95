import Foundation
import ObjectGraphPostgreSQL

/// The malformed-input table on a PostgreSQL store: the predicates and command lines of
/// ``PredicateInputs`` and ``ArgumentInputs`` that need no input file, run against a EURO 2012
/// store in a schema of its own, and the server's own malformed inputs (schema names that are
/// not ones; a port, host, database, user or connection parameter that is not there).
///
/// Expected for each: the exit status its family documents, exactly one line on standard
/// error, nothing on standard output, and every row of the store's schema as it was.
struct ServerInputPhase {
    /// The suite's context.
    let context: StressContext
    /// The server's URL, without a schema.
    let url: String

    /// The schema of the store the inputs run against.
    static let schema = "stress_inputs"

    /// Runs the table and checks each answer.
    func run(into report: inout StressReport) throws {
        let store = url + "?schema=\(Self.schema)"
        let made = context.runner.run(["init", "--store", store])
        guard made.succeeded else { throw StressFailure(description: "em init on the server: \(made.summary)") }
        let folder = try context.workspace.folder("server-inputs")
        let inputs =
            (PredicateInputs.all() + ArgumentInputs.all()).filter { input in
                guard case .planner = input.store, case .missing = input.file else { return false }
                return true
            }.map { ($0, store) } + serverInputs()
        var failed = 0
        var dump = try self.dump()
        for (number, input) in inputs.enumerated() {
            let arguments = input.0.arguments.map { argument in
                argument.replacingOccurrences(of: "@STORE", with: input.1).replacingOccurrences(of: "@DIR", with: folder.path)
            }
            let outcome = context.runner.run(arguments, stdin: input.0.stdin)
            let label = "server input #\(number) [\(input.0.family.rawValue)] \(input.0.name)"
            if let crash = outcome.crash {
                report.add(.crashes, "\(label): \(crash): \(outcome.summary); repeat: \(outcome.commandLine)")
                failed += 1
                continue
            }
            var problems: [String] = []
            if outcome.signaled || outcome.status != input.0.expected { problems.append("expected exit \(input.0.expected)") }
            if !outcome.hasOneErrorLine { problems.append("expected one line on standard error") }
            if !outcome.stdout.isEmpty { problems.append("expected nothing on standard output") }
            let after = try self.dump()
            if after != dump {
                problems.append("expected the store's rows unchanged")
                dump = after
            }
            if !problems.isEmpty {
                failed += 1
                report.add(
                    .malformedInputs,
                    "\(label): \(problems.joined(separator: "; ")); got \(outcome.summary); repeat: \(outcome.commandLine)")
            }
        }
        report.notes.append("server inputs: \(inputs.count) run, \(failed) failed")
    }

    /// The server's own malformed inputs, each with the store URL it is run with.
    private func serverInputs() -> [(MalformedInput, String)] {
        let base = URLComponents(string: url)
        var inputs: [(MalformedInput, String)] = []
        for (why, schema) in [
            ("a schema name with a semicolon", "a%3Bdrop"), ("an empty schema name", ""), ("a schema name with a quote", "a%22b"),
            ("a schema name starting with a digit", "1abc"), ("a schema name of 64 letters", String(repeating: "a", count: 64)),
        ] {
            for arguments in [["list", "teams"], ["init"], ["result", "1", "1:0"]] {
                inputs.append(
                    (
                        MalformedInput(family: .argument, name: why, arguments: arguments + ["--store", "@STORE"], expected: 64),
                        url + "?schema=\(schema)"
                    ))
            }
        }
        var unreachable: [(String, String)] = [("a parameter libpq does not know", url + "?schema=\(Self.schema)&bogus=1")]
        if var components = base {
            components.port = 1
            unreachable.append(("a port nothing listens on", components.string ?? url))
            components.port = base?.port
            components.path = "/no_such_database"
            unreachable.append(("a database that is not there", components.string ?? url))
            components.path = base?.path ?? ""
            components.user = "no_such_user"
            unreachable.append(("a user that is not there", components.string ?? url))
            components.user = base?.user
            components.host = "no-such-host.invalid"
            unreachable.append(("a host that is not there", components.string ?? url))
        }
        for (why, store) in unreachable {
            for arguments in [["list", "teams"], ["result", "1", "1:0"]] {
                inputs.append(
                    (
                        MalformedInput(family: .store, name: why, arguments: arguments + ["--store", "@STORE"], expected: 74),
                        store
                    ))
            }
        }
        return inputs
    }

    /// Every row of the store's schema, table by table, as text.
    private func dump() throws -> [String] {
        let connection = try PostgreSQLConnection(url)
        let tables = try connection.execute(
            "SELECT tablename::text FROM pg_catalog.pg_tables WHERE schemaname = $1 ORDER BY tablename", [.text(Self.schema)])
        var lines: [String] = []
        for table in (0..<tables.rowCount).compactMap({ tables.text($0, 0) }) {
            let rows = try connection.execute("SELECT CAST(ROW(t.*) AS TEXT) FROM \(Self.schema).\(table) t")
            lines += (0..<rows.rowCount).map { "\(table) \(rows.text($0, 0) ?? "")" }.sorted()
        }
        return lines
    }
}
