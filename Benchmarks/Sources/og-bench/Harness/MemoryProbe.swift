import CMalloc
import Foundation

/// Heap and resident memory of the process.
struct MemoryReading: Codable {
    /// Bytes handed out by malloc and not freed (arena chunks plus mmapped blocks).
    var mallocBytes: Int
    /// Resident set size.
    var residentBytes: Int

    static func now() -> MemoryReading {
        let info = mallinfo2()
        return MemoryReading(mallocBytes: Int(info.uordblks + info.hblkhd), residentBytes: residentSetSize())
    }

    static func - (lhs: MemoryReading, rhs: MemoryReading) -> MemoryReading {
        MemoryReading(mallocBytes: lhs.mallocBytes - rhs.mallocBytes, residentBytes: lhs.residentBytes - rhs.residentBytes)
    }

    private static func residentSetSize() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Records the memory growth of a memory workload: from ``start()`` to the moment the
/// objects exist as faults, and to the moment all of them are loaded; or, for a workload of
/// whole processes, the peak resident size of the child process it ran.
final class MemoryProbe {
    private var base = MemoryReading(mallocBytes: 0, residentBytes: 0)
    private(set) var faults: MemoryReading?
    private(set) var loaded: MemoryReading?
    private(set) var childPeakResidentBytes: Int?

    /// Takes the baseline, after returning freed memory to the system so that resident
    /// growth shows.
    func start() {
        malloc_trim(0)
        base = .now()
    }

    func markFaults() { faults = .now() - base }
    func markLoaded() { loaded = .now() - base }

    func markChild(_ process: ChildProcess) { childPeakResidentBytes = process.peakResidentBytes }
}
