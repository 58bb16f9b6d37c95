import CSQLite3
import Foundation

/// The results of a suite run: a row per workload (two for the memory workloads, the scaling
/// one and one with a peak resident size), printed as a table and written as JSON.
struct Report: Codable {
    struct Machine: Codable {
        var cpu: String
        var cores: Int
        var memoryGiB: Double
        var system: String
        var kernel: String
        var loadAverage: String
        var swift: String
        var sqlite: String
        var grdb: String

        static func current() -> Machine {
            let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            let cpu =
                cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
            let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
            let system =
                release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
                .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "unknown"
            let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "")
                .split(separator: " ").prefix(3).joined(separator: " ")
            return Machine(
                cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount,
                memoryGiB: (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
                system: system, kernel: kernel, loadAverage: load, swift: swiftVersion,
                sqlite: String(cString: sqlite3_libversion()), grdb: "7.10.0")
        }

        private static var swiftVersion: String {
            #if compiler(>=6.4)
                "6.4 or later"
            #elseif compiler(>=6.3)
                "6.3"
            #else
                "before 6.3"
            #endif
        }
    }

    /// One implementation's figures for a row.
    struct Figures: Codable {
        /// Median of the runs, in the row's unit.
        var median: Double
        /// Every measured run, in the row's unit.
        var samples: [Double]
    }

    struct Row: Codable {
        var workload: String
        var title: String
        /// `ms` for timed rows, `MiB` (malloc'd, or a child's peak resident size) for memory rows.
        var unit: String
        var rawC: Figures?
        var grdb: Figures?
        var objectGraph: Figures?
        var objectGraphOverRawC: Double?
        var grdbOverRawC: Double?
        var target: String
        var met: Bool?
        /// Resident-memory growth (MiB, medians) for memory rows; for a peak resident size row,
        /// each side's child's peak.
        var residentMiB: [String: Double]?
        var checksum: String?
        var pending: String?
    }

    var date: String
    var machine: Machine
    var runs: Int
    var warmups: Int
    var teams: Int
    var players: Int
    var seed: UInt64
    /// Teams the shell script of workload S1 adds (`nil` in files of runs before it existed).
    var scriptTeams: Int?
    /// Teams in workload S3's setup.
    var setupTeams: Int?
    var rows: [Row] = []

    // MARK: Building

    mutating func add(_ measurement: Measurement) {
        let workload = measurement.workload
        switch workload.kind {
        case .pending(let message):
            rows.append(Row(workload: workload.id, title: workload.title, unit: "", target: "", pending: message))
        case .time(let ratio):
            var row = Self.timedRow(measurement, target: "≤ \(Self.ratio(ratio))")
            row.met = row.objectGraphOverRawC.map { $0 <= ratio }
            rows.append(row)
            if let peak = workload.peakResident { rows.append(Self.peakResidentRow(peak, measurement)) }
        case .deadline(let milliseconds):
            var row = Self.timedRow(measurement, target: "≤ \(Int(milliseconds)) ms")
            row.met = row.objectGraph.map { $0.median <= milliseconds }
            rows.append(row)
        case .scaling(let base, let ratio, let title):
            let id = "\(workload.id)/\(base)"
            let row = Self.timedRow(measurement, target: "see \(id)")
            var scaling = Row(workload: id, title: title, unit: "ms", target: "≤ \(Self.ratio(ratio)) \(base)")
            scaling.rawC = rows.first { $0.workload == base }?.objectGraph
            scaling.objectGraph = row.objectGraph
            scaling.fillRatios()
            scaling.met = scaling.objectGraphOverRawC.map { $0 <= ratio }
            rows.append(row)
            rows.append(scaling)
        case .memory(let share, let ids):
            func mebibytes(_ reading: MemoryReading?, resident: Bool = false) -> Double {
                Double((resident ? reading?.residentBytes : reading?.mallocBytes) ?? 0) / 1_048_576
            }
            var faults = Row(
                workload: ids.faults, title: workload.title + " as faults (keys)", unit: "MiB",
                target: "≤ \(Int(share * 100))% of \(ids.loaded)", checksum: measurement.checksum.description)
            var loaded = Row(workload: ids.loaded, title: workload.title + " loaded", unit: "MiB", target: "")
            faults.rawC = Self.figures(measurement.samples[.rawC]) { mebibytes($0.faults) }
            faults.grdb = Self.figures(measurement.samples[.grdb]) { mebibytes($0.faults) }
            faults.objectGraph = Self.figures(measurement.samples[.objectGraph]) { mebibytes($0.faults) }
            loaded.rawC = Self.figures(measurement.samples[.rawC]) { mebibytes($0.loaded) }
            loaded.grdb = Self.figures(measurement.samples[.grdb]) { mebibytes($0.loaded) }
            loaded.objectGraph = Self.figures(measurement.samples[.objectGraph]) { mebibytes($0.loaded) }
            var residentFaults: [String: Double] = [:]
            var residentLoaded: [String: Double] = [:]
            for (implementation, samples) in measurement.samples {
                residentFaults[implementation.title] = Self.median(samples.map { mebibytes($0.faults, resident: true) })
                residentLoaded[implementation.title] = Self.median(samples.map { mebibytes($0.loaded, resident: true) })
            }
            faults.residentMiB = residentFaults
            loaded.residentMiB = residentLoaded
            faults.fillRatios()
            loaded.fillRatios()
            if let og = faults.objectGraph?.median, let all = loaded.objectGraph?.median, all > 0 {
                faults.met = og / all <= share
            }
            rows.append(faults)
            rows.append(loaded)
        }
    }

    /// A row of milliseconds: each side's figures and their ratios to raw C.
    private static func timedRow(_ measurement: Measurement, target: String) -> Row {
        var row = Row(
            workload: measurement.workload.id, title: measurement.workload.title, unit: "ms", target: target,
            checksum: measurement.checksum.description)
        row.rawC = figures(measurement.samples[.rawC]) { $0.seconds * 1000 }
        row.grdb = figures(measurement.samples[.grdb]) { $0.seconds * 1000 }
        row.objectGraph = figures(measurement.samples[.objectGraph]) { $0.seconds * 1000 }
        row.fillRatios()
        return row
    }

    /// The row of a whole-process workload's peak resident size: the reference size in the raw
    /// C column (once per run), ObjectGraph's child's peak in its own; both sides' peaks in the
    /// resident figures.
    private static func peakResidentRow(_ peak: Workload.PeakResidentTarget, _ measurement: Measurement) -> Row {
        var row = Row(
            workload: peak.id, title: peak.title, unit: "MiB", target: "≤ \(Self.ratio(peak.ratio)) \(peak.reference)")
        func mebibytes(_ sample: Sample) -> Double { Double(sample.childPeakResidentBytes ?? 0) / 1_048_576 }
        if let samples = measurement.samples[.objectGraph], !samples.isEmpty {
            let reference = (Double(peak.bytes()) / 1_048_576 * 1000).rounded() / 1000
            row.rawC = Figures(median: reference, samples: Array(repeating: reference, count: samples.count))
            row.objectGraph = Self.figures(samples, mebibytes)
        }
        var resident: [String: Double] = [:]
        for (implementation, samples) in measurement.samples {
            resident[implementation.title] = Self.median(samples.map(mebibytes))
        }
        row.residentMiB = resident
        row.fillRatios()
        row.met = row.objectGraphOverRawC.map { $0 <= peak.ratio }
        return row
    }

    private static func figures(_ samples: [Sample]?, _ value: (Sample) -> Double) -> Figures? {
        guard let samples, !samples.isEmpty else { return nil }
        let values = samples.map { (value($0) * 1000).rounded() / 1000 }
        return Figures(median: median(values), samples: values)
    }

    /// The median of `values` (the mean of the middle two for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : quantile(0.5, of: values.sorted())
    }

    /// The `p`-quantile of sorted, non-empty `values`, interpolated between neighbours.
    static func quantile(_ p: Double, of values: [Double]) -> Double {
        let position = p * Double(values.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, values.count - 1)
        // Weighted so that halfway is exactly the mean of the two (halving is exact).
        let fraction = position - Double(below)
        return values[below] * (1 - fraction) + values[above] * fraction
    }

    // MARK: Printing

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

    /// The table, one line per row.
    var table: String {
        var table = TextTable(header: ["workload", "raw C", "GRDB", "ObjectGraph", "OG/raw C", "GRDB/raw C", "target", "met?"])
        for row in rows {
            let name = "\(row.workload) \(row.title)"
            if let pending = row.pending {
                table.lines.append([name, pending])
                continue
            }
            func value(_ figures: Figures?) -> String {
                guard let figures else { return "–" }
                return String(format: "%.1f", figures.median) + " " + row.unit
            }
            table.lines.append([
                name, value(row.rawC), value(row.grdb), value(row.objectGraph),
                row.objectGraphOverRawC.map(Self.ratio) ?? "–", row.grdbOverRawC.map(Self.ratio) ?? "–",
                row.target, row.met.map { $0 ? "yes" : "NO" } ?? "",
            ])
        }
        return table.text
    }

    /// The report a run wrote to `url` as JSON.
    static func read(from url: URL) throws(ReportFileError) -> Report {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ReportFileError(path: url.path, reason: "cannot read it (\((error as NSError).localizedDescription))")
        }
        do {
            return try JSONDecoder().decode(Report.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw ReportFileError(path: url.path, reason: "not JSON: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ReportFileError(path: url.path, reason: "no \(Self.keyPath(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ReportFileError(path: url.path, reason: "unexpected value at \(Self.keyPath(context.codingPath))")
        } catch {
            throw ReportFileError(path: url.path, reason: "\(error)")
        }
    }

    /// A decoding path as `rows[3].rawC.median`.
    private static func keyPath(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }

    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (encoder.encode(self) + Data("\n".utf8)).write(to: url)
    }
}

extension Int {
    /// The number with thousands separators: `100,000`.
    var grouped: String {
        let digits = String(self)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

extension Report.Row {
    mutating func fillRatios() {
        guard let raw = rawC?.median, raw > 0 else { return }
        objectGraphOverRawC = objectGraph.map { ($0.median / raw * 100).rounded() / 100 }
        grdbOverRawC = grdb.map { ($0.median / raw * 100).rounded() / 100 }
    }
}

/// A results file that cannot serve as a report: what and where.
struct ReportFileError: Error, CustomStringConvertible {
    /// The file.
    var path: String
    /// What is wrong with it.
    var reason: String

    var description: String { "\(path): \(reason)" }
}
