/// Why a knockout slot, or a match's winner, is not known yet.
public enum PendingReason: Hashable, Sendable, CustomStringConvertible {
    /// The group has no table or is not complete.
    case groupIncomplete(String)
    /// The position in the group is held by several teams the data leaves level.
    case levelInGroup(group: String, teams: [String])
    /// The third-placed teams cannot be ranked yet.
    case thirdPlacedUnavailable(ThirdPlacedError)
    /// Level third-placed teams straddle the cut.
    case thirdPlacedCutUndecided
    /// The allocation table has no opponent for this slot with these qualified groups.
    case noAllocation(qualifiedGroups: [String])
    /// The slot names a match that is not earlier in the bracket.
    case unknownMatch(Int)
    /// The tournament has not named its `n`-th qualified team (``SlotLabel/qualifier(_:)``).
    case qualifierUnknown(Int)
    /// The match's teams are not both known yet.
    case teamsUnknown(match: Int)
    /// The match has no result.
    case noResult(match: Int)
    /// The match's result is for other teams than those now in its slots (an earlier result
    /// changed).
    case resultForOtherTeams(match: Int, home: String, away: String)

    /// One sentence saying what is awaited.
    public var description: String {
        switch self {
        case .groupIncomplete(let group): "group \(group) is not complete"
        case .levelInGroup(let group, let teams): "\(teams.joined(separator: ", ")) are level in group \(group)"
        case .thirdPlacedUnavailable(let error): error.description
        case .thirdPlacedCutUndecided: "level third-placed teams straddle the cut"
        case .noAllocation(let groups): "the allocation table has no opponent here for groups \(groups.joined(separator: " "))"
        case .unknownMatch(let match): "match \(match) is not earlier in the bracket"
        case .qualifierUnknown(let number): "qualified team \(number) is not known"
        case .teamsUnknown(let match): "the teams of match \(match) are not known yet"
        case .noResult(let match): "match \(match) has no result"
        case .resultForOtherTeams(let match, let home, let away):
            "the result of match \(match) is for \(home) v \(away), who are no longer its teams"
        }
    }
}
