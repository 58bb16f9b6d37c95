/// Text that is not a knockout slot label such as `1A`, `3A/C/D`, `W45` or `L49`.
public enum SlotLabelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is empty.
    case empty
    /// The text has none of the label forms.
    case malformed(String)
    /// The group position is 0.
    case positionZero(String)
    /// The match number of a `W` or `L` label is 0.
    case matchNumberZero(String)
    /// A choice of groups (`2A/B`) for a position other than third.
    case choiceNotThird(String)
    /// A third-placed slot names this group twice.
    case repeatedGroup(String, group: String)

    /// One sentence quoting the text.
    public var description: String {
        switch self {
        case .empty:
            "empty slot label: expected a form such as 1A, 3A/C/D, W45 or L49"
        case .malformed(let text):
            "slot label \"\(text)\" is not 1A, 3A/C/D, W45 or L49 in form"
        case .positionZero(let text):
            "slot label \"\(text)\" names position 0: positions start at 1"
        case .matchNumberZero(let text):
            "slot label \"\(text)\" names match 0: match numbers start at 1"
        case .choiceNotThird(let text):
            "slot label \"\(text)\" offers a choice of groups for a position other than third"
        case .repeatedGroup(let text, let group):
            "slot label \"\(text)\" names group \(group) twice"
        }
    }
}
