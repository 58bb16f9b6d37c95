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
            let reason =
                errno == ENOENT
                ? "its folder \(folder.path) does not exist" : "\(folder.path): \(String(cString: strerror(errno)))"
            throw Failure.refused(path: url.path, reason: reason)
        }
        let (descriptor, temporary) = try lockedTemporary(in: folder)
        defer {
            Self.remove(temporary.path)
            close(descriptor)
        }
        try make(temporary)
        guard link(temporary.path, url.path) == 0 else {
            let code = errno
            if code == EEXIST { throw Failure.exists(path: url.path) }
            throw Failure.refused(path: url.path, reason: String(cString: strerror(code)))
        }
    }

    /// A new temporary file beside the file, empty, locked, under its `.tmp` name.
    ///
    /// It is made under a `.new` name, locked, then renamed, so that a `.tmp` file is always
    /// either locked by its writer or abandoned. Another writer removes the `.new` file if it
    /// finds it before it is locked, as it would one a killed writer left: it is then made
    /// again under another name.
    ///
    /// - Returns: The file's open descriptor, which holds the lock, and its URL.
    /// - Throws: ``Failure/refused(path:reason:)``.
    private func lockedTemporary(in folder: URL) throws(Failure) -> (descriptor: Int32, url: URL) {
        for _ in 1...Self.attempts {
            let name = "\(temporaryPrefix)\(UUID().uuidString)"
            let unlocked = folder.appending(path: name + ".new").path
            let temporary = folder.appending(path: name + ".tmp")
            let descriptor = open(unlocked, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .refused(path: url.path, reason: String(cString: strerror(errno))) }
            if flock(descriptor, LOCK_EX) == 0, rename(unlocked, temporary.path) == 0 { return (descriptor, temporary) }
            let code = errno
            unlink(unlocked)
            close(descriptor)
            guard code == ENOENT else { throw .refused(path: url.path, reason: String(cString: strerror(code))) }
        }
        throw .refused(path: url.path, reason: "other writers removed its temporary file \(Self.attempts) times")
    }

    /// How many times a temporary file is made before another writer's removing it is an error.
    private static let attempts = 10

    /// The start of the names of this file's temporary files: `.NAME.`.
    private var temporaryPrefix: String { ".\(url.lastPathComponent)." }

    /// Removes the temporary files of writers to this name that were killed: the `.new` and
    /// `.tmp` files no writer holds locked.
    ///
    /// A writer locks its file while it works (see ``create(_:)``), and the system drops the
    /// lock of a killed process, so what is unlocked is abandoned.
    ///
    /// - Complexity: Reads the folder once, and opens each temporary file of this name.
    public func removeAbandonedTemporaries() {
        let folder = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(temporaryPrefix) && (name.hasSuffix(".new") || name.hasSuffix(".tmp")) {
            let path = folder.appending(path: name).path
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
