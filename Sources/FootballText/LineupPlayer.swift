/// A player who started a match, with his cards and the players who replaced him.
public struct LineupPlayer: Hashable, Sendable {
    /// The player's name as written.
    public var name: String
    /// Whether he is marked as captain (`[c]`).
    public var isCaptain: Bool
    /// The cards he was shown, in the order written.
    public var cards: [CardEntry]
    /// The players who took his place, in order.
    ///
    /// The first replaced him, each later one the one before (written nested,
    /// `A (B 46' (C 80'))`). Empty if he played the whole match.
    public var substitutions: [Substitution]

    /// A starter named `name`.
    public init(name: String, isCaptain: Bool = false, cards: [CardEntry] = [], substitutions: [Substitution] = []) {
        self.name = name
        self.isCaptain = isCaptain
        self.cards = cards
        self.substitutions = substitutions
    }
}
