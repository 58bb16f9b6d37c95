import TestSupport
import Testing

@testable import EMPlanner

/// The other groups' thirds against a third's record, by their outcomes: EURO 2016, 2020
/// and 2024 after matchday 2 (EURO 2024 alone in a debug build, see ``ExhaustiveRun``),
/// against brute force; and the words for sets of outcome combinations.
@Suite("Engine: the other groups' thirds against a record")
struct ThirdPlaceRivalsTests {
    @Test(
        "Each other group's third stands behind, ahead or undecided under each of its outcomes as every scoreline up to 6 goals a side says",
        arguments: ThirdPlaceRaceTests.editions)
    func againstBruteForce(edition: String) throws {
        let examples = ThirdPlaceRaceTests.groups.filter { $0.edition.directory == edition }
        let ruleSet = examples[0].edition.ruleSet
        let scenarios = examples.map { GroupScenarios($0.group, ruleSet: ruleSet) }
        let brute = examples.map { ThirdPlaceRaceTests.bruteForceRecordsByOutcome($0.group, ruleSet: ruleSet, maximumGoals: 6) }
        let race = ThirdPlaceRace(groups: scenarios.map { ($0.name, $0.thirdPlaceRecords) }, ruleSet: ruleSet)
        var compared = 0
        for (index, group) in scenarios.enumerated() {
            for outcome in group.outcomes {
                for (team, records) in outcome.thirdPlaceRecords {
                    let rivals = ThirdPlaceRivals(
                        record: records, group: group.name, groups: scenarios, qualifyingCount: ruleSet.bestThirdPlacedAdvancing)
                    #expect(rivals.rivals.map(\.group) == scenarios.map(\.name).filter { $0 != group.name })
                    #expect(rivals.neededBehind == scenarios.count - ruleSet.bestThirdPlacedAdvancing)
                    let own = brute[index][outcome.results]?[team] ?? []
                    for rival in rivals.rivals {
                        let other = try #require(scenarios.firstIndex { $0.name == rival.group })
                        #expect(rival.outcomes.map(\.results) == scenarios[other].outcomes.map(\.results))
                        for standing in rival.outcomes {
                            let thirds = (brute[other][standing.results] ?? [:]).values.reduce(into: Set<[Int]>()) {
                                $0.formUnion($1)
                            }
                            let behind = thirds.allSatisfy { third in own.allSatisfy { ThirdPlaceRecords.isBelow(third, $0) } }
                            let ahead = thirds.allSatisfy { third in own.allSatisfy { ThirdPlaceRecords.isBelow($0, third) } }
                            let context = "\(team) \(outcome.results) against \(rival.group) \(standing.results)"
                            // What the engine settles holds for every scoreline; what the scorelines
                            // leave open, the engine leaves open too.
                            switch standing.standing {
                            case .behind: #expect(behind, "\(context)")
                            case .ahead: #expect(ahead, "\(context)")
                            case .undecided: break
                            }
                            if !behind && !ahead { #expect(standing.standing == .undecided, "\(context)") }
                            compared += 1
                        }
                    }
                    // The count of thirds behind says what the race says of the same records.
                    #expect(rivals.qualification == race.qualification(of: records, inGroup: group.name), "\(team)")
                }
            }
        }
        #expect(compared > 1000)
    }

    /// The two open matches of EURO 2024's group F before its last matchday.
    static let groupF = [
        GroupMatch(home: "GEO", away: "POR", matchday: 3), GroupMatch(home: "CZE", away: "TUR", matchday: 3),
    ]

    @Test(
        "A set of outcome combinations in words",
        arguments: [
            ([[MatchOutcome]](), "never"),
            ([[.home, .home]], "GEO win and CZE win"),
            ([[.away, .draw]], "POR win and CZE-TUR is a draw"),
            ([[.draw, .away], [.away, .away]], "GEO do not win and TUR win"),
            ([[.draw, .draw], [.draw, .away], [.away, .draw], [.away, .away]], "GEO do not win and CZE do not win"),
            (
                [[.home, .home], [.home, .draw], [.home, .away], [.draw, .draw]],
                "GEO win, or GEO-POR is a draw and CZE-TUR is a draw"
            ),
            (
                [[.home, .home], [.home, .away], [.away, .home], [.away, .away]],
                "GEO-POR is not a draw and CZE-TUR is not a draw"
            ),
        ])
    func words(_ combinations: [[MatchOutcome]], _ sentence: String) {
        #expect(OutcomeSet(combinations, of: Self.groupF).sentence == sentence)
    }

    @Test("Every set of combinations of two matches is said exactly: the products cover it and nothing else")
    func everySet() {
        let all = MatchOutcome.allCases.flatMap { first in MatchOutcome.allCases.map { [first, $0] } }
        for bits in 1..<(1 << all.count) {
            let combinations = all.indices.filter { bits & (1 << $0) != 0 }.map { all[$0] }
            let set = OutcomeSet(combinations, of: Self.groupF)
            let covered = set.products().flatMap(OutcomeSet.expand)
            #expect(Set(covered) == Set(combinations), "\(combinations)")
            #expect(!set.sentence.isEmpty)
        }
        #expect(OutcomeSet(all, of: Self.groupF).sentence == "whatever happens")
        #expect(OutcomeSet([[]], of: []).isEverything)
    }

    @Test("More open matches than it names are counted")
    func counted() {
        let matches = Array(repeating: GroupMatch(home: "GEO", away: "POR", matchday: 2), count: 5)
        #expect(OutcomeSet([[.home, .home, .home, .home, .home]], of: matches).sentence == "in 1 of the 243 combinations")
    }
}
