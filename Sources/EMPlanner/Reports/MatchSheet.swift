/// A match at a glance, as values read once from the store: when and where, the teams, the
/// result, the goals and cards, the line-ups and the shoot-out, as `em show match` prints it.
public struct MatchSheet: Sendable, Equatable {
    /// A goal or card of the match, as a line of the sheet.
    public struct Event: Sendable, Equatable {
        /// The minute, if recorded.
        public var minute: Int?
        /// What happened: `goal`, `penalty goal`, `own goal`, or the card (`yellow card`).
        public var kind: String
        /// The team's code: the scorer's team, or the booked person's.
        public var team: String?
        /// The player's shirt number, if a player of the squad.
        public var number: Int?
        /// Who: the player's name, or an official's followed by `(official)`.
        public var name: String?
        /// The official booked, if a card went to one.
        public var official: String?
    }

    /// A side's line-up.
    public struct Lineup: Sendable, Equatable {
        /// The team's code.
        public var team: String
        /// The players, in Football.TXT's words (`Neuer - Lahm, …`).
        public var text: String
    }

    /// The match number (``Lookup/matchID(_:)``).
    public var id: Int
    /// The round (`group`, `quarterFinal`, …).
    public var round: String?
    /// The group's name, for a group match.
    public var group: String?
    /// The local day of kick-off (`Friday 2012-06-08`), empty when unknown.
    public var day: String
    /// The local time of kick-off (`18:00`), empty when unknown.
    public var time: String
    /// The UTC offset at kick-off (`+02:00`).
    public var offset: String
    /// The kick-off as ISO 8601 in the zone, as JSON writes it.
    public var kickoff: String
    /// Whether the kick-off is known at all.
    public var hasKickoff: Bool
    /// The stadium.
    public var venue: String?
    /// The city.
    public var city: String?
    /// The slot the home side comes from (`1A`, `W37`), for a knockout match.
    public var homeSlot: String?
    /// The slot the away side comes from.
    public var awaySlot: String?
    /// The home team's code, once known.
    public var home: String?
    /// The away team's code, once known.
    public var away: String?
    /// The teams as people name the match (`GER-POR`, or slots).
    public var pairing: String
    /// The result (`1:0`, `1:1 a.e.t., 4:2 pens`), or `nil` before it is played.
    public var result: String?
    /// Whether its result waits for its teams (``Knockout/waitingMatches()``).
    public var waits: Bool
    /// Goals and cards, by minute.
    public var events: [Event]
    /// Each side's line-up, home first.
    public var lineups: [Lineup]
    /// The shoot-out, kick by kick, if there was one.
    public var shootout: String?
}
