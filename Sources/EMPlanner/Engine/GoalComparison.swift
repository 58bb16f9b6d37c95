/// A comparison of two teams' goals that a tie-break made: which count, over which matches.
///
/// ``TieBreakResolver`` lists them, in the order made and with the way each went, when asked,
/// so that the scenarios search can tell which scorelines would take the same path.
struct GoalComparison: Hashable {
    /// What is counted.
    enum Count: Hashable {
        /// Goals scored.
        case scored
        /// Goals conceded.
        case conceded
        /// Goals scored less goals conceded.
        case difference
    }

    /// What is counted.
    var count: Count
    /// The teams whose matches among themselves count; `nil` where every match counts.
    var among: [String]?
    /// The team whose count comes first.
    var first: String
    /// The team whose count is taken from the first's.
    var second: String
    /// The sign of the first team's count less the second's: -1, 0 or 1.
    var sign: Int
}
