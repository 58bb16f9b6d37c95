import Foundation

/// The suite's folder: a fresh one under the temporary directory (or `--work`), with a
/// subfolder per phase; kept when a defect was found, so that its stores and inputs can be
/// looked at, else removed.
struct Workspace: Sendable {
    /// The folder.
    let root: URL

    /// Makes the folder.
    ///
    /// - Parameters:
    ///   - parent: Where to make it; the temporary directory when `nil`.
    ///   - seed: The run's seed, part of the folder's name.
    init(in parent: String?, seed: UInt64) throws {
        let base = parent.map { URL(filePath: $0) } ?? FileManager.default.temporaryDirectory
        root = base.appending(path: "em-stress-\(seed)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A new empty folder in the workspace.
    ///
    /// - Parameter path: Its path under the workspace, such as "kills/17".
    func folder(_ path: String) throws -> URL {
        let url = root.appending(path: path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies a store with its write-ahead log, if it has one.
    ///
    /// - Parameters:
    ///   - source: The store to copy.
    ///   - destination: The copy's path, which must be free.
    static func copyStore(_ source: URL, to destination: URL) throws {
        try FileManager.default.copyItem(at: source, to: destination)
        let log = URL(filePath: source.path + "-wal")
        if FileManager.default.fileExists(atPath: log.path) {
            try FileManager.default.copyItem(at: log, to: URL(filePath: destination.path + "-wal"))
        }
    }

    /// The names in a folder, none when it is missing.
    ///
    /// - Parameter folder: The folder.
    static func names(in folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// The names in `folder` other than `expected` and the SQLite files beside them (`-wal`,
    /// `-shm`, `-journal`): what a command left behind.
    ///
    /// - Parameters:
    ///   - folder: The folder of a store or target.
    ///   - expected: The names that belong there.
    static func leftovers(in folder: URL, besides expected: Set<String>) -> [String] {
        let allowed = expected.union(expected.flatMap { name in ["-wal", "-shm", "-journal"].map { name + $0 } })
        return names(in: folder).subtracting(allowed).filter { name in
            // The backup `init --force` keeps of a store it replaced (`store.sqlite.20261129-144750.bak`).
            !expected.contains { name.hasPrefix($0 + ".") && name.hasSuffix(".bak") }
        }.sorted()
    }

    /// Removes the workspace.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
