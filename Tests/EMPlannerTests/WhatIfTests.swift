import TestSupport
import Testing

@testable import EMPlanner

/// What-if tables: group results assumed, never recorded.
@Suite("What-if tables")
struct WhatIfTests {
    @Test(
        "Assuming Denmark beat Germany 3:2 gives the table recording it gives, and changes nothing",
        arguments: StoreKind.allCases)
    func assumedAsRecorded(kind: StoreKind) throws {
        let test = try StandingsTests.euro2012(kind)
        let before = try test.tournament.reports.standings()
        let assumed = try test.tournament.reports.standings(
            group: "B", assuming: [.init(match: "DEN-GER", score: Score(3, 2))])
        #expect(!test.tournament.hasChanges)
        #expect(try test.tournament.reports.standings() == before)
        try test.tournament.results.recordResult(match: "DEN-GER", home: 3, away: 2, afterExtraTime: false, penalties: nil)
        #expect(assumed == (try test.tournament.reports.standings(group: "B")))
        #expect(assumed.first?.rows.map(\.team) == ["DEN", "GER", "POR", "NED"])
    }

    @Test("An unplayed match counts with its assumed score; the others as recorded", arguments: StoreKind.allCases)
    func unplayedMatch(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.results.recordResult(match: "POL-GRE", home: 1, away: 1, afterExtraTime: false, penalties: nil)
        let table = try #require(
            try test.tournament.reports.standings(group: "A", assuming: [.init(match: "RUS-CZE", score: Score(4, 1))]).first)
        #expect(table.rows.map(\.team) == ["RUS", "GRE", "POL", "CZE"])
        #expect(table.rows.map(\.record.played) == [1, 1, 1, 1])
        let recorded = try #require(try test.tournament.reports.standings(group: "A").first)
        #expect(
            Dictionary(uniqueKeysWithValues: recorded.rows.map { ($0.team, $0.record.played) }) == [
                "POL": 1, "GRE": 1, "RUS": 0, "CZE": 0,
            ])
    }

    @Test("A knockout match, an unknown match and a match assumed twice are refused")
    func refusals() throws {
        let test = try TestTournament.seeded(.inMemory)
        let tournament = test.tournament
        #expect(
            plannerKind { _ = try tournament.reports.standings(assuming: [.init(match: "25", score: Score(1, 0))]) }
                == .invalidResult("match 25 1A-2B is a knockout match: a what-if assumes group results only"))
        #expect(
            plannerKind { _ = try tournament.reports.standings(assuming: [.init(match: "99", score: Score(1, 0))]) }
                == .unknownMatch("99"))
        #expect(
            plannerKind {
                _ = try tournament.reports.standings(
                    assuming: [.init(match: "POL-GRE", score: Score(1, 0)), .init(match: "1", score: Score(2, 0))])
            } == .invalidResult("match 1 POL-GRE is assumed twice"))
    }
}
