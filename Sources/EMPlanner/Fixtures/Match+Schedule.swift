import Foundation
import ObjectGraph

/// Times and results of a match as people read them.
extension Match {
    /// The venue's time zone: ``timeZone`` (an IANA identifier or a fixed offset such as
    /// `GMT+0200`), or UTC if it is missing or unknown.
    public var venueTimeZone: TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? CalendarDay.utc
    }

    /// The kick-off's date at the venue, as `YYYY-MM-DD`; empty without a kick-off.
    public var localDay: String { day(in: .venue) }

    /// The kick-off's wall-clock time at the venue, as `HH:mm` (24-hour); empty without one or
    /// when only its day is known.
    public var localTime: String { time(in: .venue) }

    /// The kick-off as ISO 8601 with the venue's offset at the time; the day alone when only
    /// it is known; empty without a kick-off.
    ///
    /// For example `2012-06-11T21:45:00+03:00` in Kyiv, `1988-06-10`.
    public var localKickoff: String { kickoffText(in: .venue) }

    /// The venue's offset from UTC at kick-off, such as `+03:00`.
    public var localOffset: String { offset(in: .venue) }

    /// The kick-off as people read it in `zone`.
    func kickoffTime(in zone: KickoffZone) -> KickoffTime {
        KickoffTime(date: kickoff, isTimeKnown: kickoffTimeKnown != false, zone: zone.timeZone(of: self))
    }

    /// The kick-off's date in `zone`, as `YYYY-MM-DD`; empty without a kick-off.
    func day(in zone: KickoffZone) -> String { kickoffTime(in: zone).day }

    /// The kick-off's day of the week in `zone`, in English (`Friday`); empty without one.
    func weekday(in zone: KickoffZone) -> String { kickoffTime(in: zone).weekday }

    /// The kick-off's wall-clock time in `zone`, as `HH:mm`; empty without one or when only
    /// its day is known.
    func time(in zone: KickoffZone) -> String { kickoffTime(in: zone).time }

    /// The kick-off as ISO 8601 with `zone`'s offset at the time; the day alone when only it
    /// is known; empty without a kick-off.
    func kickoffText(in zone: KickoffZone) -> String { kickoffTime(in: zone).text }

    /// `zone`'s offset from UTC at kick-off, such as `+03:00`.
    func offset(in zone: KickoffZone) -> String { kickoffTime(in: zone).offset }

    /// Whether a result has been recorded.
    public var isPlayed: Bool { homeGoals != nil && awayGoals != nil }

    /// Whether the match is a knockout match (any round but `group`).
    public var isKnockout: Bool { round != "group" }

    /// The result as `2:1`, `1:1 aet` or `0:0 aet, 4:2 pens`; `nil` until played.
    public var resultText: String? {
        Self.resultText(
            goals: (homeGoals, awayGoals), afterExtraTime: afterExtraTime == true, penalties: (homePenalties, awayPenalties))
    }

    /// A result as ``resultText`` words it, from its parts (home first); `nil` without both
    /// teams' goals.
    static func resultText(goals: (Int16?, Int16?), afterExtraTime: Bool, penalties: (Int16?, Int16?)) -> String? {
        guard let home = goals.0, let away = goals.1 else { return nil }
        var text = "\(home):\(away)"
        if afterExtraTime { text += " aet" }
        if let home = penalties.0, let away = penalties.1 { text += ", \(home):\(away) pens" }
        return text
    }
}

/// A date of birth as people write it.
extension Player {
    /// The date of birth as `YYYY-MM-DD`, or `nil`.
    public var bornDay: String? {
        born.map { CalendarDay.string(from: $0, in: CalendarDay.utc) }
    }
}
