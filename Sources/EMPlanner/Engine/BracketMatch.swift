/// One match of a rule set's knockout bracket: its number, its round and the slots of its two
/// sides.
public struct BracketMatch: Hashable, Sendable {
    /// The match number, as in the official schedule (EURO 2024: 37 to 51).
    public var number: Int
    /// The round the match belongs to.
    public var round: KnockoutRound
    /// Who plays as the home side.
    public var home: SlotLabel
    /// Who plays as the away side.
    public var away: SlotLabel

    /// A bracket match.
    public init(number: Int, round: KnockoutRound, home: SlotLabel, away: SlotLabel) {
        self.number = number
        self.round = round
        self.home = home
        self.away = away
    }
}
