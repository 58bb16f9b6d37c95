/// One of the two teams of a match.
public enum MatchSide: String, Hashable, Sendable, CaseIterable {
    /// The team named first on the match line.
    case home
    /// The team named second on the match line.
    case away
}
