/// A place in a Football.TXT file: file name, line, column and the line's text.
public struct FootballTextLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given to the parser.
    public var fileName: String
    /// The line number, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int
    /// The line's text, without its line break.
    public var lineText: String

    /// The place `line`:`column` of `fileName`, whose text is `lineText`.
    public init(fileName: String, line: Int, column: Int, lineText: String) {
        self.fileName = fileName
        self.line = line
        self.column = column
        self.lineText = lineText
    }

    /// `file:line:column`, such as `euro.txt:12:5`.
    public var description: String { "\(fileName):\(line):\(column)" }
}
