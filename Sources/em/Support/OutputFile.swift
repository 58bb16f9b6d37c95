import Foundation

/// A new file em writes: never one that exists already.
struct OutputFile {
    /// The file.
    let url: URL

    /// Writes `data` into a new file at ``url``.
    ///
    /// - Throws: ``EMError/cannotCreate(path:reason:)`` when the file exists or cannot be
    ///   written.
    /// - Complexity: Writes the file.
    func write(_ data: Data) throws {
        do {
            try data.write(to: url, options: .withoutOverwriting)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "it exists already" : "\(error.localizedDescription)"
            throw EMError.cannotCreate(path: url.path, reason: reason)
        }
    }
}
