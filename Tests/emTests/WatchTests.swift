import Foundation
import TestSupport
import Testing

/// `--watch`: the output drawn again whenever another process saves a change, from the store's
/// history, until Ctrl-C, which leaves the terminal as it was.
@Suite("em --watch")
struct WatchTests {
    /// `em ARGUMENTS` started in the background, its standard output going to a file that is
    /// read as it grows.
    private final class Background {
        let process = Process()
        let output: URL

        init(_ arguments: [String], in workspace: Workspace) throws {
            output = workspace.directory.appending(path: "watch-\(UUID().uuidString).txt")
            try Data().write(to: output)
            process.executableURL = EMProcess.binary
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            for name in ["EM_STORE", "TZ", "COLUMNS"] { environment[name] = nil }
            environment["XDG_DATA_HOME"] = workspace.path("xdg")
            process.environment = environment
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: output)
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        /// Everything written so far.
        var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        /// Waits until `text` appears `count` times in the output.
        ///
        /// - Returns: How long it took, or `nil` when it did not within `timeout`.
        func waitFor(_ text: String, count: Int = 1, timeout: Duration = .seconds(20)) -> Duration? {
            let start = ContinuousClock.now
            while ContinuousClock.now - start < timeout {
                if self.text.components(separatedBy: text).count > count { return ContinuousClock.now - start }
                usleep(10_000)
            }
            return nil
        }
    }

    /// A workspace with EURO 2024's results but match 36 (CZE-TUR), whose store the watch and
    /// the editing processes share: a file, or a server's schema.
    private func euro2024(_ kind: StoreKind = .sqlite) throws -> Workspace {
        let workspace = try Workspace(kind)
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        try workspace.succeed("result", "36", "--clear")
        return workspace
    }

    @Test(
        "em standings --watch draws the tables again within a second of a result another process records",
        arguments: StoreKind.sqlStores)
    func redrawsAfterAnotherProcess(kind: StoreKind) throws {
        let workspace = try euro2024(kind)
        let watch = try Background(
            ["standings", "--group", "F", "--watch", "--store", workspace.storeArgument], in: workspace)
        try #require(watch.waitFor("Group F") != nil, "\(watch.text)")
        // Three results, each timed from the moment the process that recorded it ended (after
        // its commit) to the redrawing: the quickest must be within a second, whatever else
        // the machine is doing.
        var delays: [Duration] = []
        for (number, score) in [(1, "2:0"), (2, "0:0"), (3, "1:3")] {
            try workspace.succeed("result", "36", score)
            let delay = try #require(watch.waitFor("-- updated", count: number), "\(watch.text)")
            delays.append(delay)
        }
        #expect(try #require(delays.min()) < .seconds(1), "\(delays)")
        let lines = watch.text.split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("-- updated") })
        #expect(header.contains(": em result 36 2:0 --store "), "\(header)")
        #expect(header.contains(" by ") && header.contains("@"))
        // The last drawing has Türkei's 3:1 win: TUR second on 6 points, behind Portugal,
        // who beat them.
        let last = try #require(watch.text.components(separatedBy: "-- updated").last)
        #expect(last.split(separator: "\n").contains { $0.hasPrefix("2  TUR") && $0.hasSuffix(" 6") }, "\(last)")
        watch.process.interrupt()
        watch.process.waitUntilExit()
        #expect(watch.process.terminationStatus == 0)
        #expect(watch.process.terminationReason == .exit)
    }

    @Test("Ctrl-C ends a watch on a terminal with the screen and the cursor as they were")
    func controlCLeavesTerminalClean() throws {
        let workspace = try euro2024()
        let session = try TerminalSession(
            ["bracket", "--watch", "--store", workspace.store.path], home: workspace.directory)
        try #require(session.waitFor("Ctrl-C stops"), "\(session.screen)")
        #expect(session.screen.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"))
        try workspace.succeed("result", "36", "1:2")
        #expect(session.waitFor("-- updated"), "\(session.screen)")
        session.type("\u{03}")
        #expect(session.waitForExit() == 0)
        #expect(session.screen.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "\(session.screen.suffix(40).debugDescription)")
    }

    @Test("em schedule --watch prints JSON whole at each change, nothing between")
    func jsonWhole() throws {
        let workspace = try euro2024()
        let watch = try Background(
            ["schedule", "--group", "F", "--format", "json", "--watch", "--store", workspace.store.path], in: workspace)
        try #require(watch.waitFor("\n]\n") != nil, "\(watch.text)")
        try workspace.succeed("result", "36", "2:2")
        try #require(watch.waitFor("\n]\n", count: 2) != nil, "\(watch.text)")
        watch.process.interrupt()
        watch.process.waitUntilExit()
        let documents = watch.text.components(separatedBy: "\n]\n").dropLast().map { $0 + "\n]\n" }
        #expect(documents.count == 2)
        for document in documents {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(document.utf8)) }
        }
        #expect(!documents[0].contains("\"2:2\"") && documents[1].contains("2:2"))
    }

    @Test("--watch is refused where it cannot watch: in em shell, and with --format ics")
    func refusedWhereItCannotWatch() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let shell = try workspace.em("shell", stdin: "standings --watch\n")
        #expect(shell.stderr.contains("--watch works on the command line only, not in em shell or em run"), "\(shell.stderr)")
        try workspace.fail(
            "schedule", "--watch", "--format", "ics", status: 64,
            message: "--watch redraws a schedule; --format ics writes a file once")
    }
}
