import FootballText
import TestSupport
import Testing

@testable import EMPlanner

/// The scenarios engine against brute force.
///
/// For every group of every EURO from 1980 to 2024 in openfootball's files as it stood after
/// matchday 2, every scoreline of the last matchday up to 10 goals a side: positions and
/// qualification agree, overall and per home/draw/away combination. For EURO 2024 after
/// matchday 1, every scoreline of the four open matches up to 4 goals a side (2 in a debug
/// build, see ``ExhaustiveRun``): positions and
/// qualification agree overall; per combination the engine finds every position the brute
/// force does and more, each of its orders shown by the scoreline it found it with (some need
/// 5 goals or more).
@Suite("Engine: group scenarios")
struct GroupScenariosTests {
    /// One group of one edition as it stood after some matchdays.
    struct Case: Sendable, CustomTestStringConvertible {
        var edition: HistoricEditionTests.Edition
        var group: GroupResults
        var testDescription: String { "\(edition.directory) group \(group.name)" }
    }

    /// Every group of the editions from 1980, with the matches after `matchdays` unplayed.
    static func cases(afterMatchday matchdays: Int, editions: [String]? = nil) -> [Case] {
        HistoricEditionTests.editions.filter { $0.directory >= "1980" }.filter { editions?.contains($0.directory) ?? true }
            .flatMap { edition in
                (try? groups(of: edition).map { group in
                    var group = group
                    for index in group.matches.indices where group.matches[index].matchday > matchdays {
                        group.matches[index].score = nil
                    }
                    return Case(edition: edition, group: group)
                }) ?? []
            }
    }

    /// The groups of an edition's file with every result, matchdays by kick-off order.
    static func groups(of edition: HistoricEditionTests.Edition) throws -> [GroupResults] {
        let path = "\(edition.directory)/euro.txt"
        let document = try FootballTextParser().parse(try OpenfootballFixture.text(path), fileName: path).document
        func code(_ name: String) throws -> String {
            try #require(KnownTeam.named(name), "unknown team \(name)").code
        }
        return try document.groups.enumerated().map { index, declaration in
            let matches = try document.matches.filter { $0.stage == .group && $0.group == declaration.name }.enumerated()
                .map { number, match in
                    GroupMatch(
                        home: try code(match.home), away: try code(match.away), matchday: number / 2 + 1,
                        score: try #require(match.result).regularTime)
                }
            return GroupResults(
                name: edition.ruleSet.groupNames[index], teams: try declaration.teams.map(code), matches: matches)
        }
    }

    @Test("After matchday 2 the engine agrees with every scoreline up to 10 goals a side", arguments: cases(afterMatchday: 2))
    func afterMatchdayTwo(_ example: Case) {
        expectAgreement(example, maximumGoals: 10, everyCombinationWithin: true)
    }

    @Test(
        "After matchday 1 of EURO 2024 the engine agrees with every scoreline up to 4 goals a side (2 in a debug build)",
        arguments: cases(afterMatchday: 1, editions: ["2024--germany"]))
    func afterMatchdayOne(_ example: Case) {
        expectAgreement(example, maximumGoals: ExhaustiveRun.choose(whole: 4, sample: 2), everyCombinationWithin: false)
    }

    @Test("After matchday 1 of EURO 2024, group A: orders that need five goals or more")
    func beyondFourGoals() throws {
        let example = try #require(Self.cases(afterMatchday: 1, editions: ["2024--germany"]).first)
        let search = ScenarioSearch(example.group, ruleSet: .euro2024)
        // Germany beat Hungary, Scotland Switzerland, Switzerland Germany, Scotland Hungary:
        // Germany, Scotland and Switzerland on 6 points, and Germany 5-1 up on Scotland already.
        let regions = OutcomeRegions(search, outcomes: [.home, .home, .home, .home])
        let scotlandFirst = try #require(regions.orders.firstIndex { $0.tiers.first == ["SCO"] })
        #expect(regions.examples[scotlandFirst].contains { max($0.home, $0.away) >= 5 })
        let brute = BruteForceScenarios(example.group, ruleSet: .euro2024, maximumGoals: 4)
        #expect(brute.positionsByOutcome[[.home, .home, .home, .home]]?["SCO"]?.contains(1) == false)
    }

    @Test("Every group of the editions from 1980 is covered")
    func coverage() {
        #expect(Self.cases(afterMatchday: 2).count == 2 * 4 + 4 * 5 + 3 * 6)
    }

    @Test("EURO 2024 before matchday 3: the flags")
    func flags() throws {
        let groups = Self.cases(afterMatchday: 2, editions: ["2024--germany"])
        var flags: [String: [String]] = [:]
        for example in groups {
            let scenarios = GroupScenarios(example.group, ruleSet: .euro2024)
            flags[example.group.name] = scenarios.flags.map { flag in
                let match = scenarios.remaining[flag.match]
                switch flag {
                case .drawTakesBothThrough: return "draw takes \(match.home) and \(match.away) through"
                case .nothingAtStake(_, let team): return "nothing at stake for \(team) in \(match.home)-\(match.away)"
                }
            }
        }
        // Germany 6 and Switzerland 4 points: a draw leaves them 7 and 5, beyond Hungary's and
        // Scotland's reach. Spain (6, the others at most 3 and beaten) and Portugal (6, Turkey
        // beaten) are first whatever happens; Poland, on 0, fourth.
        #expect(
            flags == [
                "A": ["draw takes SUI and GER through"], "B": ["nothing at stake for ESP in ALB-ESP"], "C": [],
                "D": ["nothing at stake for POL in FRA-POL"], "E": [], "F": ["nothing at stake for POR in GEO-POR"],
            ])
    }

    @Test("Qualification from positions: the top two through, a third place in 24-team formats as the thirds go")
    func qualification() {
        func verdict(_ positions: [Int], _ ruleSet: RuleSet, thirdPlace: Qualification = .possible) -> Qualification {
            TeamOutlook.qualification(of: positions, ruleSet: ruleSet, thirdPlace: thirdPlace)
        }
        #expect(verdict([1, 2], .euro2012) == .certain)
        #expect(verdict([2, 3], .euro2012) == .possible)
        #expect(verdict([3, 4], .euro2012) == .impossible)
        #expect(verdict([3], .euro2024) == .possible)
        #expect(verdict([4], .euro2024) == .impossible)
        #expect(verdict([2, 3], .euro2024, thirdPlace: .certain) == .certain)
        #expect(verdict([3, 4], .euro2024, thirdPlace: .impossible) == .impossible)
    }

    /// Positions and qualification agree with brute force up to `maximumGoals`.
    ///
    /// Overall always; per combination too where `everyCombinationWithin`, else the engine's
    /// include the brute force's. Every order the engine lists is what its example scoreline
    /// gives.
    private func expectAgreement(_ example: Case, maximumGoals: Int, everyCombinationWithin: Bool) {
        let ruleSet = example.edition.ruleSet
        let scenarios = GroupScenarios(example.group, ruleSet: ruleSet)
        let brute = BruteForceScenarios(example.group, ruleSet: ruleSet, maximumGoals: maximumGoals)
        for outlook in scenarios.teams {
            let expected = brute.positions[outlook.team, default: []].sorted()
            #expect(outlook.positions == expected, "\(outlook.team)")
            #expect(
                outlook.qualification == TeamOutlook.qualification(of: expected, ruleSet: ruleSet, thirdPlace: .possible),
                "\(outlook.team)")
        }
        #expect(scenarios.outcomes.count == repeatElement(3, count: scenarios.remaining.count).reduce(1, *))
        for outcome in scenarios.outcomes {
            for outlook in outcome.teams {
                let expected = brute.positionsByOutcome[outcome.results]?[outlook.team, default: []] ?? []
                if everyCombinationWithin {
                    #expect(outlook.positions == expected.sorted(), "\(outcome.results) \(outlook.team)")
                } else {
                    #expect(expected.isSubset(of: outlook.positions), "\(outcome.results) \(outlook.team)")
                }
            }
        }
        expectExamples(example, ruleSet: ruleSet, scenarios: scenarios)
    }

    /// Each order of each combination is the standings of the scoreline the search found it
    /// with, a scoreline with the combination's outcomes.
    private func expectExamples(_ example: Case, ruleSet: RuleSet, scenarios: GroupScenarios) {
        let search = ScenarioSearch(example.group, ruleSet: ruleSet)
        for outcome in scenarios.outcomes {
            let regions = OutcomeRegions(search, outcomes: outcome.results)
            #expect(regions.orders == outcome.orders)
            for (order, scores) in zip(regions.orders, regions.examples) {
                #expect(scores.map(MatchOutcome.init) == outcome.results)
                var group = GroupResults(name: example.group.name, teams: example.group.teams, matches: example.group.matches)
                for (index, score) in zip(scenarios.remainingIndices, scores) { group.matches[index].score = score }
                let table = GroupTable(group, ruleSet: ruleSet)
                let tiers = Dictionary(grouping: table.rows, by: \.rank).sorted { $0.key < $1.key }.map { $0.value.map(\.team) }
                #expect(tiers == order.tiers, "\(outcome.results) \(scores)")
            }
        }
    }
}
