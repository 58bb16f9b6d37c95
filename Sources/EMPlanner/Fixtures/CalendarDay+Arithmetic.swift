import Foundation

/// Calendar days worked out by arithmetic, for the many dates of birth of a large setup.
extension CalendarDay {
    /// Midnight UTC of a day of the Gregorian calendar, or `nil` if there is no such day,
    /// counted without a `Calendar`, which costs tens of microseconds a day.
    ///
    /// - Complexity: O(1).
    static func gregorianMidnight(year: Int, month: Int, day: Int) -> Date? {
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
