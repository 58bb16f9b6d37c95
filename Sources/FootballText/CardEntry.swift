/// A card shown to a player in a line-up: `[Y]`, `[Y 23']`, `[R 44']`, `[Y/R 80']`.
public struct CardEntry: Hashable, Sendable, CustomStringConvertible {
    /// The card's colour.
    public var kind: CardMark
    /// When it was shown, or nil if the line-up gives no minute.
    public var minute: MatchMinute?

    /// A card of `kind` shown in `minute`.
    public init(_ kind: CardMark, minute: MatchMinute? = nil) {
        self.kind = kind
        self.minute = minute
    }

    /// The bracket's content, such as `R 44'`.
    public var description: String {
        if let minute { return "\(kind.rawValue) \(minute)" }
        return kind.rawValue
    }
}
