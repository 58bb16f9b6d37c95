import Foundation

/// Calendar days worked out by arithmetic, for the many dates of birth of a large setup.
extension CalendarDay {
    /// Midnight UTC of the day written in `text` (`YYYY-MM-DD`), as ``utcMidnight(_:)``
    /// gives it, or `nil` if it is no real date.
    ///
    /// Days from 1583 on (the Gregorian calendar whole) are counted without a `Calendar`,
    /// which costs tens of microseconds a day; earlier ones, where Foundation's calendar is
    /// Julian, are left to ``utcMidnight(_:)``.
    ///
    /// - Complexity: O(1).
    static func quickUTCMidnight(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        guard year >= 1583 else { return utcMidnight(text) }
        let isLeap = year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(daysSince1970(year: year, month: month, day: day)) * 86_400)
    }

    /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
