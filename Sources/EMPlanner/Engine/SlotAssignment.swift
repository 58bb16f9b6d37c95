/// Who fills a knockout slot: a team, or why it is not known yet.
public enum SlotAssignment: Hashable, Sendable, CustomStringConvertible {
    /// The team with this code.
    case team(String)
    /// Not known yet, for this reason.
    case pending(PendingReason)

    /// The team's code, if known.
    public var team: String? {
        if case .team(let team) = self { return team }
        return nil
    }

    /// The team's code, or `?` and the reason.
    public var description: String {
        switch self {
        case .team(let team): team
        case .pending(let reason): "? (\(reason))"
        }
    }
}
