/// Reads and writes the header comment that states the file's time zone.
///
/// The comment reads like `All times are local, CEST (UTC+2).`
enum ZoneComment {
    /// The zone's name and offset in minutes stated by `text` (a comment's text), or nil if
    /// `text` is not such a statement in full.
    static func parse(_ text: String) -> (name: String?, offsetMinutes: Int?)? {
        let bytes = Array(text.utf8)
        let prefix = "all times are local"
        guard bytes.count >= prefix.utf8.count,
            String(decoding: bytes[0..<prefix.utf8.count].map(ByteClass.lowercased), as: UTF8.self) == prefix
        else { return nil }
        var c = ByteCursor(bytes, from: prefix.utf8.count)
        var name: String? = nil
        var offset: Int? = nil
        if c.take(ByteClass.comma) {
            c.skipSpaces()
            let start = c.position
            while let byte = c.current, byte != ByteClass.openParen, byte != ByteClass.period { c.advance() }
            let text = c.text(start..<c.position)
            guard !text.isEmpty else { return nil }
            name = text
        }
        c.skipSpaces()
        if c.take(ByteClass.openParen) {
            c.skipSpaces()
            let letters = c.readLetters()
            guard ByteClass.equalsLowercased(bytes, letters, "utc") || ByteClass.equalsLowercased(bytes, letters, "gmt")
            else { return nil }
            var minutes = 0
            if c.at(ByteClass.plus) || c.at(ByteClass.dash) {
                let negative = c.at(ByteClass.dash)
                c.advance()
                guard let hours = c.readNumber(maxDigits: 2) else { return nil }
                minutes = hours * 60
                if c.take(ByteClass.colon) {
                    guard let extra = c.readNumber(maxDigits: 2) else { return nil }
                    minutes += extra
                }
                if negative { minutes = -minutes }
            }
            c.skipSpaces()
            guard c.take(ByteClass.closeParen) else { return nil }
            offset = minutes
        }
        _ = c.take(ByteClass.period)
        c.skipSpaces()
        guard c.isAtEnd, name != nil || offset != nil else { return nil }
        return (name, offset)
    }

    /// The comment's text for the zone `name` with offset `offsetMinutes`
    /// (`All times are local, CEST (UTC+2).`), or nil if both are nil.
    static func format(name: String?, offsetMinutes: Int?) -> String? {
        guard name != nil || offsetMinutes != nil else { return nil }
        var text = "All times are local"
        if let name { text += ", \(name)" }
        if let offsetMinutes {
            let sign = offsetMinutes < 0 ? "-" : "+"
            let magnitude = abs(offsetMinutes)
            var offset = "UTC"
            if magnitude != 0 {
                offset += "\(sign)\(magnitude / 60)"
                if magnitude % 60 != 0 {
                    let minutes = magnitude % 60
                    offset += minutes < 10 ? ":0\(minutes)" : ":\(minutes)"
                }
            }
            text += " (\(offset))"
        }
        return text + "."
    }
}
