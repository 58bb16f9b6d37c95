import Foundation

/// The time zone kick-offs are shown in: each venue's own (local time at the ground, as the
/// tournament publishes its schedule), or one zone the viewer chose for every match.
public enum KickoffZone: Sendable, Equatable {
    /// Each match in its venue's time zone.
    case venue
    /// Every match in this zone.
    case fixed(TimeZone)

    /// What names ``venue`` where a zone is asked for.
    public static let venueName = "venue"

    /// The zone `name` names, or `nil`.
    ///
    /// A name is `venue`, an IANA identifier (`America/New_York`), `UTC`, a fixed offset
    /// (`GMT+0200`) or an abbreviation the system knows (`CEST`). A leading `:`, which POSIX
    /// allows in `$TZ`, is ignored.
    public init?(named name: String) {
        var trimmed = name.trimmingWhitespace()
        if trimmed.hasPrefix(":") { trimmed.removeFirst() }
        if trimmed.lowercased() == Self.venueName {
            self = .venue
            return
        }
        guard let zone = TournamentRules.timeZone(trimmed) ?? TimeZone(abbreviation: trimmed) else { return nil }
        self = .fixed(zone)
    }

    /// The zone `match`'s kick-off is shown in.
    func timeZone(of match: Match) -> TimeZone {
        switch self {
        case .venue: match.venueTimeZone
        case .fixed(let zone): zone
        }
    }
}
