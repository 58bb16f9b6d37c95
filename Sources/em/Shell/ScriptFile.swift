import Foundation

/// The lines of a script that `em run` reads: a file, or standard input for `-`.
struct ScriptFile {
    /// The path errors name, `-` for standard input.
    let path: String
    /// The lines, without their line breaks.
    let lines: [Substring]

    /// Reads the script at `path`.
    ///
    /// - Throws: ``EMError/unreadableInput(path:)`` for a file that is missing or unreadable,
    ///   ``EMError/invalidInput(path:reason:)`` for one that is not UTF-8 text.
    init(path: String) throws {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            let url = try InputFile(path: path).url
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw EMError.unreadableInput(path: path)
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw EMError.invalidInput(path: path, reason: "not UTF-8 text")
        }
        // "\r\n" is one Character, as readLine() takes it.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        self.path = path
        self.lines = lines
    }
}
