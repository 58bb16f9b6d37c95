/// A team's result in a match: win, draw or loss.
public enum TeamOutcome: String, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// The team scores more.
    case win
    /// Both sides score as many.
    case draw
    /// The team scores fewer.
    case loss

    /// The outcome for the side that scored `goals` against `conceded`.
    init(goals: Int, conceded: Int) {
        self = goals > conceded ? .win : goals == conceded ? .draw : .loss
    }

    /// Win before draw before loss.
    public static func < (lhs: TeamOutcome, rhs: TeamOutcome) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The outcome as the JSON names it: `win`, `draw` or `loss`.
    public var description: String { rawValue }
}
