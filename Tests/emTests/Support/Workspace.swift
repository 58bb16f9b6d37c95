import Foundation
import ObjectGraph
import TestSupport
import Testing

/// A temporary directory of one test, with its own store file, removed when the test ends.
final class Workspace {
    /// The temporary directory, removed with the workspace.
    private let temporaryDirectory: TemporaryDirectory
    /// The directory.
    var directory: URL { temporaryDirectory.url }
    /// The store file (`--store`) the test uses.
    ///
    /// em makes a named store only when `em init` is asked to, so the workspace runs `em init`
    /// on it before the first command that is not itself an `em init` (see
    /// ``run(_:stdin:store:)``).
    let store: URL

    /// The store commands use unless they name another: the file ``store``, or a schema of its
    /// own on the test server.
    let storeArgument: String

    /// A new, empty workspace, whose store is a file, or, for `.postgreSQL`, a schema on the
    /// test server.
    init(_ kind: StoreKind = .sqlite) throws {
        temporaryDirectory = try TemporaryDirectory(prefix: "emTests")
        store = temporaryDirectory.file("em.sqlite")
        storeArgument =
            kind == .postgreSQL
            ? try PostgreSQLTestServer.connectionURL() + "?schema=" + PostgreSQLTestServer.newSchema() : store.path
    }

    /// Whether the workspace's store exists yet.
    private var storeExists: Bool {
        get throws {
            guard let server = TournamentLocationURL(storeArgument) else {
                return FileManager.default.fileExists(atPath: store.path)
            }
            return try PersistentStoreCoordinator.persistentStoreExists(at: .postgreSQL(server.connection, schema: server.schema))
        }
    }

    /// A path in the workspace.
    func path(_ name: String) -> String {
        directory.appending(path: name).path
    }

    /// Runs `em ARGUMENTS --store STORE`.
    @discardableResult
    func em(_ arguments: String..., stdin: String = "", store: String? = nil) throws -> EMResult {
        try run(arguments, stdin: stdin, store: store)
    }

    /// Runs `em ARGUMENTS --store STORE` with `environment`'s variables set (`TZ`, `COLUMNS`).
    @discardableResult
    func em(_ arguments: String..., environment: [String: String]) throws -> EMResult {
        try run(arguments, environment: environment)
    }

    /// Runs `em` with the arguments of an array, `--store STORE` added, and `environment`'s
    /// variables set.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String]) throws -> EMResult {
        try run(arguments, stdin: "", store: nil, environment: environment)
    }

    /// Runs `em ARGUMENTS --store STORE`, the workspace's store unless `store` is given; a
    /// workspace store that does not exist yet is first made with `em init`, as a user
    /// naming a store must, unless the command is an `em init` itself.
    private func run(
        _ arguments: [String], stdin: String, store: String?, environment: [String: String] = [:]
    ) throws -> EMResult {
        if store == nil, arguments.first != "init", try !storeExists {
            let made = try EMProcess.run(["init", "--store", storeArgument], home: directory)
            try #require(made.status == 0, "em init: \(made.stderr)")
        }
        return try EMProcess.run(
            arguments + ["--store", store ?? storeArgument], stdin: stdin, home: directory, environment: environment)
    }

    /// Runs `em ARGUMENTS` as given, without adding `--store`.
    @discardableResult
    func emWithoutStore(_ arguments: [String], stdin: String = "") throws -> EMResult {
        try EMProcess.run(arguments, stdin: stdin, home: directory)
    }

    /// Runs `em` and expects it to succeed without diagnostics.
    @discardableResult
    func succeed(
        _ arguments: String..., stdin: String = "", store: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        try succeed(arguments, stdin: stdin, store: store, sourceLocation: sourceLocation)
    }

    /// Runs `em` with the arguments of an array and expects it to succeed without diagnostics.
    @discardableResult
    func succeed(
        _ arguments: [String], stdin: String = "", store: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try run(arguments, stdin: stdin, store: store)
        #expect(result.status == 0, "em \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs `em` and expects it to fail with `status`, one diagnostic line `em: …` containing
    /// `message`, and nothing on standard output.
    @discardableResult
    func fail(
        _ arguments: String..., status: Int32, message: String, stdin: String = "", store: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> EMResult {
        let result = try run(arguments, stdin: stdin, store: store)
        expectFailure(result, status: status, message: message, sourceLocation: sourceLocation)
        return result
    }

    /// The whole tournament as CSV: groups, teams, players, coaches and matches, to compare a
    /// store before and after a command.
    func snapshot(store: String? = nil) throws -> String {
        try ["groups", "teams", "players", "coaches", "matches"].map { kind in
            let result = try em("list", kind, "--format", "csv", store: store)
            #expect(result.status == 0, "em list \(kind): \(result.stderr)")
            return result.stdout
        }.joined(separator: "\n")
    }

    /// A seeded store, and its snapshot.
    @discardableResult
    func seeded() throws -> String {
        try succeed("init")
        return try snapshot()
    }
}

/// Expects `result` to be a failure with `status`, exactly one diagnostic line `em: …`
/// containing `message`, and nothing on standard output.
func expectFailure(_ result: EMResult, status: Int32, message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("em: "), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    if !message.isEmpty {
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    }
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
}

/// A test server store's URL taken apart as em takes it: the URL without its `schema`
/// parameter, and the schema.
struct TournamentLocationURL {
    let connection: String
    let schema: String

    init?(_ text: String) {
        guard text.hasPrefix("postgresql://"), let range = text.range(of: "?schema=") else { return nil }
        connection = String(text[..<range.lowerBound])
        schema = String(text[range.upperBound...])
    }
}
