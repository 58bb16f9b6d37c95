/// A group as values read once from the store: what `em list groups` shows of it.
public struct GroupSummary {
    /// The group's name (`A`).
    public var name: String?
    /// The FIFA codes of its teams, alphabetically.
    public var teams: [String]
    /// The group's final order as published (``Results/setOfficialOrder(group:teams:)``), its
    /// teams' codes joined by commas, if recorded.
    public var officialOrder: String?
    /// The group in a few words, as messages name it (`group A`).
    public var label: String
    /// The group's object, for the planner and its tests.
    let object: Group

    /// The summary of `group`.
    init(_ group: Group) {
        name = group.name
        teams = group.teams.compactMap(\.code).sorted()
        officialOrder = group.officialOrder
        label = Self.label(of: group)
        object = group
    }

    /// `group A`.
    static func label(of group: Group) -> String {
        "group \(group.name ?? "")"
    }
}
