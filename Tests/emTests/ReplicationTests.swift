import Foundation
import TestSupport
import Testing

/// em beyond one server: reading from a streaming hot standby, and failing over to it when the
/// primary dies, with synchronous replication, on two clusters of localhost.
@Suite("em with a hot standby")
struct ReplicationTests {
    @Test(
        "em reads from a hot standby and refuses edits there; after the primary is killed mid-stream and the standby promoted, every write em reported is there"
    )
    func failover() throws {
        let primary = try PostgreSQLTestServer.Cluster.start()
        defer { primary.stop() }
        let standby = try PostgreSQLTestServer.Cluster.start(standbyOf: primary)
        defer { standby.stop() }
        // A commit returns once the standby has applied it. (Set after the standby is copied,
        // which would otherwise wait, once promoted, for a standby of its own.)
        try primary.run("ALTER SYSTEM SET synchronous_standby_names = 'standby'")
        try primary.run("ALTER SYSTEM SET synchronous_commit = 'remote_apply'")
        try primary.run("SELECT pg_reload_conf()")
        let workspace = try Workspace()
        let onPrimary = primary.url + "?schema=euro"
        let onStandby = standby.url + "?schema=euro"
        try workspace.succeed("init", "--tournament", "2024", store: onPrimary)
        try workspace.succeed("result", "1", "5:1", store: onPrimary)

        // The standby reads, and refuses to write in one line.
        #expect(try workspace.succeed("show", "match", "1", store: onStandby).contains("GER-SCO 5:1"))
        #expect(try workspace.succeed("standings", store: onStandby) == workspace.succeed("standings", store: onPrimary))
        try workspace.fail("result", "2", "1:1", status: 74, message: "is a read-only standby server", store: onStandby)

        // A stream of results; the primary is killed after the fifth is reported.
        var reported: [Int: String] = [:]
        for match in 2...36 {
            let score = "\(match % 4):\(match % 3)"
            let result = try workspace.em("result", "\(match)", score, store: onPrimary)
            if result.status == 0 {
                #expect(result.stdout.hasPrefix("recorded \(score) for match \(match)"))
                reported[match] = score
                if reported.count == 5 { Thread.detachNewThread { try? primary.kill() } }
            } else {
                #expect(result.status == 74)
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
            }
        }
        #expect(reported.count >= 5 && reported.count < 35, "the primary died mid-stream: \(reported.count) written")

        try standby.promote()
        for (match, score) in reported {
            let shown = try workspace.succeed("show", "match", "\(match)", store: onStandby)
            #expect(shown.contains(" \(score)"), "match \(match) lost its \(score): \(shown)")
        }
        // The promoted standby is the primary now.
        try workspace.succeed("result", "36", "2:2", store: onStandby)
    }
}
