import Foundation

/// Two runs of the suite side by side: for each row, ObjectGraph over raw C before and now,
/// and whether the change stands out of the two runs' noise.
///
/// Each run of a workload measures the sides back to back, so a run's own ratio is steadier
/// than the ratio of the medians when the machine's load drifts. A row's noise is the spread
/// of those ratios (their quartiles); a change counts only when the two spreads do not
/// overlap and the medians differ by 1% or more.
struct Comparison {
    /// ObjectGraph over raw C in one report's row, run by run.
    struct Ratios: Equatable, CustomStringConvertible {
        /// The median of the runs' ratios.
        var median: Double
        /// The first quartile of the runs' ratios.
        var lower: Double
        /// The third quartile of the runs' ratios.
        var upper: Double

        /// The ratios of `row`'s runs; `nil` when the row lacks a side or a run.
        init?(_ row: Report.Row) {
            guard let raw = row.rawC?.samples, let objectGraph = row.objectGraph?.samples,
                !raw.isEmpty, raw.count == objectGraph.count, raw.allSatisfy({ $0 > 0 })
            else { return nil }
            let ratios = zip(objectGraph, raw).map { $0 / $1 }.sorted()
            median = Report.quantile(0.5, of: ratios)
            lower = Report.quantile(0.25, of: ratios)
            upper = Report.quantile(0.75, of: ratios)
        }

        /// Ratios with these quartiles.
        init(median: Double, lower: Double, upper: Double) {
            self.median = median
            self.lower = lower
            self.upper = upper
        }

        /// `1.51× (1.47–1.56)`.
        var description: String {
            "\(Report.ratio(median)) (\(String(format: "%.2f", lower))–\(String(format: "%.2f", upper)))"
        }
    }

    /// How a row moved between the two runs.
    enum Verdict: String {
        /// ObjectGraph came closer to raw C: the spreads do not overlap.
        case better
        /// ObjectGraph fell further behind raw C: the spreads do not overlap.
        case worse
        /// The spreads overlap, or the medians differ by less than ``smallestChange``.
        case withinNoise = "within noise"

        /// The least relative change of the median that counts, whatever the spreads: memory
        /// rows repeat to within a few KiB, so their spreads are all but empty.
        static let smallestChange = 0.01

        init(before: Ratios, now: Ratios) {
            let change = now.median / before.median - 1
            if change <= -Self.smallestChange, now.upper < before.lower {
                self = .better
            } else if change >= Self.smallestChange, now.lower > before.upper {
                self = .worse
            } else {
                self = .withinNoise
            }
        }
    }

    /// One row of the later report.
    struct Line {
        /// The workload's ID (`2`, `8a`).
        var workload: String
        /// What the workload does.
        var title: String
        /// The earlier run's ratios; `nil` when it lacks the row or a side of it.
        var before: Ratios?
        /// The later run's ratios; `nil` when the row lacks a side.
        var now: Ratios?

        /// How the row moved; `nil` unless both runs have its ratios.
        var verdict: Verdict? {
            guard let before, let now else { return nil }
            return Verdict(before: before, now: now)
        }
    }

    /// The earlier run.
    let before: Report
    /// The later run.
    let now: Report

    /// A line per row of the later report (the earlier may have rows the later did not run).
    var lines: [Line] {
        let earlier = Dictionary(before.rows.map { ($0.workload, $0) }, uniquingKeysWith: { first, _ in first })
        return now.rows.map { row in
            Line(workload: row.workload, title: row.title, before: earlier[row.workload].flatMap(Ratios.init), now: Ratios(row))
        }
    }

    /// The comparison as a table, after a line naming the two runs.
    var table: String {
        var table = TextTable(header: ["workload", "before", "now", "change", "verdict"])
        for line in lines {
            let change = line.before.flatMap { before in
                line.now.map { String(format: "%+.1f%%", ($0.median / before.median - 1) * 100) }
            }
            table.lines.append([
                "\(line.workload) \(line.title)", line.before?.description ?? "–", line.now?.description ?? "–",
                change ?? "–", line.verdict?.rawValue ?? "–",
            ])
        }
        var heading =
            "ObjectGraph / raw C, median (quartiles) of each run's ratio: "
            + "before \(Self.describe(before)), now \(Self.describe(now))"
        if before.teams != now.teams {
            heading += "\nThe runs differ in size, and ratios depend on it: compare runs of the same --teams."
        }
        return heading + "\n" + table.text
    }

    /// When and how a report was made: `2026-11-22T00:45:10Z, 4000 teams, 5 runs`.
    private static func describe(_ report: Report) -> String {
        "\(report.date), \(report.teams) teams, \(report.runs) run\(report.runs == 1 ? "" : "s")"
    }
}
