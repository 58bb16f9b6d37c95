import TestSupport
import Testing

@testable import EMPlanner

/// What each team needs, against brute force: for every group of every EURO from 1980 to 2024
/// as it stood after matchday 2 (group A of 2012 and 2024 in a debug build, see
/// ``ExhaustiveRun``), every condition stated is evaluated on every scoreline of the open matches
/// with 0 to 5, 9, 11 or 14 goals a side (the search goes to 10), and the final table of that
/// scoreline (``GroupTable``) says whether the team reached the target.
///
/// Where the proof stops at 10 goals a side (``unprovenGroups``), up to 10 only.
///
/// Where the table leaves the team level with others on every result, or third in a format
/// where the other groups then decide, the scoreline reaches the target neither surely nor
/// not at all: exactly the conditions naming a decider hold for it, and no other.
@Suite("Engine: what a team needs")
struct TeamNeedsTests {
    /// The groups compared: 24-team editions and EURO 2012, whole or a sample.
    static let groups = GroupScenariosTests.cases(
        afterMatchday: 2, editions: ExhaustiveRun.choose(whole: nil, sample: ["2012--poland-ukraine", "2024--germany"])
    ).filter { ExhaustiveRun.isWhole || $0.group.name == "A" }

    /// The groups whose conditions the proof carries only up to 10 goals a side, by team.
    ///
    /// A margin there lies beyond what a bound of a condition may state (the played gaps are
    /// large). `em needs` says so in its last line.
    static let unprovenGroups: [String: Set<String>] = [
        "1984--france A": ["FRA", "DEN", "BEL", "YUG"], "1996--england C": ["GER", "CZE", "ITA"],
    ]

    @Test(
        "Every condition is proven and holds exactly for the scorelines of 0 to 5, 9, 11 and 14 goals a side that reach its target; every status agrees with the exact scenarios",
        arguments: groups)
    func exactAfterMatchdayTwo(_ example: GroupScenariosTests.Case) {
        let ruleSet = example.edition.ruleSet
        let needs = TeamNeeds.all(example.group, ruleSet: ruleSet)
        let unproven = Self.unprovenGroups[example.testDescription.replacingOccurrences(of: " group ", with: " ")] ?? []
        for team in needs {
            #expect(team.goalLimit == (unproven.contains(team.team) ? 10 : nil), "\(example.group.name) \(team.team)")
        }
        expectExact(needs, group: example.group, ruleSet: ruleSet, goals: Array(0...5) + (unproven.isEmpty ? [9, 11, 14] : [9]))
        // Whether each place is certain, possible or impossible, whatever the goals.
        let scenarios = GroupScenarios(example.group, ruleSet: ruleSet)
        let places: [(NeedsTarget, Set<Int>)] = [(.first, [1]), (.second, [2]), (.topTwo, [1, 2]), (.third, [3])]
        for team in needs {
            let positions = Set(scenarios.outlook(of: team.team)?.positions ?? [])
            for (target, wanted) in places {
                let expected: Qualification =
                    positions.isSubset(of: wanted) ? .certain : positions.isDisjoint(with: wanted) ? .impossible : .possible
                #expect(team.needs(for: target)?.status == expected, "\(team.team) \(target)")
            }
        }
    }

    @Test("EURO 2012, Croatia third: exact beyond the scorelines searched (2:2 with Spain, Italy 11:9 is not third)")
    func beyondTheSearch() throws {
        var group = try #require(
            GroupScenariosTests.cases(afterMatchday: 2, editions: ["2012--poland-ukraine"]).first { $0.group.name == "C" }?.group)
        let needs = TeamNeeds(group, team: "CRO", ruleSet: .euro2012)
        #expect(needs.goalLimit == nil)
        let third = try #require(needs.needs(for: .third))
        #expect(
            third.conditions.contains {
                $0.sentence == "draw 1:1 or lower scoring at least 3 fewer than ITA, if ITA win by 2 or more"
            })
        for (index, score) in zip(needs.remainingIndices, [Score(2, 2), Score(11, 9)]) { group.matches[index].score = score }
        #expect(GroupTable(group, ruleSet: .euro2012).standing(of: "CRO")?.rank == 2)
        let scores = Dictionary(uniqueKeysWithValues: zip(needs.remainingIndices, [Score(2, 2), Score(11, 9)]))
        #expect(!third.conditions.contains { Self.holds($0, needs: needs, scores: scores) })
    }

    @Test("A margin the conditions cannot state (Scotland after losing 1:12): exact up to 10 goals a side, and says so")
    func unproven() throws {
        var group = try #require(
            GroupScenariosTests.cases(afterMatchday: 2, editions: ["2024--germany"]).first { $0.group.name == "A" }?.group)
        let opener = try #require(group.matches.firstIndex { $0.home == "GER" && $0.away == "SCO" })
        group.matches[opener].score = Score(12, 1)
        let needs = TeamNeeds.all(group, ruleSet: .euro2024)
        #expect(needs.first { $0.team == "SCO" }?.goalLimit == 10)
        expectExact(needs, group: group, ruleSet: .euro2024, goals: [0, 1, 2, 4, 7, 8, 10])
    }

    @Test("EURO 2024 before matchday 3: what UEFA said of Germany, Spain and England")
    func euro2024() throws {
        let groups = Dictionary(
            uniqueKeysWithValues: GroupScenariosTests.cases(afterMatchday: 2, editions: ["2024--germany"]).map {
                ($0.group.name, $0.group)
            })
        let germany = TeamNeeds(try #require(groups["A"]), team: "GER", ruleSet: .euro2024)
        #expect(germany.remaining.first.map { "\($0.home)-\($0.away)" } == "SUI-GER")
        #expect(germany.needs(for: .first)?.conditions.map(\.sentence) == ["avoid defeat"])
        #expect(germany.needs(for: .topTwo)?.status == .certain)
        #expect(germany.needs(for: .through)?.status == .certain)
        let spain = TeamNeeds(try #require(groups["B"]), team: "ESP", ruleSet: .euro2024)
        #expect(spain.needs(for: .first)?.status == .certain)
        let england = TeamNeeds(try #require(groups["C"]), team: "ENG", ruleSet: .euro2024)
        #expect(england.needs(for: .third)?.status == .possible)
        #expect(england.needs(for: .bestThird)?.conditions.allSatisfy { $0.decider == .otherGroups } == true)
    }

    @Test("A group whose matches are all played: every target certain or impossible, no conditions")
    func completeGroup() throws {
        let group = try #require(GroupScenariosTests.cases(afterMatchday: 3, editions: ["2024--germany"]).first?.group)
        let needs = TeamNeeds(group, team: "GER", ruleSet: .euro2024)
        #expect(needs.remaining.isEmpty)
        #expect(needs.targets.map(\.status) == [.certain, .impossible, .certain, .impossible, .impossible, .certain])
        #expect(needs.targets.allSatisfy { $0.conditions.isEmpty })
    }

    /// Every team's conditions against every scoreline whose sides score one of `goals`.
    private func expectExact(_ teams: [TeamNeeds], group: GroupResults, ruleSet: RuleSet, goals: [Int]) {
        let open = group.matches.indices.filter { !group.matches[$0].isPlayed }
        let scores = goals.flatMap { home in goals.map { Score(home, $0) } }
        let lines = open.reduce([[Score]]([[]])) { lines, _ in lines.flatMap { line in scores.map { line + [$0] } } }
        let tables = lines.map { line in
            var group = group
            for (index, score) in zip(open, line) { group.matches[index].score = score }
            return GroupTable(group, ruleSet: ruleSet)
        }
        for needs in teams {
            for target in needs.targets {
                var reached = 0
                var missed = 0
                for (line, table) in zip(lines, tables) {
                    let expected = Self.expected(target.target, team: needs.team, in: table, ruleSet: ruleSet)
                    let holding = target.conditions.filter { condition in
                        Self.holds(condition, needs: needs, scores: Dictionary(uniqueKeysWithValues: zip(open, line)))
                    }
                    switch expected {
                    case .yes: reached += 1
                    case .no: missed += 1
                    case .depends: break
                    }
                    if target.status == .possible {
                        let deciders = Set(holding.map(\.decider))
                        let wanted: Set<NeedsDecider?> =
                            switch expected {
                            case .yes: [nil]
                            case .no: []
                            case .depends(let decider): [decider]
                            }
                        #expect(
                            deciders == wanted,
                            "\(group.name) \(needs.team) \(target.target) \(line): \(holding.map(\.sentence))")
                    }
                }
                let verdict: Qualification = reached == lines.count ? .certain : missed == lines.count ? .impossible : .possible
                #expect(target.status == verdict, "\(group.name) \(needs.team) \(target.target)")
            }
        }
    }

    /// What a table gives a team for a target: the test's own reading of the targets.
    ///
    /// The team can take its rank and the places of the teams level with it.
    private static func expected(_ target: NeedsTarget, team: String, in table: GroupTable, ruleSet: RuleSet)
        -> PlaceVerdicts.Verdict
    {
        let rank = table.standing(of: team)!.rank
        let places = rank...(rank + table.rows.filter { $0.rank == rank }.count - 1)
        let thirds = ruleSet.bestThirdPlacedAdvancing > 0
        let (sure, otherGroups): ([Int], [Int]) =
            switch target {
            case .first: ([1], [])
            case .second: ([2], [])
            case .topTwo: ([1, 2], [])
            case .third: ([3], [])
            case .bestThird: ([], [3])
            case .through: (Array(1...ruleSet.teamsAdvancingPerGroup), thirds ? [ruleSet.teamsAdvancingPerGroup + 1] : [])
            }
        if places.allSatisfy(sure.contains) { return .yes }
        if places.allSatisfy(otherGroups.contains) { return .depends(.otherGroups) }
        if !places.contains(where: { sure.contains($0) || otherGroups.contains($0) }) { return .no }
        let reason = table.decisions.lazy.compactMap { decision -> LevelReason? in
            if case .level(let teams, let reason) = decision, teams.contains(team) { return reason }
            return nil
        }.first
        return .depends(.tie(reason!))
    }

    /// Whether a condition holds for these scores of the open matches (by index in the group's
    /// matches): the test's own reading of clauses and comparisons.
    private static func holds(_ condition: NeedsCondition, needs: TeamNeeds, scores: [Int: Score]) -> Bool {
        let values = condition.clauses.map { clause -> (margin: Int, goals: Int, conceded: Int)? in
            let match = needs.remaining[clause.match]
            let score = scores[needs.remainingIndices[clause.match]]!
            #expect(Set([clause.team, clause.opponent]) == Set([match.home, match.away]))
            let (goals, conceded) = match.home == clause.team ? (score.home, score.away) : (score.away, score.home)
            let outcome: TeamOutcome = goals > conceded ? .win : goals == conceded ? .draw : .loss
            let margin = abs(goals - conceded)
            guard clause.outcomes.contains(outcome), margin >= clause.minimumMargin ?? 0,
                margin <= clause.maximumMargin ?? .max, goals >= clause.minimumGoals ?? 0, goals <= clause.maximumGoals ?? .max
            else { return nil }
            return (margin, goals, conceded)
        }
        guard values.allSatisfy({ $0 != nil }) else { return false }
        return condition.comparisons.allSatisfy { comparison in
            let (first, second) = (values[0]!, values[1]!)
            let difference =
                switch comparison.quantity {
                case .margin: first.margin - second.margin
                case .goals: first.goals - second.goals
                case .marginSum: first.margin + second.margin
                case .goalsSum: first.goals + second.goals
                case .goalsAgainstOpponent: first.goals - second.conceded
                }
            return difference >= comparison.minimumDifference ?? .min && difference <= comparison.maximumDifference ?? .max
        }
    }
}
