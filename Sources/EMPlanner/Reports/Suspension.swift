/// A player or team official kept out of a match by his cards (see ``SuspensionRule``), as
/// values read once from the store.
public struct Suspension {
    /// Why a suspension is incurred.
    enum Reason {
        /// Sent off in the match, by this card (a second yellow or a red).
        case sentOff(Card)
        /// Cautioned in these matches, the last of which made the count.
        case cautions([Match])
    }

    /// The person's team, for the planner and its tests.
    let team: Team
    /// The suspended player, or `nil` for an official, for the planner and its tests.
    let player: Player?
    /// Why, for the planner and its tests.
    let reason: Reason
    /// The match in which the card was shown that incurred it, for the planner and its tests.
    let incurredIn: Match
    /// The match to miss: the team's next match after ``incurredIn`` (and after any earlier
    /// suspension); `nil` when the team has no further match scheduled (not yet known, or out of
    /// the tournament: the suspension carries over to its next competition).
    let match: Match?

    /// The team's FIFA code.
    public let teamCode: String?
    /// The suspended player's shirt number, or `nil` for an official or a player not in the
    /// squad.
    public let number: Int?
    /// Who is suspended, as people write it: `Mario Götze`, the name of a player known by
    /// name only, or `Matjaž Kek (official)`.
    public let name: String
    /// The suspended official's name, or `nil` for a player.
    public let official: String?
    /// The suspended player's name, for a player known by name only (not in the squad).
    public let playerName: String?
    /// Why, in words: `red card in match 7`, `second yellow card in match 7`, `yellow cards in
    /// matches 3 and 9`.
    public let reasonText: String
    /// The id of the match to miss (``MatchSummary/id``), `nil` when the team has no further
    /// match scheduled.
    public let matchID: Int?
    /// Who plays the match to miss (`GER-POR`), if there is one.
    public let pairing: String?
    /// The day of the match to miss at its venue (`2024-06-19`), if there is one.
    public let day: String?
    /// Whether the match to miss has been played (the suspension is served).
    public let isServed: Bool

    /// A suspension of a person of `team` (`player`, or `official`, or `playerName`) for
    /// `reason`, incurred in `incurredIn`, to be served in `match`; `lookup` numbers the
    /// matches.
    init(
        team: Team, player: Player?, official: String?, playerName: String?, reason: Reason, incurredIn: Match,
        match: Match?, lookup: Lookup
    ) {
        self.team = team
        self.player = player
        self.reason = reason
        self.incurredIn = incurredIn
        self.match = match
        teamCode = team.code
        number = player?.number.map(Int.init)
        name = player?.fullName ?? playerName ?? "\(official ?? "") (official)"
        self.official = official
        self.playerName = playerName
        reasonText = Self.text(of: reason, lookup: lookup)
        matchID = match.map(lookup.matchID)
        pairing = match?.pairing
        day = match?.localDay
        isServed = match?.isPlayed ?? false
    }

    /// `reason` in words.
    private static func text(of reason: Reason, lookup: Lookup) -> String {
        switch reason {
        case .sentOff(let card):
            return "\(card.cardKind?.description ?? "red") card in match \(card.match.map(lookup.matchID) ?? 0)"
        case .cautions(let matches):
            let ids = matches.map { String(lookup.matchID($0)) }
            return "yellow cards in matches \(ids.dropLast().joined(separator: ", ")) and \(ids.last ?? "")"
        }
    }
}
