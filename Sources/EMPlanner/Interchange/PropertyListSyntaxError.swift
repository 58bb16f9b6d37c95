/// An XML property list that ``XMLPropertyListParser`` cannot read, saying where and why.
///
/// ```
/// line 12, column 5: expected </string>, found </key>
/// ```
struct PropertyListSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line of the culprit, from 1.
    var line: Int
    /// The column of the culprit in characters, from 1.
    var column: Int
    /// What is wrong, quoting what was found.
    var message: String

    /// One line: `line L, column C: message`.
    var description: String { "line \(line), column \(column): \(message)" }
}
