/// A player or team official kept out of a match by his cards (see ``SuspensionRule``).
public struct Suspension {
    /// Why a suspension is incurred.
    public enum Reason {
        /// Sent off in the match, by this card (a second yellow or a red).
        case sentOff(Card)
        /// Cautioned in these matches, the last of which made the count.
        case cautions([Match])
    }

    /// The person's team.
    public let team: Team
    /// The suspended player, or `nil` for an official.
    public let player: Player?
    /// The suspended official's name, or `nil` for a player.
    public let official: String?
    /// The suspended player's name, for a player known by name only (not in the squad).
    public let playerName: String?
    /// Why.
    public let reason: Reason
    /// The match in which the card was shown that incurred it.
    public let incurredIn: Match
    /// The match to miss: the team's next match after ``incurredIn`` (and after any earlier
    /// suspension); `nil` when the team has no further match scheduled (not yet known, or out of
    /// the tournament: the suspension carries over to its next competition).
    public let match: Match?

    /// Whether the match to miss has been played (the suspension is served).
    public var isServed: Bool { match?.isPlayed ?? false }
}
