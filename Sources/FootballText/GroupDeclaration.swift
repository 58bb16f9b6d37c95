/// A group and its teams, declared in a line such as
/// `Group A  |  Germany   Scotland  Hungary  Switzerland` (names separated by two or more spaces).
public struct GroupDeclaration: Hashable, Sendable {
    /// The group's name (`Group A`, `Group 1`).
    public var name: String
    /// The teams in the order written.
    public var teams: [String]

    /// The group `name` of `teams`.
    public init(name: String, teams: [String]) {
        self.name = name
        self.teams = teams
    }
}
