import Foundation

/// A file written all at once, never over another: it is made under a temporary name beside
/// its place, then linked into place only if nothing is there (`link(2)` refuses an existing
/// name), so that no reader sees it half-written, a crash leaves no partial file at its name,
/// and of two writers to one name, one wins and the other is told the file exists.
public struct NewFile {
    /// Why a new file could not be written.
    public enum Failure: Error, Equatable {
        /// Something is at the file's name already.
        case exists(path: String)
        /// The system refused, in its words.
        case refused(path: String, reason: String)
    }

    /// Where the file goes.
    public let url: URL

    /// A new file at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Writes `data` as the new file.
    ///
    /// - Throws: ``Failure``; nothing is left at `url`, nor beside it, then.
    /// - Complexity: Writes the file once, then links it.
    public func write(_ data: Data) throws(Failure) {
        do {
            try create { temporary in try data.write(to: temporary, options: .withoutOverwriting) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .refused(path: url.path, reason: Self.reason(error))
        }
    }

    /// Makes the new file with `make`, which writes it at the temporary URL it is given, then
    /// links it into place.
    ///
    /// - Parameter make: Writes the file at its argument; whatever it leaves there (and beside
    ///   it, the `-wal`, `-shm` and `-journal` files of a store) is removed afterwards.
    /// - Throws: ``Failure``, or what `make` throws; nothing is left at `url` then.
    func create(_ make: (URL) throws -> Void) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else { throw Failure.exists(path: url.path) }
        let folder = url.deletingLastPathComponent().path
        guard access(folder, W_OK | X_OK) == 0 else {
            throw Failure.refused(path: url.path, reason: "\(folder): \(String(cString: strerror(errno)))")
        }
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: temporary.path + suffix)
            }
        }
        try make(temporary)
        guard link(temporary.path, url.path) == 0 else {
            let code = errno
            if code == EEXIST { throw Failure.exists(path: url.path) }
            throw Failure.refused(path: url.path, reason: String(cString: strerror(code)))
        }
    }

    /// What the system said, without Foundation's framing where it can be had.
    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
