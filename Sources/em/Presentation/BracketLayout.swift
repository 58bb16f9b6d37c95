import EMPlanner

/// Where each knockout match stands in a drawn bracket, shared by the text tree and the SVG:
/// one tree per final match (a match whose winner goes nowhere), the final's first; in a
/// tree, one column per round and a match centred between the two it follows.
struct BracketLayout {
    /// A match placed: its column (round) and its row; leaves are four rows apart.
    struct Placement {
        var match: KnockoutFixture
        var column: Int
        var row: Int
        /// The numbers of the matches whose winners play it, home side first.
        var feeders: [Int]
    }

    /// One tree: its final match and every match placed, by number.
    struct Tree {
        var root: KnockoutFixture
        var placements: [Int: Placement]
        /// How many columns (rounds) it has.
        var columns: Int
        /// The row below its lowest match's three rows.
        var height: Int { placements.values.map(\.row).max()! + 3 }
        /// The round each column shows, by column.
        var roundNames: [Int: String] {
            var names: [Int: String] = [:]
            let inOrder = placements.values.sorted { $0.match.number < $1.match.number }
            for placement in inOrder where names[placement.column] == nil {
                names[placement.column] = BracketReport.roundName(placement.match.round)
            }
            return names
        }
    }

    /// The trees, the final's first, then the match for third place.
    let trees: [Tree]

    /// Lays out `matches`.
    init(_ matches: [KnockoutFixture]) {
        let byNumber = Dictionary(matches.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let fed = Set(matches.flatMap { Self.feeders(of: $0, in: byNumber) })
        let roots = matches.filter { !fed.contains($0.number) }.sorted {
            ($0.round == .final ? 0 : 1, $0.number) < ($1.round == .final ? 0 : 1, $1.number)
        }
        trees = roots.map { root in
            var placements: [Int: Placement] = [:]
            var nextLeafRow = 0
            // Places a match after its feeders; returns its column (the height of its subtree).
            func place(_ match: KnockoutFixture) -> Int {
                let feeders = Self.feeders(of: match, in: byNumber)
                guard !feeders.isEmpty else {
                    placements[match.number] = Placement(match: match, column: 0, row: nextLeafRow, feeders: [])
                    nextLeafRow += 4
                    return 0
                }
                let column = feeders.map { place(byNumber[$0]!) }.max()! + 1
                let rows = feeders.map { placements[$0]!.row }
                placements[match.number] = Placement(
                    match: match, column: column, row: (rows.min()! + rows.max()!) / 2, feeders: feeders)
                return column
            }
            let columns = place(root) + 1
            return Tree(root: root, placements: placements, columns: columns)
        }
    }

    /// The matches whose winners play `match`, home side first.
    private static func feeders(of match: KnockoutFixture, in byNumber: [Int: KnockoutFixture]) -> [Int] {
        [match.home, match.away].compactMap { slot in
            if case .winner(let number) = slot, number < match.number, byNumber[number] != nil { return number }
            return nil
        }
    }
}
