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
        // popen, not Process: Foundation's Process may never see a child exit whose
        // grandchild (the server) lives on.
        guard let pipe = popen("'\(script.path)' start 2>&1", "r") else {
            return .failure(ServerError(description: "cannot run \(script.path)"))
        }
        var printed = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            printed += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let status = pclose(pipe)
        let lines = printed.split(separator: "\n").map(String.init)
        guard status == 0, lines.count == 2, lines[1].hasPrefix("postgresql://") else {
            return .failure(ServerError(description: "no PostgreSQL server for the tests: \(printed)"))
        }
        startedCluster = lines[0]
        atexit {
            guard let folder = PostgreSQLTestServer.startedCluster else { return }
            _ = system("'\(PostgreSQLTestServer.script.path)' stop '\(folder)' immediate")
        }
        return .success(lines[1])
    }
}
