/// Reads minutes of play: `87'`, `87`, `45+1'`, `90'+3'`.
enum MinuteSyntax {
    /// Reads a minute at the cursor, which is at a digit.
    static func read(_ c: inout ByteCursor) throws(SyntaxIssue) -> MatchMinute {
        let start = c.position
        guard let minute = c.readNumber(maxDigits: 3) else { throw SyntaxIssue(start, "expected a minute") }
        _ = c.take(ByteClass.apostrophe)
        var added: Int? = nil
        if c.at(ByteClass.plus), let next = c.peek(1), ByteClass.isDigit(next) {
            c.advance()
            added = c.readNumber(maxDigits: 3)
            _ = c.take(ByteClass.apostrophe)
        }
        return MatchMinute(minute, addedTime: added)
    }

}
