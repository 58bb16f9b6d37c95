import Foundation
import Testing

@testable import og_bench

/// Comparing two runs of the suite: ratios run by run, their spread, and the verdict.
@Suite("Comparing runs")
struct ComparisonTests {
    /// A report of `teams` teams with one timed row per entry of `rows`: the raw C and
    /// ObjectGraph samples of each run.
    static func report(teams: Int = 4_000, _ rows: [String: (raw: [Double], og: [Double])]) -> Report {
        var report = Report(
            date: "2026-11-22T00:00:00Z",
            machine: .init(
                cpu: "test", cores: 2, memoryGiB: 1, system: "test", kernel: "test", loadAverage: "0 0 0", swift: "6.3",
                sqlite: "3", grdb: "7.10.0"),
            runs: rows.values.first?.raw.count ?? 0, warmups: 1, teams: teams, players: teams * 25, seed: 2012)
        for (id, samples) in rows.sorted(by: { $0.key < $1.key }) {
            var row = Report.Row(workload: id, title: "workload \(id)", unit: "ms", target: "≤ 1.50×")
            row.rawC = .init(median: Report.median(samples.raw), samples: samples.raw)
            row.objectGraph = .init(median: Report.median(samples.og), samples: samples.og)
            row.fillRatios()
            report.rows.append(row)
        }
        return report
    }

    @Test("A row's ratios are taken run by run, with interpolated quartiles")
    func ratiosRunByRun() throws {
        // Runs 1…5 of raw C and ObjectGraph: ratios 2.0, 1.5, 1.0, 3.0, 2.5.
        let report = Self.report(["2": (raw: [10, 20, 30, 10, 20], og: [20, 30, 30, 30, 50])])
        let ratios = try #require(Comparison.Ratios(report.rows[0]))
        #expect(ratios == Comparison.Ratios(median: 2.0, lower: 1.5, upper: 2.5))
        #expect(ratios.description == "2.00× (1.50–2.50)")

        let even = try #require(Comparison.Ratios(Self.report(["2": (raw: [1, 1, 1, 1], og: [1, 2, 3, 4])]).rows[0]))
        #expect(even == Comparison.Ratios(median: 2.5, lower: 1.75, upper: 3.25))
    }

    @Test("A row without both sides, or with unmatched runs, has no ratios")
    func noRatiosWithoutPairs() {
        var row = Self.report(["2": (raw: [1, 2], og: [2, 3])]).rows[0]
        row.objectGraph?.samples = [2]
        #expect(Comparison.Ratios(row) == nil)
        row.objectGraph = nil
        #expect(Comparison.Ratios(row) == nil)
        let zero = Self.report(["2": (raw: [0, 1], og: [1, 1])]).rows[0]
        #expect(Comparison.Ratios(zero) == nil)
    }

    @Test("A change counts only when the spreads do not overlap and it is 1% or more")
    func verdicts() {
        let before = Comparison.Ratios(median: 1.5, lower: 1.45, upper: 1.55)
        #expect(Comparison.Verdict(before: before, now: .init(median: 1.4, lower: 1.38, upper: 1.44)) == .better)
        #expect(Comparison.Verdict(before: before, now: .init(median: 1.6, lower: 1.56, upper: 1.62)) == .worse)
        #expect(Comparison.Verdict(before: before, now: .init(median: 1.4, lower: 1.35, upper: 1.46)) == .withinNoise)
        #expect(Comparison.Verdict(before: before, now: before) == .withinNoise)
        // Memory rows: no spread at all, and a change too small to count.
        let memory = Comparison.Ratios(median: 5.09, lower: 5.09, upper: 5.09)
        #expect(Comparison.Verdict(before: memory, now: .init(median: 5.10, lower: 5.10, upper: 5.10)) == .withinNoise)
        #expect(Comparison.Verdict(before: memory, now: .init(median: 5.20, lower: 5.20, upper: 5.20)) == .worse)
    }

    @Test("Lines follow the later run; a row the earlier lacks has no verdict")
    func linesFollowTheLaterRun() throws {
        let before = Self.report([
            "1": (raw: [10, 10, 10], og: [20, 20, 20]), "2": (raw: [10, 10, 10], og: [15, 15, 15]),
        ])
        let now = Self.report([
            "2": (raw: [10, 10, 10], og: [12, 13, 14]), "3a": (raw: [1, 1, 1], og: [1, 1, 1]),
        ])
        let lines = Comparison(before: before, now: now).lines
        #expect(lines.map(\.workload) == ["2", "3a"])
        #expect(lines[0].verdict == .better)
        #expect(lines[1].before == nil)
        #expect(lines[1].verdict == nil)

        let table = Comparison(before: before, now: now).table.split(separator: "\n")
        #expect(table.count == 4)
        #expect(table[2].hasSuffix("1.50× (1.50–1.50)  1.30× (1.25–1.35)  -13.3%   better"))
        #expect(table[3].hasSuffix("–  1.00× (1.00–1.00)       –        –"))
        #expect(!table.contains { $0.contains("differ in size") })
    }

    @Test("Runs of different sizes are compared with a warning")
    func differentSizes() {
        let before = Self.report(teams: 4_000, ["2": (raw: [1], og: [1])])
        let now = Self.report(teams: 40, ["2": (raw: [1], og: [1])])
        #expect(Comparison(before: before, now: now).table.contains("The runs differ in size"))
    }
}
