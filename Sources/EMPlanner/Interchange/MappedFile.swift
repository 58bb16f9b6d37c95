import Foundation

/// A file's bytes mapped into memory read-only, whose pages already read can be given back,
/// so that reading a large file front to back keeps little of it resident.
///
/// The mapping is private and read-only: pages given back are read from the file again if
/// touched later (as an error message's line count does).
final class MappedFile {
    /// The file's bytes.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the file at `path`.
    ///
    /// - Throws: `POSIXError` when the file cannot be opened, examined or mapped.
    /// - Complexity: O(1); pages are read as they are touched.
    init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // The mapping stays valid after the descriptor is closed.
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let count = Int(status.st_size)
        guard count > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let start = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), bytes.count) }
    }

    /// Gives back the whole pages before `offset`, which reading has passed.
    func release(before offset: Int) {
        guard let start = bytes.baseAddress else { return }
        let length = offset / Self.pageSize * Self.pageSize
        if length > 0 { madvise(UnsafeMutableRawPointer(mutating: start), length, MADV_DONTNEED) }
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}
