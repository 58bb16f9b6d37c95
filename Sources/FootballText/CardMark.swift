/// The mark of a card after a name in a line-up: `[Y]`, `[R]`, `[Y/R]`.
public enum CardMark: String, Hashable, Sendable, CaseIterable {
    /// A yellow card, `Y`.
    case yellow = "Y"
    /// A straight red card, `R`.
    case red = "R"
    /// A second yellow card and so a red one, `Y/R`.
    case yellowRed = "Y/R"
}
