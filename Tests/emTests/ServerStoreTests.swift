import Foundation
import ObjectGraph
import ObjectGraphPostgreSQL
import TestSupport
import Testing

/// em on a PostgreSQL server: `--store postgresql://…` and `$EM_STORE` wherever a file works,
/// copies between file and server, and one-line errors that never show a password.
@Suite("em on a PostgreSQL server")
struct ServerStoreTests {
    /// A URL of a schema of its own on the test server.
    static func serverStore() throws -> String {
        try PostgreSQLTestServer.connectionURL() + "?schema=" + PostgreSQLTestServer.newSchema()
    }

    @Test("init, edits and reports work on a server as on a file, with the same answers")
    func serverAnswersAsFile() throws {
        let workspace = try Workspace()
        let server = try Self.serverStore()
        let file = workspace.path("euro.sqlite")
        for store in [server, file] {
            try workspace.succeed("init", "--tournament", "2024", "--with-results", store: store)
            try workspace.succeed("result", "1", "--clear", store: store)
            try workspace.succeed("result", "1", "1:1", store: store)
        }
        for report in [["standings", "--explain"], ["standings", "--thirds"], ["bracket"], ["list", "matches"]] {
            #expect(try workspace.succeed(report, store: server) == workspace.succeed(report, store: file), "\(report)")
        }
        #expect(try workspace.succeed("show", "match", "1", store: server).contains("1:1"))
    }

    @Test("em log records a command on a server without the password of its URL")
    func logLeavesPasswordOut() throws {
        let workspace = try Workspace()
        let server = try Self.serverStore()
        // The test server trusts its clients: a password in the URL is sent to nobody.
        let withPassword = server.replacingOccurrences(of: "://postgres@", with: "://postgres:s3cret@")
        try #require(withPassword != server)
        try workspace.succeed("init", "--tournament", "2024", store: withPassword)
        try workspace.succeed("result", "1", "2:0", store: withPassword)
        let log = try workspace.succeed("log", "--format", "json", store: server)
        #expect(!log.contains("s3cret"))
        #expect(log.contains("em result 1 2:0 --store 'postgresql://postgres:***@"), "\(log)")
    }

    @Test("$EM_STORE names a server as --store does")
    func environmentNamesServer() throws {
        let workspace = try Workspace()
        let server = try Self.serverStore()
        try workspace.succeed("init", "--tournament", "2012", store: server)
        let result = try EMProcess.run(["list", "teams"], home: workspace.directory, environment: ["EM_STORE": server])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("GER"))
    }

    @Test("A schema without a store is refused, and not made, by every command but init")
    func missingServerStore() throws {
        let workspace = try Workspace()
        let server = try Self.serverStore()
        try workspace.fail(
            "list", "teams", status: 66, message: "create one with `em init --store` and the same URL", store: server)
        let schema = String(server.split(separator: "=").last!)
        #expect(
            try !PersistentStoreCoordinator.persistentStoreExists(
                at: .postgreSQL(PostgreSQLTestServer.connectionURL(), schema: schema)))
    }

    @Test("save --to copies a file store into a server, and a server store back into a file, every match keeping its number")
    func copiesBetweenFileAndServer() throws {
        let workspace = try Workspace()
        let file = workspace.path("euro.sqlite")
        try workspace.succeed("init", "--tournament", "2024", "--with-results", store: file)
        try workspace.succeed("result", "2", "3:3", store: file)
        // A gap in the match numbers, which a copy through the setup would close.
        try workspace.succeed("schedule", "remove", "3", "--force", store: file)
        let server = try Self.serverStore()
        try workspace.succeed("save", "--to", server, store: file)
        let back = workspace.path("back.sqlite")
        try workspace.succeed("save", "--to", back, store: server)
        #expect(try workspace.snapshot(store: server) == workspace.snapshot(store: file))
        #expect(try workspace.snapshot(store: back) == workspace.snapshot(store: file))
        let matches = try workspace.succeed("list", "matches", "--format", "csv", store: file)
        #expect(try workspace.succeed("list", "matches", "--format", "csv", store: server) == matches)
        #expect(try workspace.succeed("list", "matches", "--format", "csv", store: back) == matches)
        #expect(!matches.contains("\n3,"))
        // A schema holding a tournament is not overwritten.
        try workspace.fail("save", "--to", server, status: 65, message: "already", store: file)
    }

    @Test(
        "A schema name that is not one is refused before anything connects: exit 64, one line, nothing made",
        arguments: ["a;drop", "", "1abc", "a\"b", String(repeating: "a", count: 64)])
    func invalidSchemaName(schema: String) throws {
        let workspace = try Workspace()
        let url = try PostgreSQLTestServer.connectionURL()
        let store = url + "?schema=" + (schema.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? schema)
        try workspace.fail("list", "teams", status: 64, message: "is not one: 1 to 63 letters", store: store)
        try workspace.fail("init", "--tournament", "2024", status: 64, message: "is not one: 1 to 63 letters", store: store)
        try workspace.fail("save", "--to", store, status: 64, message: "--to: the schema name")
        // Nothing was made on the server.
        let schemas = try PostgreSQLConnection(url).execute(
            "SELECT count(*) FROM pg_catalog.pg_namespace WHERE nspname = $1", [.text(schema)])
        #expect(schemas.int64(0, 0) == 0)
    }

    @Test("A password never shows, whether the server accepts it or not")
    func passwordNeverShows() throws {
        let workspace = try Workspace()
        let url = try PostgreSQLTestServer.connectionURL()
        let schema = PostgreSQLTestServer.newSchema()
        let good = url.replacingOccurrences(of: "postgres@", with: "og_secret:og-secret-password@") + "?schema=\(schema)"
        let made = try workspace.em("init", "--tournament", "2012", store: good)
        #expect(made.status == 0, "\(made.stderr)")
        let listed = try workspace.em("list", "teams", store: good)
        #expect(listed.status == 0)
        let bad = url.replacingOccurrences(of: "postgres@", with: "og_secret:hunter2-wrong@") + "?schema=\(schema)"
        let refused = try workspace.em("list", "teams", store: bad)
        #expect(refused.status == 74)
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
        for result in [made, listed, refused] {
            #expect(!(result.stdout + result.stderr).contains("og-secret-password"))
            #expect(!(result.stdout + result.stderr).contains("hunter2"))
        }
    }

    @Test("A server that is down gives one line naming host and database, at once")
    func serverDown() throws {
        let workspace = try Workspace()
        let start = Date()
        let result = try workspace.em("list", "teams", store: "postgresql://postgres:secret@127.0.0.1:1/tournaments")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 74)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("127.0.0.1:1/tournaments"))
        #expect(!result.stderr.contains("secret"))
    }
}
