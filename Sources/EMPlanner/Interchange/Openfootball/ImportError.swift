/// A Football.TXT file (or squad file) that cannot be imported: where, and why.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters.
    public var column: Int
    /// The line's text.
    public var lineText: String
    /// What is wrong, such as `unknown team "Atlantis"`.
    public var message: String

    /// An error at a place in a file.
    public init(file: String, line: Int, column: Int, lineText: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
        self.message = message
    }

    /// `euro.txt:12:5: unknown team "Atlantis": did you mean …? in line "Atlantis v …"`, on one
    /// line.
    public var description: String {
        let shown = lineText.trimmingWhitespace()
        return "\(file):\(line):\(column): \(message)" + (shown.isEmpty ? "" : " in line \(quoted(shown))")
    }
}
