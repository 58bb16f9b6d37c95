/// Why the third-placed teams cannot be ranked yet, or at all.
public enum ThirdPlacedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule set sends no third-placed teams through (its identifier is given).
    case notInFormat(String)
    /// These groups are missing or not complete.
    case groupsIncomplete([String])
    /// The group's third place is held by several teams the data leaves level.
    case thirdPlaceUndecided(group: String, teams: [String])

    /// One sentence naming the groups or teams.
    public var description: String {
        switch self {
        case .notInFormat(let identifier):
            "\(identifier) sends no third-placed teams through"
        case .groupsIncomplete(let groups):
            "third-placed teams are ranked once every group is complete; not yet: \(groups.joined(separator: ", "))"
        case .thirdPlaceUndecided(let group, let teams):
            "the third place of group \(group) is undecided between \(teams.joined(separator: ", "))"
        }
    }
}
