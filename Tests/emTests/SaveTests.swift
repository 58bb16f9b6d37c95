import Foundation
import Synchronization
import Testing

/// `em save --to FILE`: a new store file or a setup plist.
@Suite("em save")
struct SaveTests {
    @Test("save --to a sqlite file writes a store with the same tournament")
    func sqlite() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "2:1")
        let copy = workspace.path("copy.sqlite")
        #expect(try workspace.succeed("save", "--to", copy) == "wrote \(copy)\n")
        #expect(try workspace.snapshot(store: copy) == workspace.snapshot())
    }

    @Test("save --to a sqlite file copies the store exactly: every match keeps its number, gaps included")
    func sqliteKeepsMatchNumbers() throws {
        let workspace = try Workspace()
        try workspace.succeed("schedule", "remove", "3")
        try workspace.succeed("result", "4", "2:0")
        let copy = workspace.path("copy.sqlite")
        try workspace.succeed("save", "--to", copy)
        let matches = try workspace.succeed("list", "matches", "--format", "csv")
        #expect(!matches.contains("\n3,"))
        #expect(try workspace.succeed("list", "matches", "--format", "csv", store: copy) == matches)
        #expect(
            try workspace.succeed("standings", "--format", "csv", store: copy)
                == workspace.succeed("standings", "--format", "csv"))
    }

    @Test("save --to FILE --as plist writes a setup plist")
    func plist() throws {
        let workspace = try Workspace()
        let plist = workspace.path("euro.data")
        try workspace.succeed("save", "--to", plist, "--as", "plist")
        let text = try String(contentsOf: URL(filePath: plist), encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains("<string>Deutschland</string>"))
    }

    @Test("An existing file is never overwritten: 73", arguments: ["sqlite", "plist"])
    func exists(_ kind: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let path = workspace.path("taken.\(kind)")
        try Data("mine\n".utf8).write(to: URL(filePath: path))
        try workspace.fail("save", "--to", path, "--as", kind, status: 73, message: "taken.\(kind)")
        #expect(try Data(contentsOf: URL(filePath: path)) == Data("mine\n".utf8))
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "Of two exports to one new file at once, one writes it whole and the other says it exists; no temporary file stays",
        arguments: ["sqlite", "plist"])
    func racingExports(_ kind: String) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        for round in 1...4 {
            let path = workspace.path("race\(round).\(kind)")
            let results = Mutex<[EMResult]>([])
            let failures = Mutex<[any Error]>([])
            let (store, home) = (workspace.store.path, workspace.directory)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                do {
                    let result = try EMProcess.run(["save", "--to", path, "--as", kind, "--store", store], home: home)
                    results.withLock { $0.append(result) }
                } catch {
                    failures.withLock { $0.append(error) }
                }
            }
            try #require(failures.withLock { $0.isEmpty })
            let outcomes = results.withLock { $0 }.sorted { $0.status < $1.status }
            #expect(outcomes.map(\.status) == [0, 73], "\(outcomes.map(\.stderr))")
            #expect(outcomes.last?.stderr.contains("race\(round).\(kind)") == true)
            if kind == "sqlite" {
                #expect(try workspace.snapshot(store: path) == workspace.snapshot())
            } else {
                #expect(try String(contentsOf: URL(filePath: path), encoding: .utf8).hasSuffix("</plist>\n"))
            }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") || $0.contains(".tmp-") }, "\(left)")
    }

    @Test("A temporary file a killed export left beside the target is removed by the next export; one being written is not")
    func abandonedTemporariesAreRemoved() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let abandoned = workspace.path(".export.sqlite.0A7F6C1E-0000-0000-0000-000000000000.tmp")
        let busy = workspace.path(".export.sqlite.0A7F6C1E-1111-1111-1111-111111111111.tmp")
        for path in [abandoned, abandoned + "-wal", busy] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
        }
        // A writer still at work holds its file locked.
        let held = open(busy, O_RDONLY)
        #expect(flock(held, LOCK_EX) == 0)
        defer { close(held) }
        try workspace.succeed("save", "--to", workspace.path("export.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: abandoned) && !FileManager.default.fileExists(atPath: abandoned + "-wal"))
        #expect(FileManager.default.fileExists(atPath: busy))
    }

    @Test("SIGKILL at moments spread over save --to leaves no file at the target, or a complete store")
    func killedExports() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let expected = try workspace.snapshot()
        // How long an uninterrupted export takes, to kill within that span: the longest of
        // three, as other tests running meanwhile make one timing unreliable.
        var span = 0.0
        for run in 0..<3 {
            let start = Date()
            try workspace.succeed("save", "--to", workspace.path("timed\(run).sqlite"))
            span = max(span, Date().timeIntervalSince(start))
        }

        var outcomes: [String: Int] = [:]
        for round in 0..<16 {
            let target = workspace.path("killed-\(round).sqlite")
            let process = Process()
            process.executableURL = EMProcess.binary
            process.arguments = ["save", "--to", target, "--store", workspace.store.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // From the start to well past the end of an uninterrupted run, however loaded the
            // machine.
            Thread.sleep(forTimeInterval: 2.5 * span * Double(round) / 15)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: target) else {
                outcomes["none", default: 0] += 1
                continue
            }
            outcomes["complete", default: 0] += 1
            #expect(try workspace.snapshot(store: target) == expected, "round \(round): an incomplete store at the target")
        }
        // Both outcomes occur, or the kills missed the export altogether.
        #expect(outcomes["none", default: 0] > 0 && outcomes["complete", default: 0] > 0, "\(outcomes)")
    }

    @Test("A file in a missing directory cannot be created: 73, saying the folder is missing")
    func missingDirectory() throws {
        let workspace = try Workspace()
        for name in ["euro.plist", "euro.sqlite"] {
            try workspace.fail(
                "save", "--to", workspace.path("no/such/\(name)"), status: 73,
                message:
                    "cannot write \(workspace.path("no/such/\(name)")): its folder \(workspace.path("no/such")) does not exist")
        }
    }

    @Test("save without --to, or --as without --to, is a usage error outside the shell")
    func usage() throws {
        let workspace = try Workspace()
        try workspace.fail("save", status: 64, message: "--to")
        try workspace.fail("save", "--as", "plist", status: 64, message: "--to")
        try workspace.fail("save", "--to", "x", "--as", "csv", status: 64, message: "csv")
    }

    @Test(
        "Without --as, the extension chooses what to write; an unknown one is refused and nothing is written",
        arguments: [("x.json", nil), ("x", nil), ("x.PLIST", "plist"), ("x.db", "sqlite"), ("x.sqlite3", "sqlite")])
    func kindFromExtension(_ name: String, _ kind: String?) throws {
        let workspace = try Workspace()
        let path = workspace.path(name)
        guard let kind else {
            try workspace.fail(
                "save", "--to", path, status: 64,
                message:
                    "cannot tell what to write from the name \(path): end it in .sqlite, .plist or .txt, or give --as sqlite|plist|football-txt"
            )
            #expect(!FileManager.default.fileExists(atPath: path))
            return
        }
        try workspace.succeed("save", "--to", path)
        let head = try String(decoding: Data(contentsOf: URL(filePath: path)).prefix(16), as: UTF8.self)
        #expect(head.hasPrefix(kind == "plist" ? "<?xml" : "SQLite format 3"))
    }
}
