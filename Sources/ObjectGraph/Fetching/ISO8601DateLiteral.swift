import Foundation

/// A date written in a predicate as an ISO 8601 string: compared with a Date attribute
/// (`born > "1992-01-01"`) or cast (`CAST("1992-01-01", "NSDate")`).
///
/// The forms read are `YYYY-MM-DD`, midnight UTC of that day, and
/// `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z`, `±HH:MM`, `±HHMM` or nothing (UTC), the
/// instant so written: `"1992-01-01T18:00:00+02:00"` is 16:00 UTC.
enum ISO8601DateLiteral {
    /// The instant `text` writes, or `nil` when it is none of the forms above or names no
    /// calendar day or time (`"1992-02-30"`, `"24:00"`).
    static func date(from text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), (1...12).contains(month),
            (1...daysIn(month, of: year)).contains(day)
        else { return nil }
        var seconds = Double(daysSinceReferenceDate(year: year, month: month, day: day)) * 86_400
        if reader.isAtEnd { return Date(timeIntervalSinceReferenceDate: seconds) }

        guard reader.skip("T"), let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
            let minute = reader.number(digits: 2), minute < 60
        else { return nil }
        seconds += Double(hour * 3_600 + minute * 60)
        if reader.skip(":") {
            guard let second = reader.number(digits: 2), second < 60 else { return nil }
            seconds += Double(second)
            if reader.skip(".") {
                guard let fraction = reader.fraction() else { return nil }
                seconds += fraction
            }
        }
        if reader.skip("+") || reader.peek("-") {
            let sign = reader.skip("-") ? -1 : 1
            guard let hours = reader.number(digits: 2), hours < 24 else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
            seconds -= Double(sign * (hours * 3_600 + minutes * 60))
        } else {
            _ = reader.skip("Z")
        }
        return reader.isAtEnd ? Date(timeIntervalSinceReferenceDate: seconds) : nil
    }

    /// The days from 2001-01-01 to the given day of the proleptic Gregorian calendar.
    private static func daysSinceReferenceDate(year: Int, month: Int, day: Int) -> Int {
        // Counted in 400-year eras from 0000-03-01, so that a leap day ends its year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        // 730_791 days lie between 0000-03-01 and 2001-01-01.
        return era * 146_097 + dayOfEra - 730_791
    }

    /// The number of days of `month` (1-12) in `year`.
    private static func daysIn(_ month: Int, of year: Int) -> Int {
        guard month == 2 else { return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] }
        return year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400)) ? 29 : 28
    }

    /// Reads ASCII digits and separators from the front of the text.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        /// Whether the next byte is `character`, without reading it.
        func peek(_ character: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character)
        }

        /// Reads `character` if it is next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard peek(character) else { return false }
            index += 1
            return true
        }

        /// Reads exactly `digits` decimal digits as a number.
        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return value
        }

        /// Reads one or more decimal digits as the fraction of a second they write (to 15
        /// digits, the rest read but ignored).
        mutating func fraction() -> Double? {
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            let start = index
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                if index - start < 15 {
                    numerator = numerator * 10 + Int64(digit)
                    denominator *= 10
                }
                index += 1
            }
            return index > start ? Double(numerator) / Double(denominator) : nil
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
