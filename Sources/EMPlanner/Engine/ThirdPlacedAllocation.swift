/// Which third-placed team plays which group winner, for each combination of groups whose
/// third-placed teams go through: the table of the regulations' annex.
public struct ThirdPlacedAllocation: Hashable, Sendable {
    /// One combination of qualified groups and the opponents it gives the group winners.
    public struct Row: Hashable, Sendable, CustomStringConvertible {
        /// The groups whose third-placed teams go through, in alphabetical order.
        public var qualifiedGroups: [String]
        /// For each group winner's group (a column of the table), the group whose third-placed
        /// team it plays.
        public var opponents: [String: String]

        /// A row of the table.
        public init(qualifiedGroups: [String], opponents: [String: String]) {
            self.qualifiedGroups = qualifiedGroups.sorted()
            self.opponents = opponents
        }

        /// The group whose third-placed team plays the winner of `group`, if the row says.
        public func opponent(ofWinnerOf group: String) -> String? { opponents[group] }

        /// The qualified groups, separated by spaces: `C D E F`.
        public var description: String { qualifiedGroups.joined(separator: " ") }
    }

    /// The groups whose winners play a third-placed team: the table's columns, in order.
    public var winnerGroups: [String]
    /// One row per combination of qualified groups.
    public var rows: [Row]

    /// An allocation table.
    public init(winnerGroups: [String], rows: [Row]) {
        self.winnerGroups = winnerGroups
        self.rows = rows
    }

    /// A table written compactly: each row is the qualified groups' letters and the opponents'
    /// letters in the order of `columns` (`"ABCD": "ADBC"` with columns `BCEF` gives 1B v 3A,
    /// 1C v 3D, 1E v 3B, 1F v 3C).
    init(columns: String, rows: KeyValuePairs<String, String>) {
        let winnerGroups = columns.map(String.init)
        self.init(
            winnerGroups: winnerGroups,
            rows: rows.map { qualified, opponents in
                Row(
                    qualifiedGroups: qualified.map(String.init),
                    opponents: Dictionary(uniqueKeysWithValues: zip(winnerGroups, opponents.map(String.init))))
            })
    }

    /// The row for these qualified groups (in any order), if the table has one.
    public func row(for qualifiedGroups: [String]) -> Row? {
        let key = qualifiedGroups.sorted()
        return rows.first { $0.qualifiedGroups == key }
    }
}
