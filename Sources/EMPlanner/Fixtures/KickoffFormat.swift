import Foundation

/// ISO 8601 kick-off times with an explicit offset: `2012-06-08T18:00:00+02:00`, seconds
/// optional, `Z` for UTC, the colon in the offset optional.
enum KickoffFormat {
    /// How the form is named in error messages.
    static let expected = "an ISO 8601 date and time with offset, e.g. 2012-06-08T18:00:00+02:00"

    /// The instant and the offset (seconds east of UTC) written in `text`, or `nil` when it
    /// does not parse or names no real date.
    static func parse(_ text: String) -> (Date, offset: Int)? {
        let pattern = /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|([+-])(\d{2}):?(\d{2}))/
        guard let match = text.wholeMatch(of: pattern),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
            let hour = Int(match.4), let minute = Int(match.5)
        else { return nil }
        let second = match.6.flatMap { Int($0) } ?? 0
        var offset = 0
        if match.7 != "Z", let hours = match.9.flatMap({ Int($0) }), let minutes = match.10.flatMap({ Int($0) }) {
            guard hours <= 18, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (match.8 == "-" ? -1 : 1)
        }
        guard hour < 24, minute < 60, second < 60,
            let zone = TimeZone(secondsFromGMT: offset),
            let date = CalendarDay.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, in: zone)
        else { return nil }
        return (date, offset)
    }

    /// `date` as seen in `zone`, with that zone's offset at that instant; in UTC (`+00:00`) when
    /// that offset is not whole minutes (local mean time, before a zone kept standard time),
    /// which `±hh:mm` cannot write, so that ``parse(_:)`` always gives back the same instant.
    static func string(from date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        guard offset.isMultiple(of: 60) else { return string(from: date, in: CalendarDay.utc) }
        let parts = CalendarDay.calendar(in: zone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        let pad = CalendarDay.padded
        let day = "\(pad(parts.year!, 4))-\(pad(parts.month!, 2))-\(pad(parts.day!, 2))"
        let time = "\(pad(parts.hour!, 2)):\(pad(parts.minute!, 2)):\(pad(parts.second!, 2))"
        return "\(day)T\(time)\(sign)\(pad(magnitude / 3600, 2)):\(pad(magnitude % 3600 / 60, 2))"
    }
}

/// Calendar days written `YYYY-MM-DD`: dates of birth (stored as midnight UTC) and match days
/// (the local date at the venue).
enum CalendarDay {
    /// How the form is named in error messages.
    static let expected = "a date as YYYY-MM-DD"

    /// A Gregorian calendar in `zone`.
    static func calendar(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The instant of a wall-clock time in `zone`, or `nil` if there is no such day or time
    /// (`2012-02-30`).
    static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, in zone: TimeZone) -> Date?
    {
        let calendar = calendar(in: zone)
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard back.year == year, back.month == month, back.day == day, back.hour == hour,
            back.minute == minute, back.second == second
        else { return nil }
        return date
    }

    /// The year, month and day written in `text` (`YYYY-MM-DD`), if it is a real date.
    static func parse(_ text: String) -> (year: Int, month: Int, day: Int)? {
        guard let (year, month, day) = numbers(text), date(year: year, month: month, day: day, in: utc) != nil else {
            return nil
        }
        return (year, month, day)
    }

    /// Midnight UTC of the day written in `text`, as dates of birth are stored.
    ///
    /// Days from 1583 on (the Gregorian calendar whole) are counted by
    /// ``gregorianMidnight(year:month:day:)``; earlier ones, where Foundation's calendar is
    /// Julian, by the calendar.
    static func utcMidnight(_ text: String) -> Date? {
        guard let (year, month, day) = numbers(text) else { return nil }
        guard year >= 1583 else { return date(year: year, month: month, day: day, in: utc) }
        return gregorianMidnight(year: year, month: month, day: day)
    }

    /// The three numbers of `YYYY-MM-DD` in ASCII digits, whether or not they make a date.
    ///
    /// Read byte by byte: a regular expression literal is compiled each time it is evaluated,
    /// which cost a script of `add-player` lines more than all the rest of a line's work.
    static func numbers(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// The day of `date` in `zone`, as `YYYY-MM-DD`.
    static func string(from date: Date, in zone: TimeZone) -> String {
        let parts = calendar(in: zone).dateComponents([.year, .month, .day], from: date)
        return "\(padded(parts.year!, 4))-\(padded(parts.month!, 2))-\(padded(parts.day!, 2))"
    }

    /// A non-negative `value` in decimal, zero-padded to `width` digits (`String(format:)`
    /// costs tens of times more, which a listing of players pays on every row).
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// UTC.
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// The days of the week in English, by the Gregorian calendar's `weekday` less one
    /// (Sunday first).
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
