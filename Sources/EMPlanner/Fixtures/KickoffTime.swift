import Foundation

/// A kick-off as people read it in one time zone: its day, weekday, time and offset.
struct KickoffTime {
    /// The kick-off, if scheduled.
    let date: Date?
    /// Whether the time of day is known, not only the day.
    let isTimeKnown: Bool
    /// The zone it is read in.
    let zone: TimeZone

    /// The date, as `YYYY-MM-DD`; empty without a kick-off.
    var day: String {
        date.map { CalendarDay.string(from: $0, in: zone) } ?? ""
    }

    /// The day of the week, in English (`Friday`); empty without a kick-off.
    var weekday: String {
        guard let date else { return "" }
        return CalendarDay.weekdayNames[CalendarDay.calendar(in: zone).component(.weekday, from: date) - 1]
    }

    /// The wall-clock time as `HH:mm` (24-hour); empty without one or when only the day is
    /// known.
    var time: String {
        guard let date, isTimeKnown else { return "" }
        let parts = CalendarDay.calendar(in: zone).dateComponents([.hour, .minute], from: date)
        return "\(CalendarDay.padded(parts.hour!, 2)):\(CalendarDay.padded(parts.minute!, 2))"
    }

    /// ISO 8601 with the zone's offset at the time; the day alone when only it is known; empty
    /// without a kick-off.
    var text: String {
        guard isTimeKnown else { return day }
        return date.map { KickoffFormat.string(from: $0, in: zone) } ?? ""
    }

    /// The zone's offset from UTC at kick-off, such as `+03:00`; empty without a kick-off.
    var offset: String {
        date.map { String(KickoffFormat.string(from: $0, in: zone).suffix(6)) } ?? ""
    }

    /// The zone at kick-off by its abbreviation (`CEST`) where the system knows a proper one,
    /// else by ``offset``.
    var zoneName: String {
        guard let date, let abbreviation = zone.abbreviation(for: date), abbreviation.allSatisfy(\.isLetter) else {
            return offset
        }
        return abbreviation
    }
}
