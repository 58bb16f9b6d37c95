import Foundation
import Testing

@testable import og_bench

/// Results files and tables.
@Suite("Reports")
struct ReportTests {
    /// A new empty folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "og-bench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A report written as JSON reads back the same")
    func roundTrip() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = ComparisonTests.report(["2": (raw: [26.0, 27.0], og: [39.0, 40.5]), "7": (raw: [20], og: [30])])
        let url = folder.appending(path: "results/latest.json")
        try report.write(to: url)
        let read = try Report.read(from: url)
        #expect(read.rows.map(\.workload) == ["2", "7"])
        #expect(read.rows[0].objectGraph?.samples == [39.0, 40.5])
        #expect(read.rows[0].objectGraphOverRawC == 1.5)
        #expect(read.teams == report.teams)
    }

    @Test(
        "A file that is no report is refused in one line that says where",
        arguments: [
            ("", "not JSON"),
            (#"{"date": "x"}"#, "no machine"),
            (#"{"date": "x", "machine": {"cpu": "c"}}"#, "no machine.cores"),
            (#"{"date": 1}"#, "unexpected value at date"),
        ])
    func refused(contents: String, reason: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "bad.json")
        try Data(contents.utf8).write(to: url)
        let error = #expect(throws: ReportFileError.self) { try Report.read(from: url) }
        #expect(error?.description.hasPrefix("\(url.path): \(reason)") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("A missing file is refused with its path")
    func missing() throws {
        let url = URL(filePath: "/nonexistent/og-bench/latest.json")
        let error = #expect(throws: ReportFileError.self) { try Report.read(from: url) }
        #expect(error?.path == url.path)
        #expect(error?.reason.hasPrefix("cannot read it") == true)
    }

    @Test("Tables align the first column left, the others right, and notes span them")
    func tableAlignment() {
        var table = TextTable(header: ["workload", "raw C", "met?"])
        table.lines = [["1 insert", "208.4 ms", "yes"], ["9a em list teams", "skipped: no em"], ["2 fetch", "25.3 ms", "NO"]]
        #expect(
            table.text == """
                workload             raw C  met?
                1 insert          208.4 ms   yes
                9a em list teams  skipped: no em
                2 fetch            25.3 ms    NO
                """)
    }
}
