/// Reads a scorer list: `(Wirtz 10' Musiala 19' Havertz 45+1' (pen.); Rüdiger 87' (o.g.))`,
/// `(G.Müller 24, 71; Polleunis 83)`, `(Kü 53pen)`, `(Ondrus 77og)`, `(Van Basten 44',72',76')`.
///
/// The home team's goals come before the `;`, the away team's after it. A list without `;`
/// holds the goals of the one team that scored (see `GoalEntry`).
enum GoalListParser {
    /// The goals of the list `bytes`, for a match whose final score is `finalScore`.
    static func parse(_ bytes: [UInt8], finalScore: GoalPair?) throws(SyntaxIssue) -> [GoalEntry] {
        var c = ByteCursor(bytes)
        c.skipSpaces()
        let open = c.position
        guard c.take(ByteClass.openParen) else { throw SyntaxIssue(open, "expected '(' to start the scorers") }
        var goals: [GoalEntry] = []
        var side = MatchSide.home
        var sawSemicolon = false
        while true {
            c.skipSpaces()
            guard let byte = c.current else { throw SyntaxIssue(open, "unclosed '(' in the scorer list") }
            if byte == ByteClass.closeParen {
                c.advance()
                break
            }
            if byte == ByteClass.semicolon {
                guard !sawSemicolon else { throw SyntaxIssue(c.position, "a second ';' in the scorer list") }
                sawSemicolon = true
                side = .away
                c.advance()
                continue
            }
            if byte == ByteClass.comma {
                c.advance()
                continue
            }
            try readScorer(&c, side: side, into: &goals)
        }
        c.skipSpaces()
        if !c.isAtEnd {
            throw SyntaxIssue(c.position, "unexpected text after the scorer list")
        }
        if !sawSemicolon, let finalScore, finalScore.home == 0, finalScore.away > 0 {
            for index in goals.indices { goals[index].side = .away }
        }
        return goals
    }

    /// Reads one scorer with the minutes of his goals.
    private static func readScorer(_ c: inout ByteCursor, side: MatchSide, into goals: inout [GoalEntry]) throws(SyntaxIssue) {
        let nameRange = NameSyntax.read(&c, stopAtDash: false)
        guard !nameRange.isEmpty else {
            throw SyntaxIssue(c.position, "expected a scorer's name")
        }
        let name = c.text(nameRange)
        var scored = false
        while true {
            c.skipSpaces()
            guard c.atDigit else { break }
            let minute = try MinuteSyntax.read(&c)
            var goal = GoalEntry(side: side, player: name, minute: minute)
            let markStart = c.position
            let mark = c.readLetters()
            if !mark.isEmpty {
                while c.at(ByteClass.period) || ByteClass.isLetter(c.current ?? 0) { c.advance() }
                try applyMark(c.bytes, markStart..<c.position, to: &goal)
            }
            try readNotes(&c, into: &goal)
            goals.append(goal)
            scored = true
            var look = c
            look.skipSpaces()
            if look.at(ByteClass.comma) {
                look.advance()
                look.skipSpaces()
                if look.atDigit {
                    c = look
                    continue
                }
            }
        }
        if !scored {
            var goal = GoalEntry(side: side, player: name, minute: nil)
            try readNotes(&c, into: &goal)
            goals.append(goal)
        }
    }

    /// Reads the brackets after a minute: `(pen.)`, `(pen)`, `(p)`, `(o.g.)`, `(og)`.
    private static func readNotes(_ c: inout ByteCursor, into goal: inout GoalEntry) throws(SyntaxIssue) {
        while true {
            var look = c
            look.skipSpaces()
            guard look.at(ByteClass.openParen) else { return }
            let open = look.position
            guard let close = look.closingParen(from: open) else { throw SyntaxIssue(open, "unclosed '('") }
            var start = open + 1
            var end = close
            while start < end, ByteClass.isSpace(c.bytes[start]) { start += 1 }
            while end > start, ByteClass.isSpace(c.bytes[end - 1]) { end -= 1 }
            try applyMark(c.bytes, start..<end, to: &goal)
            c.position = close + 1
        }
    }

    /// Applies the goal mark `bytes[range]`: penalty or own goal.
    private static func applyMark(_ bytes: [UInt8], _ range: Range<Int>, to goal: inout GoalEntry) throws(SyntaxIssue) {
        if MatchToken.isPenaltyMark(bytes, range) {
            goal.isPenalty = true
        } else if ByteClass.equalsLowercased(bytes, range, "o.g.") || ByteClass.equalsLowercased(bytes, range, "og")
            || ByteClass.equalsLowercased(bytes, range, "o.g") || ByteClass.equalsLowercased(bytes, range, "og.")
        {
            goal.isOwnGoal = true
        } else {
            throw SyntaxIssue(range.lowerBound, "unknown goal note '\(ByteClass.cleanText(bytes, range))'")
        }
    }
}
