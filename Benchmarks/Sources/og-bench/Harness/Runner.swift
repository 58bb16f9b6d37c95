import Foundation
import GRDB
import ObjectGraph

/// One timed run of one implementation.
struct Sample {
    var seconds: Double
    var faults: MemoryReading?
    var loaded: MemoryReading?
    /// The peak resident size of the child process a whole-process workload ran last, in bytes.
    var childPeakResidentBytes: Int?
}

/// All runs of a workload, and the checksum every implementation agreed on.
struct Measurement {
    var workload: Workload
    var samples: [Implementation: [Sample]] = [:]
    var checksum = Checksum()
}

/// The three implementations of a workload disagree: one of them did something else.
struct ChecksumMismatch: Error, CustomStringConvertible {
    var workload: String
    var expected: (Implementation, Checksum)
    var found: (Implementation, Checksum)

    var description: String {
        """
        checksum mismatch in workload \(workload):
          \(expected.0.title): \(expected.1)
          \(found.0.title): \(found.1)
        """
    }
}

/// Runs workloads: warm-up runs, then measured runs.
///
/// Each implementation works on its own fresh copy of the fixture in every run. The order of
/// the implementations rotates from run to run so that a slow phase of a noisy machine does not
/// always hit the same one.
struct Runner {
    let fixtures: Fixtures
    let runs: Int
    let warmups: Int
    let implementations: [Implementation]
    let progress: (String) -> Void

    func measure(_ workload: Workload) throws -> Measurement {
        var measurement = Measurement(workload: workload)
        var reference: (Implementation, Checksum)?
        let implementations = self.implementations.filter(workload.sides.contains)
        for run in 0..<(warmups + runs) where !implementations.isEmpty {
            let shift = run % implementations.count
            for implementation in implementations[shift...] + implementations[..<shift] {
                let path = try fixtures.copy(workload.fixture)
                defer { fixtures.remove(path) }
                let probe = MemoryProbe()
                var (seconds, checksum) = try runOnce(implementation, of: workload, on: path, probe: probe)
                if workload.writes { checksum.database = try workload.digest(path) }
                if let expected = reference {
                    guard expected.1 == checksum else {
                        throw ChecksumMismatch(workload: workload.id, expected: expected, found: (implementation, checksum))
                    }
                } else {
                    reference = (implementation, checksum)
                }
                let label = run < warmups ? "warm-up" : "run \(run - warmups + 1)/\(runs)"
                progress(
                    "  \(workload.id) \(implementation.title.padding(toLength: 11, withPad: " ", startingAt: 0)) \(label): \(Report.milliseconds(seconds)) ms"
                )
                if run >= warmups {
                    measurement.samples[implementation, default: []].append(
                        Sample(
                            seconds: seconds, faults: probe.faults, loaded: probe.loaded,
                            childPeakResidentBytes: probe.childPeakResidentBytes))
                }
            }
        }
        measurement.checksum = reference?.1 ?? Checksum()
        return measurement
    }

    /// Opens the copy (untimed) unless the side opens it itself, lets the implementation prepare
    /// (untimed), times its body, and closes everything before the database is digested.
    private func runOnce(
        _ implementation: Implementation, of workload: Workload, on path: String, probe: MemoryProbe
    ) throws -> (Double, Checksum) {
        if let onFile = workload.onFile[implementation] { return try timedBody(try onFile(path), probe) }
        switch implementation {
        case .rawC:
            let db = try RawDatabase(path: path)
            return try timedBody(try workload.rawC(db), probe)
        case .grdb:
            let queue = try GRDBSide.open(path: path)
            defer { try? queue.close() }
            return try timedBody(try workload.grdb(queue), probe)
        case .objectGraph:
            let coordinator = try ObjectGraphSide.open(path: path)
            return try timedBody(try workload.objectGraph(coordinator), probe)
        }
    }
}

/// The measured call.
///
/// Not inlined, so that a profiler can restrict itself to it:
/// `valgrind --tool=callgrind --toggle-collect='*timedBody*' …`.
@inline(never)
func timedBody(_ body: Body, _ probe: MemoryProbe) throws -> (Double, Checksum) {
    let clock = ContinuousClock()
    let start = clock.now
    let checksum = try body(probe)
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) + Double(attoseconds) * 1e-18, checksum)
}
