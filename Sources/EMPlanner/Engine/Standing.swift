/// One row of a group table: a team, its rank and its record.
public struct Standing: Hashable, Sendable {
    /// The team's rank, from 1; teams the data cannot separate share a rank, and the next rank
    /// skips as many places.
    public var rank: Int
    /// The team's code.
    public var team: String
    /// The team's matches, goals and points.
    public var record: TeamRecord

    /// A row.
    public init(rank: Int, team: String, record: TeamRecord) {
        self.rank = rank
        self.team = team
        self.record = record
    }
}
