/// Reads a penalty shoot-out: `Penalties: 1-0 Masny, 1-1 Bonhof, …, U.Hoeneß (over), 5-3 Panenka`.
enum ShootoutParser {
    /// The kicks of the line `bytes`, which start with `Penalties:`.
    static func parse(_ bytes: [UInt8]) throws(SyntaxIssue) -> [ShootoutKick] {
        var c = ByteCursor(bytes)
        while let byte = c.current, byte != ByteClass.colon { c.advance() }
        guard c.take(ByteClass.colon) else { throw SyntaxIssue(0, "expected 'Penalties:'") }
        var kicks: [ShootoutKick] = []
        while true {
            c.skipSpaces()
            if c.isAtEnd { break }
            var score: GoalPair? = nil
            if c.atDigit {
                let start = c.position
                while let byte = c.current, !ByteClass.isSpace(byte) { c.advance() }
                guard let read = MatchToken.score(bytes, start..<c.position) else {
                    throw SyntaxIssue(start, "expected the shoot-out score, e.g. '1-0'")
                }
                score = read
                c.skipSpaces()
            }
            let nameStart = c.position
            while let byte = c.current, byte != ByteClass.comma, byte != ByteClass.openParen { c.advance() }
            let player = c.text(nameStart..<c.position)
            guard !player.isEmpty else { throw SyntaxIssue(nameStart, "expected the kicker's name") }
            var note: String? = nil
            if c.at(ByteClass.openParen) {
                let open = c.position
                guard let close = c.closingParen(from: open) else { throw SyntaxIssue(open, "unclosed '('") }
                let text = c.text((open + 1)..<close)
                note = text.isEmpty ? nil : text
                c.position = close + 1
                c.skipSpaces()
            }
            kicks.append(ShootoutKick(score: score, player: player, note: note))
            if c.isAtEnd { break }
            guard c.take(ByteClass.comma) else { throw SyntaxIssue(c.position, "expected ',' after '\(player)'") }
        }
        guard !kicks.isEmpty else { throw SyntaxIssue(c.position, "expected the kicks after 'Penalties:'") }
        return kicks
    }
}
