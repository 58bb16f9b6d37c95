import TestSupport
import Testing

@testable import EMPlanner

/// The race between the groups' third-placed teams against brute force: EURO 2016, 2020 and
/// 2024 after matchday 2 (EURO 2024 alone in a debug build, see ``ExhaustiveRun``), every
/// scoreline of each group's open matches up to 10 goals a side.
@Suite("Engine: the race for the best third places")
struct ThirdPlaceRaceTests {
    /// The 24-team editions compared.
    static let editions = ExhaustiveRun.choose(
        whole: ["2016--france", "2021--europe", "2024--germany"], sample: ["2024--germany"])

    /// The editions' groups after matchday 2.
    static let groups = GroupScenariosTests.cases(afterMatchday: 2, editions: editions)

    /// Each team's records as a third over every scoreline up to `maximumGoals` a side: each
    /// record the ranking of the thirds compares (points, goal difference, goals, wins, as far
    /// as the edition's criteria go).
    static func bruteForceRecords(_ group: GroupResults, ruleSet: RuleSet = .euro2024, maximumGoals: Int)
        -> [String: Set<[Int]>]
    {
        bruteForceRecordsByOutcome(group, ruleSet: ruleSet, maximumGoals: maximumGoals).values.reduce(into: [:]) { all, records in
            all.merge(records) { $0.union($1) }
        }
    }

    /// The same by home/draw/away combination of the open matches, in the group's match order.
    static func bruteForceRecordsByOutcome(_ group: GroupResults, ruleSet: RuleSet = .euro2024, maximumGoals: Int)
        -> [[MatchOutcome]: [String: Set<[Int]>]]
    {
        var group = GroupResults(name: group.name, teams: group.teams, matches: group.matches)
        let open = group.matches.indices.filter { !group.matches[$0].isPlayed }
        let scores = (0...maximumGoals).flatMap { home in (0...maximumGoals).map { Score(home, $0) } }
        // The criteria the results decide, in the edition's order (EURO 2016 counts no wins).
        let criteria = ruleSet.thirdPlacedCriteria.prefix { [.points, .goalDifference, .goalsScored, .wins].contains($0) }
        var records: [[MatchOutcome]: [String: Set<[Int]>]] = [:]
        var choice = [Int](repeating: 0, count: open.count)
        repeat {
            for (slot, index) in open.enumerated() { group.matches[index].score = scores[choice[slot]] }
            let table = GroupTable(group, ruleSet: ruleSet)
            let outcomes = open.map { MatchOutcome(group.matches[$0].score!) }
            for row in table.rows {
                let level = table.rows.count { $0.rank == row.rank }
                guard (row.rank...(row.rank + level - 1)).contains(3) else { continue }
                let record = row.record
                records[outcomes, default: [:]][row.team, default: []].insert(
                    criteria.map { criterion in
                        switch criterion {
                        case .points: record.points
                        case .goalDifference: record.goalDifference
                        case .goalsScored: record.goalsFor
                        default: record.won
                        }
                    })
            }
        } while Self.advance(&choice, limit: scores.count)
        return records
    }

    /// The next combination, the last slot fastest; `false` after the last.
    private static func advance(_ choice: inout [Int], limit: Int) -> Bool {
        for slot in choice.indices.reversed() {
            choice[slot] += 1
            if choice[slot] < limit { return true }
            choice[slot] = 0
        }
        return false
    }

    @Test("Each team's best and worst record as a third agree with every scoreline up to 10 goals a side", arguments: groups)
    func records(_ example: GroupScenariosTests.Case) throws {
        let (group, ruleSet) = (example.group, example.edition.ruleSet)
        let engine = GroupScenarios(group, ruleSet: ruleSet).thirdPlaceRecords
        let brute = Self.bruteForceRecords(group, ruleSet: ruleSet, maximumGoals: 10)
        #expect(Set(engine.keys) == Set(brute.keys))
        for (team, records) in brute {
            let range = try #require(engine[team])
            let best = try #require(records.max(by: ThirdPlaceRecords.isBelow))
            let worst = try #require(records.min(by: ThirdPlaceRecords.isBelow))
            // Where the engine finds a bound, the brute force reaches it; where it finds none,
            // the brute force's extreme is where the goals ran out (10 a side).
            Self.expect(best, matches: range.best, team: team)
            Self.expect(worst, matches: range.worst, team: team)
        }
    }

    @Test("After matchday 1 (four open matches), every record up to 3 goals a side lies within the engine's, at the same points")
    func afterMatchdayOne() throws {
        let group = try #require(GroupScenariosTests.cases(afterMatchday: 1, editions: ["2024--germany"]).first?.group)
        let engine = GroupScenarios(group, ruleSet: .euro2024).thirdPlaceRecords
        let brute = Self.bruteForceRecords(group, maximumGoals: 3)
        for (team, records) in brute {
            let range = try #require(engine[team], "\(team)")
            let best = try #require(records.max(by: ThirdPlaceRecords.isBelow))
            let worst = try #require(records.min(by: ThirdPlaceRecords.isBelow))
            #expect(!ThirdPlaceRecords.isBelow(range.best, best), "\(team)")
            #expect(!ThirdPlaceRecords.isBelow(worst, range.worst), "\(team)")
            #expect(best[0] == range.best[0] && worst[0] == range.worst[0], "\(team): points")
        }
    }

    @Test("Every team's rank among the thirds and its qualification as a third agree with brute force", arguments: editions)
    func race(edition: String) {
        let examples = Self.groups.filter { $0.edition.directory == edition }
        let groups = examples.map(\.group)
        let ruleSet = examples[0].edition.ruleSet
        let race = ThirdPlaceRace(
            groups: groups.map { ($0.name, GroupScenarios($0, ruleSet: ruleSet).thirdPlaceRecords) }, ruleSet: ruleSet)
        let brute = groups.map { Self.bruteForceRecords($0, ruleSet: ruleSet, maximumGoals: 6) }
        var teams = 0
        for (index, group) in groups.enumerated() {
            for (team, records) in brute[index] {
                let others = brute.indices.filter { $0 != index }.map {
                    brute[$0].values.reduce(into: Set<[Int]>()) { $0.formUnion($1) }
                }
                // The best rank: at its best record, every other group's weakest third below it.
                let bestRank = records.map { record in
                    1 + others.count { group in group.allSatisfy { ThirdPlaceRecords.isBelow(record, $0) } }
                }.min()!
                let worstRank = records.map { record in
                    1 + others.count { group in group.contains { !ThirdPlaceRecords.isBelow($0, record) } }
                }.max()!
                guard let entry = race.entry(of: team) else {
                    Issue.record("\(team) of group \(group.name) missing")
                    continue
                }
                #expect(entry.ranks == bestRank...worstRank, "\(team)")
                let expected: Qualification = bestRank > 4 ? .impossible : worstRank <= 4 ? .certain : .possible
                #expect(entry.qualification == expected, "\(team)")
                // The thresholds say the same of the team's own records: sure when its worst
                // passes the one, out when its best falls below the other.
                let sure = entry.sureAbove.map { ThirdPlaceRecords.isBelow($0, entry.records.worst) } ?? true
                let out = entry.outBelow.map { ThirdPlaceRecords.isBelow(entry.records.best, $0) } ?? false
                #expect(sure == (expected == .certain), "\(team)")
                #expect(out == (expected == .impossible), "\(team)")
                teams += 1
            }
        }
        #expect(teams == race.entries.count)
    }

    /// Compares a brute-force extreme with the engine's: equal, or the engine's unbounded
    /// from where the brute force stopped on.
    private static func expect(_ brute: [Int], matches engine: [Int], team: String) {
        guard let unbounded = engine.firstIndex(where: { $0 == .max || $0 == .min }) else {
            #expect(brute == engine, "\(team)")
            return
        }
        #expect(Array(brute[..<unbounded]) == Array(engine[..<unbounded]), "\(team)")
    }
}
