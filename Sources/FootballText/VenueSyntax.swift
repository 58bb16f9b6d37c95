/// Reads the venue after `@`: `Stadio San Paolo, Naples`, `München`, `London (Wembley)`.
enum VenueSyntax {
    /// The venue written in `bytes[range]`; throws at `range.lowerBound` if it is empty.
    static func parse(_ bytes: [UInt8], _ range: Range<Int>) throws(SyntaxIssue) -> Venue {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, ByteClass.isSpace(bytes[start]) { start += 1 }
        while end > start, ByteClass.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { throw SyntaxIssue(range.lowerBound, "expected a venue after '@'") }
        var comma: Int? = nil
        var index = end - 1
        while index >= start {
            if bytes[index] == ByteClass.comma {
                comma = index
                break
            }
            index -= 1
        }
        var stadium: String? = nil
        var cityStart = start
        if let comma {
            let text = ByteClass.cleanText(bytes, start..<comma)
            stadium = text.isEmpty ? nil : text
            cityStart = comma + 1
        }
        var cityEnd = end
        var detail: String? = nil
        if bytes[end - 1] == ByteClass.closeParen {
            var open = end - 2
            while open > cityStart, bytes[open] != ByteClass.openParen { open -= 1 }
            if open > cityStart, bytes[open] == ByteClass.openParen, ByteClass.isSpace(bytes[open - 1]) {
                let text = ByteClass.cleanText(bytes, (open + 1)..<(end - 1))
                detail = text.isEmpty ? nil : text
                cityEnd = open
            }
        }
        let city = ByteClass.cleanText(bytes, cityStart..<cityEnd)
        guard !city.isEmpty else { throw SyntaxIssue(cityStart, "expected a city in the venue") }
        return Venue(stadium: stadium, city: city, detail: detail)
    }
}
