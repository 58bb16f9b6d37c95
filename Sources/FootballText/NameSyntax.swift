/// Reads the person names of scorer lists, line-ups and shoot-outs.
enum NameSyntax {
    /// Reads a name at the cursor.
    ///
    /// The name runs up to `,` `;` `(` `)` `[` `]`, a space or tab followed by a digit, the end,
    /// and (if `stopAtDash`) a ` - ` separator. Returns the range with spaces trimmed (empty if
    /// there is no name).
    static func read(_ c: inout ByteCursor, stopAtDash: Bool) -> Range<Int> {
        c.skipSpaces()
        let start = c.position
        var end = start
        while let byte = c.current {
            if byte == ByteClass.comma || byte == ByteClass.semicolon || byte == ByteClass.openParen
                || byte == ByteClass.closeParen || byte == ByteClass.openBracket || byte == ByteClass.closeBracket
            {
                break
            }
            if ByteClass.isSpace(byte) {
                var look = c
                look.skipSpaces()
                guard let next = look.current else { break }
                if ByteClass.isDigit(next) { break }
                if stopAtDash, next == ByteClass.dash, look.peek(1).map(ByteClass.isSpace) ?? true { break }
                c = look
                continue
            }
            c.advance()
            end = c.position
        }
        c.position = end
        return start..<end
    }
}
