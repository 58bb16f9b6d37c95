/// Reads a line-up: `Germany: Neuer - Kimmich, Rüdiger, Tah [Y], Mittelstädt - Andrich [Y] (Groß 46'), …`.
///
/// Players are separated by `,`; ` - ` starts the next line of the formation. After a name come
/// cards and captaincy in square brackets (`[Y]`, `[Y 23']`, `[R 44']`, `[Y/R 80']`, `[c]`) and
/// the substitute in round brackets, his minute before or after his name (`(Groß 46')`,
/// `(46' Groß)`, `(Amoros)`), with his own cards and, nested, his own substitute.
enum LineupParser {
    /// The line-up in `bytes`, which start with the label and its colon.
    static func parse(_ bytes: [UInt8]) throws(SyntaxIssue) -> LineupEntry {
        var c = ByteCursor(bytes)
        c.skipSpaces()
        let labelStart = c.position
        while let byte = c.current, byte != ByteClass.colon { c.advance() }
        let team = c.text(labelStart..<c.position)
        guard c.take(ByteClass.colon), !team.isEmpty else {
            throw SyntaxIssue(labelStart, "expected 'Team:' to start the line-up")
        }
        var lines: [[LineupPlayer]] = [[]]
        while true {
            c.skipSpaces()
            if c.isAtEnd { break }
            let player = try readPlayer(&c)
            lines[lines.count - 1].append(player)
            c.skipSpaces()
            if c.isAtEnd { break }
            if c.take(ByteClass.comma) { continue }
            if c.take(ByteClass.dash) {
                lines.append([])
                continue
            }
            throw SyntaxIssue(c.position, "expected ',' or ' - ' after '\(player.name)'")
        }
        if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
        guard !lines[0].isEmpty else { throw SyntaxIssue(c.position, "expected the players after '\(team):'") }
        return LineupEntry(team: team, formationLines: lines)
    }

    /// Reads a starter with his marks and substitutes.
    private static func readPlayer(_ c: inout ByteCursor) throws(SyntaxIssue) -> LineupPlayer {
        let nameRange = NameSyntax.read(&c, stopAtDash: true)
        guard !nameRange.isEmpty else { throw SyntaxIssue(c.position, "expected a player's name") }
        var player = LineupPlayer(name: c.text(nameRange))
        while true {
            var look = c
            look.skipSpaces()
            if look.at(ByteClass.openBracket) {
                c = look
                try readMarks(&c, cards: &player.cards, captain: &player.isCaptain)
            } else if look.at(ByteClass.openParen) {
                c = look
                player.substitutions += try readSubstitution(&c)
            } else {
                return player
            }
        }
    }

    /// Reads `( [minute] name [marks] [minute] [(nested)] )` at the cursor (at the `(`) and
    /// returns the substitute followed by his own substitutes.
    private static func readSubstitution(_ c: inout ByteCursor) throws(SyntaxIssue) -> [Substitution] {
        let open = c.position
        c.advance()
        c.skipSpaces()
        var minute: MatchMinute? = nil
        if c.atDigit {
            minute = try MinuteSyntax.read(&c)
        }
        let nameRange = NameSyntax.read(&c, stopAtDash: false)
        guard !nameRange.isEmpty else { throw SyntaxIssue(c.position, "expected the substitute's name") }
        var substitution = Substitution(player: c.text(nameRange), minute: minute)
        var later: [Substitution] = []
        while true {
            c.skipSpaces()
            guard let byte = c.current else { throw SyntaxIssue(open, "unclosed '('") }
            if byte == ByteClass.closeParen {
                c.advance()
                return [substitution] + later
            }
            if byte == ByteClass.openBracket {
                try readMarks(&c, cards: &substitution.cards, captain: &substitution.isCaptain)
            } else if ByteClass.isDigit(byte) {
                guard substitution.minute == nil else {
                    throw SyntaxIssue(c.position, "a second minute for '\(substitution.player)'")
                }
                substitution.minute = try MinuteSyntax.read(&c)
            } else if byte == ByteClass.openParen {
                later += try readSubstitution(&c)
            } else {
                throw SyntaxIssue(c.position, "unexpected text in the substitution of '\(substitution.player)'")
            }
        }
    }

    /// Reads `[Y]`, `[Y 23']`, `[R 44']`, `[Y/R 80']`, `[c]` (several separated by `,` or `;`)
    /// at the cursor (at the `[`).
    private static func readMarks(_ c: inout ByteCursor, cards: inout [CardEntry], captain: inout Bool) throws(SyntaxIssue) {
        let open = c.position
        c.advance()
        while true {
            c.skipSpaces()
            guard let byte = c.current else { throw SyntaxIssue(open, "unclosed '['") }
            if byte == ByteClass.closeBracket {
                c.advance()
                return
            }
            if byte == ByteClass.comma || byte == ByteClass.semicolon {
                c.advance()
                continue
            }
            let kindStart = c.position
            while let next = c.current, ByteClass.isLetter(next) || next == ByteClass.slash { c.advance() }
            let range = kindStart..<c.position
            let bytes = c.bytes
            c.skipSpaces()
            var minute: MatchMinute? = nil
            if c.atDigit {
                minute = try MinuteSyntax.read(&c)
            }
            if ByteClass.equalsLowercased(bytes, range, "c") {
                captain = true
            } else if ByteClass.equalsLowercased(bytes, range, "y") {
                cards.append(CardEntry(.yellow, minute: minute))
            } else if ByteClass.equalsLowercased(bytes, range, "r") {
                cards.append(CardEntry(.red, minute: minute))
            } else if ByteClass.equalsLowercased(bytes, range, "y/r") || ByteClass.equalsLowercased(bytes, range, "yr") {
                cards.append(CardEntry(.yellowRed, minute: minute))
            } else {
                throw SyntaxIssue(
                    kindStart,
                    "unknown mark '\(ByteClass.cleanText(bytes, kindStart..<max(kindStart + 1, range.upperBound)))' in '[ ]'")
            }
        }
    }
}
