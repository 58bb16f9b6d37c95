/// What a referee showed: the values of a card's `kind` in the model.
public enum CardKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A caution.
    case yellow
    /// A second caution in the same match, which sends the person off.
    case secondYellow
    /// A direct red card, with or without an earlier caution in the match.
    case red

    /// Whether the card sends the person off.
    public var isSendingOff: Bool { self != .yellow }

    /// How people write it: `yellow`, `second yellow`, `red`.
    public var description: String {
        switch self {
        case .yellow: "yellow"
        case .secondYellow: "second yellow"
        case .red: "red"
        }
    }
}
