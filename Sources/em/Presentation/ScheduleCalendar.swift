import EMPlanner
import Foundation

/// The schedule as an iCalendar file (RFC 5545) that calendar programs import: one event per
/// match with a kick-off.
///
/// An event starts at the kick-off, in UTC, and lasts ``duration(of:)``; its summary names the
/// teams (or, until they are known, the slots: `Winner Group A – Runner-up Group C`) and the
/// result once played, its location the venue. Its `UID` is made of the tournament's title and
/// the match id, so that importing the file again updates the events instead of doubling them.
/// A match whose kick-off time is not known is an all-day event on its day.
struct ScheduleCalendar {
    /// The matches, in kick-off order.
    let matches: [MatchSummary]
    /// The tournament's title (`UEFA EURO 2024`), if it has one.
    let title: String?
    /// When the file was made (`DTSTAMP`).
    let stamp: Date

    /// How long a group match takes in a calendar: two halves, the break and stoppage time.
    static let matchDuration: TimeInterval = 2 * 3600
    /// How long a knockout match takes in a calendar unless it ended in 90 minutes: room for
    /// extra time and penalties.
    static let knockoutDuration: TimeInterval = 2 * 3600 + 45 * 60

    /// The file's text, every line ending in CRLF.
    var text: String {
        let title = title ?? "EURO"
        var writer = ICalendarWriter()
        writer.property("BEGIN", "VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("PRODID", "-//em//EURO planner//EN")
        writer.property("CALSCALE", "GREGORIAN")
        writer.textProperty("X-WR-CALNAME", title)
        let uidPrefix = Self.identifier(title)
        for match in matches {
            guard let kickoff = match.kickoff else { continue }
            let id = match.id
            writer.property("BEGIN", "VEVENT")
            writer.property("UID", "\(uidPrefix)-match-\(id)@em")
            writer.property("DTSTAMP", ICalendarWriter.utcDateTime(stamp))
            if !match.kickoffTimeKnown {
                let day = match.localDay.replacingOccurrences(of: "-", with: "")
                writer.property("DTSTART;VALUE=DATE", day)
            } else {
                writer.property("DTSTART", ICalendarWriter.utcDateTime(kickoff))
                writer.property("DTEND", ICalendarWriter.utcDateTime(kickoff.addingTimeInterval(Self.duration(of: match))))
            }
            writer.textProperty("SUMMARY", summary(of: match))
            writer.textProperty("DESCRIPTION", "\(title), match \(id): \(ScheduleText.round(of: match))")
            let place = [match.venue, match.city].compactMap { $0 }.joined(separator: ", ")
            if !place.isEmpty { writer.textProperty("LOCATION", place) }
            writer.property("END", "VEVENT")
        }
        writer.property("END", "VCALENDAR")
        return writer.text
    }

    /// How long `match` takes in a calendar: ``knockoutDuration`` for a knockout match not
    /// known to have ended in 90 minutes, else ``matchDuration``.
    static func duration(of match: MatchSummary) -> TimeInterval {
        match.isKnockout && (!match.isPlayed || match.afterExtraTime) ? knockoutDuration : matchDuration
    }

    /// `Deutschland – Schottland 5:1`, `Winner Group A – Runner-up Group C`.
    private func summary(of match: MatchSummary) -> String {
        func side(_ name: String?, _ slot: String?) -> String {
            if let name { return name }
            guard let slot else { return "?" }
            return (try? SlotLabel(parsing: slot))?.words ?? slot
        }
        let pairing = "\(side(match.homeName, match.homeSlot)) – \(side(match.awayName, match.awaySlot))"
        return match.resultText.map { "\(pairing) \($0)" } ?? pairing
    }

    /// `uefa-euro-2024`: `title` in lower-case letters and digits, words joined by dashes.
    private static func identifier(_ title: String) -> String {
        title.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
    }
}
