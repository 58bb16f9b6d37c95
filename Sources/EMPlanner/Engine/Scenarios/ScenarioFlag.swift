/// Something worth knowing about a group's open matches, found over every scoreline.
///
/// There is no flag for a team for which winning is worse than drawing: where points rank
/// first, as in every edition, a win never gives a worse final position than a draw. With a
/// win the team has more points than with a draw, every other team but its opponent has as
/// many, and its opponent fewer; so every team at or above the winner's points would be above
/// the drawing team's points too, and the worst place a win can give, one below all of them,
/// is at best the place a draw gives.
public enum ScenarioFlag: Hashable, Sendable {
    /// A draw in the open match at this index of ``GroupScenarios/remaining`` takes both its
    /// teams into the group's qualifying places, whatever the group's other open matches give.
    case drawTakesBothThrough(match: Int)
    /// The team's final position is one and the same whatever the score of its open match at
    /// this index, for every home/draw/away result of the group's other open matches.
    case nothingAtStake(match: Int, team: String)

    /// The index in ``GroupScenarios/remaining`` of the match the flag is about.
    public var match: Int {
        switch self {
        case .drawTakesBothThrough(let match), .nothingAtStake(let match, _): match
        }
    }

    /// The team the flag is about; `nil` for a flag about both teams of a match.
    public var team: String? {
        switch self {
        case .drawTakesBothThrough: nil
        case .nothingAtStake(_, let team): team
        }
    }
}
