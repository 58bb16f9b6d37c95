import Foundation

/// Kick-off times worked out by arithmetic, for the many matches of a large setup.
extension KickoffFormat {
    /// The instant and the offset written in `text`, as ``parse(_:)`` gives them.
    ///
    /// The usual form, `2012-06-08T18:00:00+02:00` (or `Z`) from 1583 on with an offset
    /// under 18 hours, is read without a `Calendar` or a regular expression, which cost
    /// about a hundred microseconds a kick-off; any other text is left to ``parse(_:)``.
    ///
    /// - Complexity: O(1).
    static func quickParse(_ text: String) -> (Date, offset: Int)? {
        let bytes = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool { bytes[index] == UInt8(ascii: character) }
        guard bytes.count == 20 || bytes.count == 25,
            byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), byte(16, is: ":"),
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2)
        else { return parse(text) }
        var offset = 0
        if bytes.count == 20 {
            guard byte(19, is: "Z") else { return parse(text) }
        } else {
            guard byte(19, is: "+") || byte(19, is: "-"), byte(22, is: ":"),
                let hours = digits(20, 2), let minutes = digits(23, 2), hours < 18, minutes < 60
            else { return parse(text) }
            offset = (hours * 3600 + minutes * 60) * (byte(19, is: "-") ? -1 : 1)
        }
        guard year >= 1583, hour < 24, minute < 60, second < 60,
            let midnight = CalendarDay.gregorianMidnight(year: year, month: month, day: day)
        else { return parse(text) }
        let local = midnight.timeIntervalSince1970 + TimeInterval(hour * 3600 + minute * 60 + second)
        return (Date(timeIntervalSince1970: local - TimeInterval(offset)), offset)
    }
}
