import Foundation

/// A file em reads, checked to exist and be readable before anyone parses it, so that a
/// missing file ends em with ``ExitStatus/noInput`` rather than as a data error.
struct InputFile {
    /// The file.
    let url: URL

    /// Checks that `path` names a readable file.
    ///
    /// - Throws: ``EMError/unreadableInput(path:)``.
    /// - Complexity: One file system query.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: path)
        else { throw EMError.unreadableInput(path: path) }
        url = URL(filePath: path)
    }
}
