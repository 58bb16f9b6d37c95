/// A piece of the team-and-score part of a match line: a word, a bracket `( … )`, or the
/// venue from `@` to the end.
struct MatchToken {
    /// What kind of piece it is.
    enum Kind {
        /// A run of bytes up to a space, tab or `(`.
        case word
        /// A bracket from `(` to its `)`, both included.
        case bracket
        /// `@` and the rest of the line.
        case venue
    }

    /// The piece's kind.
    var kind: Kind
    /// The offset of its first byte.
    var start: Int
    /// The offset after its last byte.
    var end: Int

    /// Splits `bytes[from..<to]` into tokens; throws at a `(` that is not closed.
    static func tokenize(_ bytes: [UInt8], from: Int, to: Int) throws(SyntaxIssue) -> [MatchToken] {
        var tokens: [MatchToken] = []
        var c = ByteCursor(bytes, from: from, to: to)
        while true {
            c.skipSpaces()
            guard let byte = c.current else { break }
            let start = c.position
            if byte == ByteClass.at, start == from || ByteClass.isSpace(bytes[start - 1]) {
                tokens.append(MatchToken(kind: .venue, start: start, end: to))
                break
            }
            if byte == ByteClass.openParen {
                guard let close = c.closingParen(from: start) else {
                    throw SyntaxIssue(start, "unclosed '('")
                }
                tokens.append(MatchToken(kind: .bracket, start: start, end: close + 1))
                c.position = close + 1
                continue
            }
            while let next = c.current, !ByteClass.isSpace(next), next != ByteClass.openParen { c.advance() }
            tokens.append(MatchToken(kind: .word, start: start, end: c.position))
        }
        return tokens
    }

    /// The score `N-N` this token is, or nil.
    func score(in bytes: [UInt8]) -> GoalPair? {
        guard kind == .word else { return nil }
        return MatchToken.score(bytes, start..<end)
    }

    /// The score `N-N` that `bytes[range]` is in full, or nil.
    static func score(_ bytes: [UInt8], _ range: Range<Int>) -> GoalPair? {
        var c = ByteCursor(bytes, from: range.lowerBound, to: range.upperBound)
        guard let home = c.readNumber(maxDigits: 3), c.take(ByteClass.dash),
            let away = c.readNumber(maxDigits: 3), c.isAtEnd
        else { return nil }
        return GoalPair(home: home, away: away)
    }

    /// Whether the token is the word `v` (also `vs`, `vs.`) between two teams.
    func isVersus(in bytes: [UInt8]) -> Bool {
        guard kind == .word else { return false }
        let range = start..<end
        return ByteClass.equalsLowercased(bytes, range, "v") || ByteClass.equalsLowercased(bytes, range, "vs")
            || ByteClass.equalsLowercased(bytes, range, "vs.")
    }

    /// Whether the token marks penalties: `pen.`, `pen`, `pens`, `pens.`.
    func isPenaltyMark(in bytes: [UInt8]) -> Bool {
        kind == .word && MatchToken.isPenaltyMark(bytes, start..<end)
    }

    /// Whether `bytes[range]` is a penalty mark: `pen.`, `pen`, `pens`, `pens.`, `p`, `p.`.
    static func isPenaltyMark(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        ByteClass.equalsLowercased(bytes, range, "pen.") || ByteClass.equalsLowercased(bytes, range, "pen")
            || ByteClass.equalsLowercased(bytes, range, "pens") || ByteClass.equalsLowercased(bytes, range, "pens.")
            || ByteClass.equalsLowercased(bytes, range, "p") || ByteClass.equalsLowercased(bytes, range, "p.")
    }

    /// Whether the token marks extra time (`a.e.t.`, `a.e.t`, `aet`), and whether a comma is glued to it.
    func extraTimeMark(in bytes: [UInt8]) -> (isMark: Bool, hasComma: Bool) {
        guard kind == .word else { return (false, false) }
        var end = self.end
        var hasComma = false
        if end > start, bytes[end - 1] == ByteClass.comma {
            end -= 1
            hasComma = true
        }
        return (MatchToken.isExtraTimeMark(bytes, start..<end), hasComma)
    }

    /// Whether `bytes[range]` is an extra-time mark: `a.e.t.`, `a.e.t`, `aet`, `aet.`.
    static func isExtraTimeMark(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        ByteClass.equalsLowercased(bytes, range, "a.e.t.") || ByteClass.equalsLowercased(bytes, range, "a.e.t")
            || ByteClass.equalsLowercased(bytes, range, "aet") || ByteClass.equalsLowercased(bytes, range, "aet.")
    }
}
