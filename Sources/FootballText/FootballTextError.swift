/// A line of a Football.TXT file the parser does not understand.
public struct FootballTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: FootballTextLocation
    /// What is wrong, such as `expected a score or 'v' after 'Italy'`.
    public var message: String

    /// The problem `message` at `location`.
    public init(location: FootballTextLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// The file's name.
    public var fileName: String { location.fileName }
    /// The line number, from 1.
    public var line: Int { location.line }
    /// The column in characters, from 1.
    public var column: Int { location.column }
    /// The line's text.
    public var lineText: String { location.lineText }

    /// `file:line:column: message`, such as `euro.txt:12:5: expected a score or 'v' after 'Italy'`.
    public var description: String { "\(location): \(message)" }
}
