/// A day of the calendar, as a date line of a Football.TXT file gives it; a date without a
/// year of its own takes the year of the title (`= Euro 2024`).
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, such as `2024`.
    public var year: Int
    /// The month, 1 (January) to 12 (December).
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

    /// A date of the given year, month (1–12) and day of the month.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether `lhs` is an earlier day than `rhs`.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The date in ISO 8601 form, such as `2024-06-14`.
    public var description: String {
        let month = self.month < 10 ? "0\(self.month)" : "\(self.month)"
        let day = self.day < 10 ? "0\(self.day)" : "\(self.day)"
        return "\(year)-\(month)-\(day)"
    }

    /// The day of the week in the Gregorian calendar: 1 for Monday through 7 for Sunday.
    public var weekday: Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        let sundayBased = (y + y / 4 - y / 100 + y / 400 + offsets[(month - 1) % 12] + day) % 7
        return sundayBased == 0 ? 7 : sundayBased
    }

    /// The number of days of `month` (1–12) in `year` of the Gregorian calendar.
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }
}
