import Foundation

/// The PostgreSQL server the tests run against: the one `$OG_TEST_POSTGRESQL_URL` names (`make
/// test` starts one with `Scripts/postgres-cluster` and sets it), or else a throwaway cluster
/// this process starts with that script on first use and stops when it exits.
///
/// A server that cannot be started fails every test that needs it: PostgreSQL tests never
/// skip.
public enum PostgreSQLTestServer {
    /// The connection URL of the test database, or why there is none.
    public static let url: Result<String, ServerError> = {
        if let url = ProcessInfo.processInfo.environment["OG_TEST_POSTGRESQL_URL"], !url.isEmpty { return .success(url) }
        return start()
    }()

    /// Why no server is there.
    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder of the cluster this process started, stopped at exit.
    nonisolated(unsafe) private static var startedCluster: String?

    /// A new schema name, for a store of its own.
    public static func newSchema() -> String {
        "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The URL, or the error saying why there is no server.
    public static func connectionURL() throws -> String { try url.get() }

    /// The repository's `Scripts/postgres-cluster`.
    public static var script: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Scripts/postgres-cluster")
    }

    private static func start() -> Result<String, ServerError> {
        let cluster: Cluster
        do {
            cluster = try Cluster.start()
        } catch {
            return .failure(error)
        }
        startedCluster = cluster.folder
        atexit {
            guard let folder = PostgreSQLTestServer.startedCluster else { return }
            _ = system("'\(PostgreSQLTestServer.script.path)' stop '\(folder)' immediate")
        }
        return .success(cluster.url)
    }

    /// A cluster of the tests' own, started with `Scripts/postgres-cluster`, for tests that
    /// stop, kill or promote servers.
    public struct Cluster: Sendable {
        /// The cluster's folder.
        public let folder: String
        /// The connection URL of its database `og`.
        public let url: String

        /// Starts a cluster: a primary, or a streaming hot standby of `primary`.
        public static func start(standbyOf primary: Cluster? = nil) throws(ServerError) -> Cluster {
            let printed = try PostgreSQLTestServer.script(primary.map { "start --standby-of '\($0.folder)'" } ?? "start")
            let lines = printed.split(separator: "\n").map(String.init)
            guard lines.count == 2, lines[1].hasPrefix("postgresql://") else {
                throw ServerError(description: "no PostgreSQL server for the tests: \(printed)")
            }
            return Cluster(folder: lines[0], url: lines[1])
        }

        /// Runs SQL on the cluster's database with psql.
        public func run(_ sql: String) throws(ServerError) {
            _ = try PostgreSQLTestServer.shell("psql -q '\(url)' -c \"\(sql)\"")
        }

        /// Kills the server with SIGKILL, as a crash would.
        public func kill() throws(ServerError) { _ = try PostgreSQLTestServer.script("kill '\(folder)'") }

        /// Promotes a standby to a primary.
        public func promote() throws(ServerError) { _ = try PostgreSQLTestServer.script("promote '\(folder)'") }

        /// Stops the server and removes its folder.
        public func stop() { _ = try? PostgreSQLTestServer.script("stop '\(folder)' immediate") }
    }

    /// Runs the script with `arguments` (shell words), returning what it printed.
    static func script(_ arguments: String) throws(ServerError) -> String {
        try shell("'\(script.path)' \(arguments)")
    }

    /// Runs a shell command, returning what it printed (standard error included).
    ///
    /// popen, not Process: Foundation's Process may never see a child exit whose grandchild
    /// (a server) lives on.
    static func shell(_ command: String) throws(ServerError) -> String {
        guard let pipe = popen("\(command) 2>&1", "r") else { throw ServerError(description: "cannot run \(command)") }
        var printed = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            printed += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard pclose(pipe) == 0 else { throw ServerError(description: "\(command) failed: \(printed)") }
        return printed
    }
}
