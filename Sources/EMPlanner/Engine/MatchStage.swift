/// Where a match is played: in a group or in a knockout round.
///
/// The rules for results differ: only a knockout match has extra time, and it must have a
/// winner.
public enum MatchStage: Hashable, Sendable, CustomStringConvertible {
    /// A group match.
    case group
    /// A match of a knockout round.
    case knockout(KnockoutRound)

    /// The stage of a planner round name (`group`, `round16`, `quarterfinal`, `semifinal`,
    /// `final`), or `nil` for any other name.
    public init?(roundName: String) {
        if roundName == "group" {
            self = .group
        } else if let round = KnockoutRound(rawValue: roundName) {
            self = .knockout(round)
        } else {
            return nil
        }
    }

    /// The planner's round name: `group` or the knockout round's name.
    public var roundName: String {
        switch self {
        case .group: "group"
        case .knockout(let round): round.rawValue
        }
    }

    /// The planner's round name.
    public var description: String { roundName }
}
