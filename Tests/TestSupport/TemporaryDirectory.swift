import Foundation

/// A directory of its own in the system's temporary directory, removed when the value goes away.
///
/// A test keeps the value alive for as long as it uses the directory: hold it in a stored
/// property, or use ``with(prefix:_:)``, since an optimized build may release a local value
/// after its last use.
public final class TemporaryDirectory {
    /// The directory, which exists until the value goes away.
    public let url: URL

    /// Creates a new, empty directory named `PREFIX-UUID`.
    ///
    /// - Parameter prefix: The start of the directory's name, saying which tests made it.
    public init(prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the directory and everything in it.
    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the directory (the file is not created).
    public func file(_ name: String) -> URL { url.appending(path: name) }

    /// Runs `body` with a new, empty directory, removed when `body` returns.
    ///
    /// - Parameters:
    ///   - prefix: The start of the directory's name, saying which tests made it.
    ///   - body: What to do in the directory, given its URL.
    /// - Returns: What `body` returns.
    public static func with<Result>(prefix: String, _ body: (URL) throws -> Result) throws -> Result {
        let directory = try TemporaryDirectory(prefix: prefix)
        return try withExtendedLifetime(directory) { try body(directory.url) }
    }
}
