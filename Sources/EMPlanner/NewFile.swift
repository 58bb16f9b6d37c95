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
            try create { temporary in try data.write(to: temporary) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .refused(path: url.path, reason: Self.reason(error))
        }
    }

    /// Makes the new file with `make`, which writes it at the temporary URL it is given, then
    /// links it into place.
    ///
    /// The temporary file exists, empty, when `make` is called, and is locked (`flock(2)`)
    /// until this returns: a writer killed meanwhile leaves it unlocked, and the next writer
    /// to the same name removes it.
    ///
    /// - Parameter make: Writes the file at its argument; whatever it leaves there (and beside
    ///   it, the `-wal`, `-shm` and `-journal` files of a store) is removed afterwards.
    /// - Throws: ``Failure``, or what `make` throws; nothing is left at `url` then.
    func create(_ make: (URL) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        // Before anything else: a writer killed after linking its file leaves its temporary.
        removeAbandonedTemporaries()
        guard !FileManager.default.fileExists(atPath: url.path) else { throw Failure.exists(path: url.path) }
        guard access(folder.path, W_OK | X_OK) == 0 else {
            throw Failure.refused(path: url.path, reason: "\(folder.path): \(String(cString: strerror(errno)))")
        }
        // Made under a name no writer sweeps, locked, then renamed: a `.tmp` file is always
        // either locked by its writer or abandoned.
        let name = "\(temporaryPrefix)\(UUID().uuidString)"
        let unlocked = folder.appending(path: name + ".new").path
        let temporary = folder.appending(path: name + ".tmp")
        let descriptor = open(unlocked, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure.refused(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer {
            Self.remove(temporary.path)
            unlink(unlocked)
            close(descriptor)
        }
        guard flock(descriptor, LOCK_EX) == 0, rename(unlocked, temporary.path) == 0 else {
            throw Failure.refused(path: url.path, reason: String(cString: strerror(errno)))
        }
        try make(temporary)
        guard link(temporary.path, url.path) == 0 else {
            let code = errno
            if code == EEXIST { throw Failure.exists(path: url.path) }
            throw Failure.refused(path: url.path, reason: String(cString: strerror(code)))
        }
    }

    /// The start of the names of this file's temporary files: `.NAME.`.
    private var temporaryPrefix: String { ".\(url.lastPathComponent)." }

    /// Removes the temporary files of writers to this name that were killed: `.tmp` files no
    /// writer holds locked, and `.new` files older than a minute (a writer renames its file
    /// to `.tmp` right after locking it).
    private func removeAbandonedTemporaries() {
        let folder = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(temporaryPrefix) {
            let path = folder.appending(path: name).path
            if name.hasSuffix(".new") {
                var status = stat()
                if stat(path, &status) == 0, time(nil) - status.st_mtim.tv_sec > 60 { unlink(path) }
                continue
            }
            guard name.hasSuffix(".tmp") else { continue }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { Self.remove(path) }
            close(descriptor)
        }
    }

    /// Removes a temporary file and the files SQLite keeps beside a store.
    private static func remove(_ path: String) {
        for suffix in ["-wal", "-shm", "-journal", ""] { unlink(path + suffix) }
    }

    /// What the system said, without Foundation's framing where it can be had.
    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
