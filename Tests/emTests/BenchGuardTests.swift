import Foundation
import Testing

/// The guard CI runs on instruction counts (`make bench-guard`): its comparison fails on a
/// count more than 3% over the baseline, and its baseline names every measure it takes.
struct BenchGuardTests {
    private static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `Scripts/bench-guard-compare` on a baseline and counts written as given.
    private static func compare(baseline: String, counts: String) throws -> EMResult {
        let workspace = try Workspace()
        let home = workspace.directory
        let baselineFile = home.appending(path: "baseline.tsv")
        let countsFile = home.appending(path: "counts.tsv")
        try Data(baseline.utf8).write(to: baselineFile)
        try Data(counts.utf8).write(to: countsFile)
        let script = root.appending(path: "Scripts/bench-guard-compare").path
        let result = try EMProcess.runShell("'\(script)' '\(baselineFile.path)' '\(countsFile.path)'", home: home)
        withExtendedLifetime(workspace) {}
        return result
    }

    @Test(
        "A count more than 3% over its baseline fails the guard; up to 3%, or lower, passes",
        arguments: [
            ("og-1\t1000000\nem-shell\t500\n", true),
            ("og-1\t1030000\nem-shell\t400\n", true),
            ("og-1\t1030001\nem-shell\t500\n", false),
            ("og-1\t1000000\nem-shell\t516\n", false),
        ])
    func growthBeyondThreePercentFails(counts: String, passes: Bool) throws {
        let result = try Self.compare(baseline: "og-1\t1000000\nem-shell\t500\n", counts: counts)
        #expect((result.status == 0) == passes, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("more than 3% over the baseline") == !passes)
    }

    @Test("A measure missing from either side fails the guard")
    func missingMeasureFails() throws {
        let missing = try Self.compare(baseline: "og-1\t100\nog-2\t100\n", counts: "og-1\t100\n")
        #expect(missing.status == 1 && missing.stdout.contains("og-2") && missing.stdout.contains("missing"))
        let new = try Self.compare(baseline: "og-1\t100\n", counts: "og-1\t100\nog-9\t5\n")
        #expect(new.status == 1 && new.stdout.contains("not in the baseline"))
    }

    @Test("The committed baseline has a count for every measure the guard takes")
    func baselineNamesEveryMeasure() throws {
        let text = try String(contentsOf: Self.root.appending(path: "Benchmarks/results/guard-baseline.tsv"), encoding: .utf8)
        let names = text.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        let expected = ["1", "2", "3a", "3b", "4", "5", "6", "7", "10"].map { "og-\($0)" } + ["em-list-teams", "em-shell"]
        #expect(names == expected)
        #expect(text.split(separator: "\n").allSatisfy { Int($0.split(separator: "\t").last ?? "") ?? 0 > 0 })
    }
}
