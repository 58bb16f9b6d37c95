import Foundation

/// A match as values read once from the store: what `em list matches`, `em schedule` and its
/// calendar show of it, its kick-off in the zone it was read in.
public struct MatchSummary {
    /// The match id users see and type (``Lookup/matchID(_:)``).
    public var id: Int
    /// The match in a few words, as messages name it (`match 32 GER-POR`).
    public var label: String
    /// Who plays, in a few characters (`GER-POR`, `W25-W27`).
    public var pairing: String
    /// The round: `group`, `round16`, `quarterfinal`, `semifinal`, `thirdPlace` or `final`.
    public var round: String?
    /// The group's name, for a group match.
    public var group: String?
    /// The home team's FIFA code, once known.
    public var homeTeam: String?
    /// The away team's FIFA code, once known.
    public var awayTeam: String?
    /// The home team's name, once known.
    public var homeName: String?
    /// The away team's name, once known.
    public var awayName: String?
    /// Who plays as the home side of a knockout match until known (`1A`, `W45`).
    public var homeSlot: String?
    /// Who plays as the away side of a knockout match until known.
    public var awaySlot: String?
    /// The kick-off, if scheduled.
    public var kickoff: Date?
    /// Whether the kick-off's time of day is known, not only its day.
    public var kickoffTimeKnown: Bool
    /// The venue's time zone as stored: an IANA identifier or a fixed offset (`GMT+0200`).
    public var timeZone: String?
    /// The kick-off's date at the venue, as `YYYY-MM-DD`; empty without a kick-off.
    public var localDay: String { atVenue.day }
    /// The kick-off's date in the zone read in, as `YYYY-MM-DD`; empty without a kick-off.
    public var day: String { shown.day }
    /// The kick-off's day of the week in the zone read in (`Friday`); empty without one.
    public var weekday: String { shown.weekday }
    /// The kick-off's wall-clock time in the zone read in (`20:45`); empty without one or when
    /// only its day is known.
    public var time: String { shown.time }
    /// The kick-off as ISO 8601 with the offset of the zone read in; the day alone when only
    /// it is known; empty without a kick-off.
    public var kickoffText: String { shown.text }
    /// The offset of the zone read in at kick-off (`+02:00`); empty without a kick-off.
    public var offset: String { shown.offset }
    /// The zone read in at kick-off by its abbreviation (`CEST`) where the system knows a
    /// proper one, else by ``offset``.
    public var zoneName: String { shown.zoneName }
    /// The result as `2:1`, `1:1 aet` or `0:0 aet, 4:2 pens`; `nil` until played.
    public var resultText: String?
    /// The home side's goals, once played.
    public var homeGoals: Int?
    /// The away side's goals, once played.
    public var awayGoals: Int?
    /// Whether the match went to extra time.
    public var afterExtraTime: Bool
    /// The home side's penalties in a shoot-out.
    public var homePenalties: Int?
    /// The away side's penalties in a shoot-out.
    public var awayPenalties: Int?
    /// Whether a result has been recorded.
    public var isPlayed: Bool
    /// Whether the match is a knockout match (any round but `group`).
    public var isKnockout: Bool
    /// The stadium, if known.
    public var venue: String?
    /// The city, if known.
    public var city: String?
    /// The match's object, for the planner and its tests.
    let object: Match
    /// The kick-off in the zone read in.
    private let shown: KickoffTime
    /// The kick-off at the venue.
    private let atVenue: KickoffTime

    /// The summary of `match`, whose id is `id`, its kick-off in `zone`.
    init(_ match: Match, id: Int, zone: KickoffZone) {
        self.id = id
        pairing = match.pairing
        label = Self.label(id: id, pairing: pairing)
        round = match.round
        group = match.group?.name
        homeTeam = match.homeTeam?.code
        awayTeam = match.awayTeam?.code
        homeName = match.homeTeam?.name
        awayName = match.awayTeam?.name
        homeSlot = match.homeSlot
        awaySlot = match.awaySlot
        kickoff = match.kickoff
        kickoffTimeKnown = match.kickoffTimeKnown != false
        timeZone = match.timeZone
        shown = match.kickoffTime(in: zone)
        atVenue = match.kickoffTime(in: .venue)
        resultText = match.resultText
        homeGoals = match.homeGoals.map(Int.init)
        awayGoals = match.awayGoals.map(Int.init)
        afterExtraTime = match.afterExtraTime == true
        homePenalties = match.homePenalties.map(Int.init)
        awayPenalties = match.awayPenalties.map(Int.init)
        isPlayed = match.isPlayed
        isKnockout = match.isKnockout
        venue = match.venue
        city = match.city
        object = match
    }

    /// The summary of `match`, numbered by `lookup`, its kick-off at the venue.
    init(_ match: Match, lookup: Lookup) {
        self.init(match, id: lookup.matchID(match), zone: .venue)
    }

    /// `match 32 GER-POR`.
    static func label(id: Int, pairing: String) -> String {
        "match \(id) \(pairing)"
    }
}
