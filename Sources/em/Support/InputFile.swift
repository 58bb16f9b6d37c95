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

    /// The file's text.
    ///
    /// - Throws: ``EMError/unreadableInput(path:)``, or ``EMError/invalidInput(path:reason:)``
    ///   when it is not UTF-8.
    func text() throws -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw EMError.unreadableInput(path: url.path) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw EMError.invalidInput(path: url.path, reason: "not UTF-8 text")
        }
        return text
    }
}
