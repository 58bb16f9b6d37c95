/// What `em needs` asks about a team: a final place in its group, or the knockout stage.
public enum NeedsTarget: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// First in the group.
    case first
    /// Second in the group.
    case second
    /// First or second.
    case topTwo
    /// Third.
    case third
    /// Third and among the best third-placed teams (24-team formats): third, then the other
    /// groups decide.
    case bestThird
    /// Into the knockout stage.
    case through

    /// The target as the JSON names it, such as `topTwo`.
    public var description: String { rawValue }

    /// The target in words, such as `top two`.
    public var words: String {
        switch self {
        case .first: "first"
        case .second: "second"
        case .topTwo: "top two"
        case .third: "third"
        case .bestThird: "best third"
        case .through: "through"
        }
    }
}
