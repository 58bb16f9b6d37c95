/// Reads one player row of a squad file:
/// `  1,  Manuel Neuer,   GK,   119/0  , b. 1986,  FC Bayern Munich (GER)`.
enum SquadRowParser {
    /// The player of the row `bytes` (the line's content).
    static func parse(_ bytes: [UInt8]) throws(SyntaxIssue) -> SquadPlayer {
        var fields: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == ByteClass.comma {
            fields.append(trimmed(bytes, start..<index))
            start = index + 1
        }
        var c = ByteCursor(bytes, from: fields[0].lowerBound, to: fields[0].upperBound)
        guard let number = c.readNumber(), c.isAtEnd else {
            throw SyntaxIssue(fields[0].lowerBound, "expected a shirt number")
        }
        guard fields.count >= 3 else {
            throw SyntaxIssue(bytes.count, "expected 'number, name, position, …'")
        }
        let name = ByteClass.cleanText(bytes, fields[1])
        guard !name.isEmpty else { throw SyntaxIssue(fields[1].lowerBound, "expected the player's name") }
        let positionRange = fields[2]
        guard !positionRange.isEmpty, positionRange.allSatisfy({ ByteClass.isLetter(bytes[$0]) }) else {
            throw SyntaxIssue(positionRange.lowerBound, "expected a position such as GK, DF, MF or FW")
        }
        var player = SquadPlayer(number: number, name: name, position: ByteClass.cleanText(bytes, positionRange))
        var index = 3
        while index < fields.count {
            let field = fields[index]
            var c = ByteCursor(bytes, from: field.lowerBound, to: field.upperBound)
            if player.caps == nil, player.birthYear == nil, player.club == nil, let caps = c.readNumber(), c.take(ByteClass.slash)
            {
                guard let goals = c.readNumber(), c.isAtEnd else {
                    throw SyntaxIssue(field.lowerBound, "expected caps/goals, e.g. '119/0'")
                }
                player.caps = caps
                player.goals = goals
            } else if player.birthYear == nil, player.club == nil, field.count >= 2, bytes[field.lowerBound] == 0x62,
                bytes[field.lowerBound + 1] == ByteClass.period
            {
                var c = ByteCursor(bytes, from: field.lowerBound + 2, to: field.upperBound)
                c.skipSpaces()
                let yearStart = c.position
                guard let year = c.readNumber(), c.position - yearStart == 4, c.isAtEnd else {
                    throw SyntaxIssue(field.lowerBound, "expected the year of birth, e.g. 'b. 1986'")
                }
                player.birthYear = year
            } else {
                let clubRange = field.lowerBound..<fields[fields.count - 1].upperBound
                guard !clubRange.isEmpty else { throw SyntaxIssue(field.lowerBound, "expected the club") }
                (player.club, player.clubCountry) = club(bytes, clubRange)
                break
            }
            index += 1
        }
        return player
    }

    /// The club and its country code of `Club Name (GER)`.
    private static func club(_ bytes: [UInt8], _ range: Range<Int>) -> (String?, String?) {
        var country: String? = nil
        var end = range.upperBound
        if bytes[end - 1] == ByteClass.closeParen {
            var open = end - 2
            while open >= range.lowerBound, bytes[open] != ByteClass.openParen { open -= 1 }
            if open >= range.lowerBound {
                let code = ByteClass.cleanText(bytes, (open + 1)..<(end - 1))
                if !code.isEmpty, code.utf8.allSatisfy(ByteClass.isLetter) {
                    country = code
                    end = open
                }
            }
        }
        let club = ByteClass.cleanText(bytes, range.lowerBound..<end)
        return (club.isEmpty ? nil : club, country)
    }

    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, ByteClass.isSpace(bytes[start]) { start += 1 }
        while end > start, ByteClass.isSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }
}
