/// Reads a date line or match line:
/// `[date] [(number)] [time [(time zone)]] [(number)] [@ venue  ] [home  score  away  (notes)  @ venue]`.
///
/// The result is `home score away` (`Germany 5-1 (3-0) Scotland`) or `home v away [score]`
/// (`France v Yugoslavia 4-5`, `A1 v A2`); team names are the words up to the score or `v`.
struct MatchLineParser {
    /// The year of dates that give none.
    let defaultYear: Int?

    /// Reads the line `bytes`.
    func parse(_ bytes: [UInt8]) throws(SyntaxIssue) -> ParsedMatchLine {
        var line = ParsedMatchLine()
        var c = ByteCursor(bytes)
        c.skipSpaces()
        if let date = try DateSyntax.parseDate(&c, defaultYear: defaultYear) {
            line.date = date
            c.skipSpaces()
        }
        if let number = readMatchNumber(&c) {
            line.number = number
            c.skipSpaces()
        }
        if let time = try DateSyntax.parseTime(&c) {
            line.time = time
            c.skipSpaces()
            if let second = try readZonedTime(&c) {
                line.secondTime = second
                c.skipSpaces()
            }
        }
        if line.number == nil, let number = readMatchNumber(&c) {
            line.number = number
            c.skipSpaces()
        }
        if c.at(ByteClass.at) {
            let start = c.position
            c.advance()
            while let byte = c.current {
                if ByteClass.isSpace(byte), let next = c.peek(1), ByteClass.isSpace(next) { break }
                c.advance()
            }
            line.leadingVenue = try VenueSyntax.parse(bytes, (start + 1)..<c.position)
            c.skipSpaces()
        }
        if c.isAtEnd {
            if line.number != nil {
                throw SyntaxIssue(c.position, "expected the teams after the match number")
            }
            return line
        }
        line.match = try readMatch(bytes, from: c.position)
        if line.leadingVenue != nil, line.match?.venue != nil {
            throw SyntaxIssue(c.position, "two venues for one match")
        }
        return line
    }

    /// Reads `(digits)` followed by a space or the end; nil, not moving, if it is not there.
    private func readMatchNumber(_ cursor: inout ByteCursor) -> Int? {
        var c = cursor
        guard c.take(ByteClass.openParen), let number = c.readNumber(), c.take(ByteClass.closeParen), c.atBoundary
        else { return nil }
        cursor = c
        return number
    }

    /// Reads `(HH:MM ZONE)`; nil, not moving, if the bracket does not start with a time.
    private func readZonedTime(_ cursor: inout ByteCursor) throws(SyntaxIssue) -> ZonedTime? {
        var c = cursor
        guard c.take(ByteClass.openParen) else { return nil }
        c.skipSpaces()
        guard let time = try DateSyntax.parseTime(&c) else { return nil }
        c.skipSpaces()
        let zoneStart = c.position
        while let byte = c.current, byte != ByteClass.closeParen { c.advance() }
        guard c.take(ByteClass.closeParen) else { throw SyntaxIssue(cursor.position, "unclosed '('") }
        let zone = c.text(zoneStart..<(c.position - 1))
        cursor = c
        return ZonedTime(time: time, zone: zone.isEmpty ? nil : zone)
    }

    /// Reads the teams, the result and the venue from `from` to the end.
    private func readMatch(_ bytes: [UInt8], from: Int) throws(SyntaxIssue) -> ParsedMatchLine.Match {
        let tokens = try MatchToken.tokenize(bytes, from: from, to: bytes.count)
        let n = tokens.count
        var i = 0
        while i < n, tokens[i].kind == .word, !tokens[i].isVersus(in: bytes), tokens[i].score(in: bytes) == nil {
            i += 1
        }
        guard i > 0 else {
            let token = tokens[0]
            if token.kind == .venue { throw SyntaxIssue(token.start, "expected the teams before the venue") }
            throw SyntaxIssue(token.start, "expected a team name")
        }
        let home = ByteClass.cleanText(bytes, tokens[0].start..<tokens[i - 1].end)
        guard i < n, tokens[i].kind == .word else {
            let offset = i < n ? tokens[i].start : tokens[i - 1].end
            throw SyntaxIssue(offset, "expected a score or 'v' after '\(home)'")
        }
        var phrase: ScorePhrase? = nil
        let away: String
        if tokens[i].isVersus(in: bytes) {
            i += 1
            let awayStart = i
            while i < n, tokens[i].kind == .word, tokens[i].score(in: bytes) == nil { i += 1 }
            guard i > awayStart else {
                throw SyntaxIssue(i < n ? tokens[i].start : tokens[i - 1].end, "expected a team name after 'v'")
            }
            away = ByteClass.cleanText(bytes, tokens[awayStart].start..<tokens[i - 1].end)
            if i < n, tokens[i].score(in: bytes) != nil {
                let (read, next) = try ScorePhrase.read(tokens, from: i, in: bytes)
                phrase = read
                i = next
            }
        } else {
            var (read, next) = try ScorePhrase.read(tokens, from: i, in: bytes)
            i = next
            while i < n, tokens[i].kind == .bracket {
                try read.readNote(tokens[i], in: bytes)
                i += 1
            }
            phrase = read
            let awayStart = i
            while i < n, tokens[i].kind == .word, tokens[i].score(in: bytes) == nil { i += 1 }
            guard i > awayStart else {
                throw SyntaxIssue(i < n ? tokens[i].start : tokens[i - 1].end, "expected a team name after the score")
            }
            away = ByteClass.cleanText(bytes, tokens[awayStart].start..<tokens[i - 1].end)
        }
        while i < n, tokens[i].kind == .bracket {
            guard phrase != nil else { throw SyntaxIssue(tokens[i].start, "score note without a score") }
            try phrase?.readNote(tokens[i], in: bytes)
            i += 1
        }
        var venue: Venue? = nil
        if i < n, tokens[i].kind == .venue {
            venue = try VenueSyntax.parse(bytes, (tokens[i].start + 1)..<tokens[i].end)
            i += 1
        }
        if i < n {
            let text = ByteClass.cleanText(bytes, tokens[i].start..<tokens[i].end)
            throw SyntaxIssue(tokens[i].start, "unexpected '\(text)' after '\(away)'")
        }
        return ParsedMatchLine.Match(home: home, away: away, score: try phrase?.resolve(), venue: venue)
    }
}
