/// Why and where an XML document is not well-formed, or not what its reader expects.
///
/// ```
/// line 2, column 14: expected a quoted value for attribute name
/// ```
package struct XMLSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column in characters, from 1.
    package var column: Int
    /// What is wrong.
    package var reason: String

    /// An error at `line` and `column`.
    package init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// One line: `line L, column C: reason`.
    package var description: String { "line \(line), column \(column): \(reason)" }
}
