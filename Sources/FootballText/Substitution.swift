/// A player who came on, written in brackets after the player he replaced:
/// `Andrich [Y] (Groß 46')`, `Lang (Bolla [Y] 46')`, `Battiston (Amoros)`.
public struct Substitution: Hashable, Sendable {
    /// The name of the player who came on.
    public var player: String
    /// When he came on, or nil if not given.
    public var minute: MatchMinute?
    /// Whether he is marked as captain (`[c]`).
    public var isCaptain: Bool
    /// The cards he was shown, in the order written.
    public var cards: [CardEntry]

    /// `player` coming on in `minute`.
    public init(player: String, minute: MatchMinute? = nil, isCaptain: Bool = false, cards: [CardEntry] = []) {
        self.player = player
        self.minute = minute
        self.isCaptain = isCaptain
        self.cards = cards
    }
}
