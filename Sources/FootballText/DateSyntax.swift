/// Reads and writes the dates and times of Football.TXT: `June 5`, `Fri Jun 14`, `Th Jun 19`,
/// `Jun 7 2024`, `21:00`.
enum DateSyntax {
    private static let months: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3,
        "apr": 4, "april": 4, "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7,
        "aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10,
        "nov": 11, "november": 11, "dec": 12, "december": 12,
    ]
    private static let weekdays: Set<String> = [
        "mo", "mon", "monday", "tu", "tue", "tues", "tuesday", "we", "wed", "wednesday",
        "th", "thu", "thur", "thurs", "thursday", "fr", "fri", "friday",
        "sa", "sat", "saturday", "su", "sun", "sunday",
    ]
    private static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    private static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The lower-case text of `bytes[range]` (ASCII letters only).
    private static func lowerWord(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range].map(ByteClass.lowercased), as: UTF8.self)
    }

    /// Reads a date at the cursor: `[weekday] month day [year]` (also `month/day`).
    ///
    /// Returns nil, not moving, if the text there is not a date; throws if it is one that does
    /// not exist or has no year while `defaultYear` is nil.
    static func parseDate(_ cursor: inout ByteCursor, defaultYear: Int?) throws(SyntaxIssue) -> CalendarDate? {
        var c = cursor
        let start = c.position
        var word = c.readLetters()
        if word.isEmpty { return nil }
        _ = c.take(ByteClass.period)
        var month = months[lowerWord(c.bytes, word)]
        if month == nil {
            guard weekdays.contains(lowerWord(c.bytes, word)) else { return nil }
            _ = c.take(ByteClass.comma)
            guard c.atBoundary, !c.isAtEnd else { return nil }
            c.skipSpaces()
            word = c.readLetters()
            if word.isEmpty { return nil }
            _ = c.take(ByteClass.period)
            month = months[lowerWord(c.bytes, word)]
        }
        guard let month else { return nil }
        if !c.take(ByteClass.slash) {
            guard c.atBoundary, !c.isAtEnd else { return nil }
            c.skipSpaces()
        }
        let dayStart = c.position
        guard let day = c.readNumber(maxDigits: 2) else { return nil }
        _ = c.take(ByteClass.comma)
        guard c.atBoundary else { return nil }
        var year = defaultYear
        var look = c
        look.skipSpaces()
        let yearStart = look.position
        if let explicit = look.readNumber(maxDigits: 5), look.position - yearStart == 4, look.atBoundary {
            year = explicit
            c = look
        }
        guard let year else {
            throw SyntaxIssue(start, "date without a year: the title has no year and the date gives none")
        }
        guard day >= 1, day <= CalendarDate.daysInMonth(month, year: year) else {
            throw SyntaxIssue(dayStart, "no such date: day \(day) of \(monthAbbreviations[month - 1]) \(year)")
        }
        cursor = c
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Reads a time `HH:MM` (also `H:MM`, `HH.MM`) at the cursor, followed by a space, the end or `(`.
    ///
    /// Returns nil, not moving, if the text there is not a time; throws if the hour or minute is
    /// out of range.
    static func parseTime(_ cursor: inout ByteCursor) throws(SyntaxIssue) -> TimeOfDay? {
        var c = cursor
        let start = c.position
        guard let hour = c.readNumber(maxDigits: 2) else { return nil }
        guard c.take(ByteClass.colon) || c.take(ByteClass.period) else { return nil }
        let minuteStart = c.position
        guard let minute = c.readNumber(maxDigits: 2), c.position - minuteStart == 2 else { return nil }
        guard c.atBoundary || c.at(ByteClass.openParen) || c.at(ByteClass.closeParen) else { return nil }
        guard hour <= 23 else { throw SyntaxIssue(start, "no such time: hour \(hour)") }
        guard minute <= 59 else { throw SyntaxIssue(minuteStart, "no such time: minute \(minute)") }
        cursor = c
        return TimeOfDay(hour: hour, minute: minute)
    }

    /// The date as a date line writes it, `Fri Jun 14`, with the year appended when it is not
    /// `defaultYear`.
    static func format(_ date: CalendarDate, defaultYear: Int?) -> String {
        var text = "\(weekdayAbbreviations[date.weekday - 1]) \(monthAbbreviations[(date.month - 1) % 12]) \(date.day)"
        if date.year != defaultYear { text += " \(date.year)" }
        return text
    }
}
