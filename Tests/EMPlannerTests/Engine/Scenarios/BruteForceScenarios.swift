@testable import EMPlanner

/// The test's own answer to what a group can still reach: every scoreline of the open matches
/// with at most `maximumGoals` a side, each ranked by ``GroupTable``.
struct BruteForceScenarios {
    /// The reachable positions per team over every scoreline tried.
    var positions: [String: Set<Int>] = [:]
    /// The reachable positions per team for each home/draw/away combination of the open
    /// matches.
    var positionsByOutcome: [[MatchOutcome]: [String: Set<Int>]] = [:]

    /// Tries every scoreline of `group`'s open matches up to `maximumGoals` a side.
    init(_ group: GroupResults, ruleSet: RuleSet, maximumGoals: Int) {
        // Nothing that only the end of the group can tell: cards, rankings, official orders.
        var group = GroupResults(name: group.name, teams: group.teams, matches: group.matches)
        let open = group.matches.indices.filter { !group.matches[$0].isPlayed }
        let scores = (0...maximumGoals).flatMap { home in (0...maximumGoals).map { Score(home, $0) } }
        var choice = [Int](repeating: 0, count: open.count)
        repeat {
            for (slot, index) in open.enumerated() { group.matches[index].score = scores[choice[slot]] }
            let table = GroupTable(group, ruleSet: ruleSet)
            let outcomes = open.map { MatchOutcome(group.matches[$0].score!) }
            for row in table.rows {
                // A team shares its rank with the teams level with it: each of their places.
                let level = table.rows.filter { $0.rank == row.rank }.count
                let places = Set(row.rank...(row.rank + level - 1))
                positions[row.team, default: []].formUnion(places)
                positionsByOutcome[outcomes, default: [:]][row.team, default: []].formUnion(places)
            }
        } while Self.advance(&choice, limit: scores.count)
    }

    /// The next combination, the last slot fastest; `false` after the last.
    private static func advance(_ choice: inout [Int], limit: Int) -> Bool {
        var slot = choice.count - 1
        while slot >= 0 {
            choice[slot] += 1
            if choice[slot] < limit { return true }
            choice[slot] = 0
            slot -= 1
        }
        return false
    }
}
