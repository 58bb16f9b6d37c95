/// How teams level on points were put in order, for one boundary between adjacent places or
/// for one block of teams the data leaves level: the explanation a table prints under itself.
public enum TieDecision: Hashable, Sendable, CustomStringConvertible {
    /// `ahead` ranks directly above `behind` because `criterion` gave them different values.
    ///
    /// Each side is one team, or several the data leaves level. `among` names the teams whose
    /// matches among themselves gave the values of a head-to-head criterion (all the teams
    /// level at the time, or the subset it was re-applied to); it is empty for other criteria.
    case separated(ahead: [String], behind: [String], by: TieBreaker, aheadValue: Int, behindValue: Int, among: [String])
    /// The teams are level on everything the data can decide, for `reason`; they share a rank.
    case level([String], reason: LevelReason)
    /// The teams were level for `reason`; the recorded official order ranks them as listed.
    case officialOrder([String], reason: LevelReason)

    /// Every team the decision is about, in table order.
    public var teams: [String] {
        switch self {
        case .separated(let ahead, let behind, _, _, _, _): ahead + behind
        case .level(let teams, _), .officialOrder(let teams, _): teams
        }
    }

    /// One line, such as `GRE ahead of RUS: head-to-head points 3–0`, `SVN ahead of HUN: goal
    /// difference 0 vs -3` or `DEN, SVN level: no cards recorded`.
    ///
    /// Counts read as a score does; differences, which have signs, are set apart by `vs`.
    public var description: String {
        switch self {
        case .separated(let ahead, let behind, let criterion, let aheadValue, let behindValue, let among):
            let scope = among.count > ahead.count + behind.count ? " among \(among.joined(separator: ", "))" : ""
            let values =
                criterion.isDifference
                ? "\(signed(aheadValue)) vs \(signed(behindValue))" : "\(aheadValue)–\(behindValue)"
            return "\(list(ahead)) ahead of \(list(behind)): \(criterion.name)\(scope) \(values)"
        case .level(let teams, let reason):
            return "\(list(teams)) level: \(reason)"
        case .officialOrder(let teams, let reason):
            return "\(teams.joined(separator: " ahead of ")): official order (level: \(reason))"
        }
    }

    private func list(_ teams: [String]) -> String { teams.joined(separator: ", ") }

    /// A difference with its sign: `+2`, `0`, `-3`.
    private func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }
}
