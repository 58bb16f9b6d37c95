import Foundation

/// iCalendar text (RFC 5545) written one property at a time: content lines ending in CRLF,
/// folded so that none is longer than 75 octets, text values escaped.
///
/// ```
/// BEGIN:VEVENT
/// SUMMARY:Deutschland – Schottland
/// LOCATION:Fußball Arena München\, München
/// END:VEVENT
/// ```
struct ICalendarWriter {
    /// The content lines written so far, each ending in CRLF.
    private(set) var text = ""

    /// The most octets of a content line, line break excluded (RFC 5545, 3.1).
    static let lineLimit = 75

    /// Writes `NAME:VALUE` with `value` as it is: a date, a number, an identifier.
    mutating func property(_ name: String, _ value: String) {
        text += Self.folded("\(name):\(value)") + "\r\n"
    }

    /// Writes `NAME:VALUE` with `value` escaped as a TEXT value.
    mutating func textProperty(_ name: String, _ value: String) {
        property(name, Self.escaped(value))
    }

    /// `value` as a TEXT value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped with a
    /// backslash, line breaks written `\n`.
    static func escaped(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `line` folded (RFC 5545, 3.1): broken before it would pass ``lineLimit`` octets, each
    /// continuation starting with a space, never inside a character's UTF-8 sequence.
    static func folded(_ line: String) -> String {
        var folded = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > lineLimit {
                folded += "\r\n "
                octets = 1
            }
            folded.append(character)
            octets += size
        }
        return folded
    }

    /// `date` as a UTC date-time value, `20240614T190000Z`.
    static func utcDateTime(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return dayDigits(parts) + "T" + [parts.hour!, parts.minute!, parts.second!].map { padded($0, 2) }.joined() + "Z"
    }

    private static func dayDigits(_ parts: DateComponents) -> String {
        padded(parts.year!, 4) + padded(parts.month!, 2) + padded(parts.day!, 2)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()
}
