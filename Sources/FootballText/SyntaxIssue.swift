/// A syntax problem at a byte offset of a source unit, before it is placed in the file.
struct SyntaxIssue: Error {
    /// The byte offset in the unit.
    var offset: Int
    /// What is wrong.
    var message: String

    /// The problem `message` at `offset`.
    init(_ offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }
}
