/// A criterion that ranks teams that are level on the criteria before it.
///
/// A rule set lists them in the order its regulations apply them.
public enum TieBreaker: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Points in all matches; the first criterion of every list, so that the criteria after it
    /// only see teams level on points.
    case points
    /// Points in the matches among the teams in question.
    case headToHeadPoints
    /// Goal difference in the matches among the teams in question.
    case headToHeadGoalDifference
    /// Goals scored in the matches among the teams in question.
    case headToHeadGoalsScored
    /// The head-to-head criteria applied again, to the matches among the teams still level
    /// after them only; teams that remain level go on to the criteria after this one.
    case reapplyHeadToHead
    /// The head-to-head criteria applied again, to the one match between two teams still
    /// level after them when more than two were level before; any other block still level
    /// goes on to the criteria after this one (EURO 2012, as amended in March 2012).
    case reapplyHeadToHeadToTwoTeams
    /// Goal difference in all matches.
    case goalDifference
    /// Goals scored in all matches.
    case goalsScored
    /// Matches won.
    case wins
    /// The kicks from the penalty mark after a drawn last-round match between two teams level
    /// on points, goals scored and goals conceded, when no other team of the group has as many
    /// points.
    case lastRoundPenalties
    /// Disciplinary points from cards; fewer ranks higher.
    case disciplinaryPoints
    /// A position in a ranking supplied as input (a coefficient or qualifiers ranking); a lower
    /// position ranks higher.
    case ranking
    /// A drawing of lots, which the data cannot decide.
    case drawingOfLots

    /// The criterion in words, such as `head-to-head points`.
    public var name: String {
        switch self {
        case .points: "points"
        case .headToHeadPoints: "head-to-head points"
        case .headToHeadGoalDifference: "head-to-head goal difference"
        case .headToHeadGoalsScored: "head-to-head goals scored"
        case .reapplyHeadToHead: "head-to-head criteria re-applied"
        case .reapplyHeadToHeadToTwoTeams: "head-to-head criteria re-applied to the two teams still level"
        case .goalDifference: "goal difference"
        case .goalsScored: "goals scored"
        case .wins: "wins"
        case .lastRoundPenalties: "last-round penalties"
        case .disciplinaryPoints: "disciplinary points"
        case .ranking: "ranking"
        case .drawingOfLots: "drawing of lots"
        }
    }

    /// Whether the criterion counts only the matches among the teams in question.
    public var isHeadToHead: Bool {
        switch self {
        case .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsScored: true
        default: false
        }
    }

    /// Whether a lower value ranks higher (disciplinary points, ranking positions).
    public var prefersLower: Bool {
        self == .disciplinaryPoints || self == .ranking
    }

    /// Whether the criterion's values are differences, printed with a sign.
    var isDifference: Bool {
        self == .goalDifference || self == .headToHeadGoalDifference
    }

    /// The criterion in words.
    public var description: String { name }
}
