import TestSupport
import Testing

@testable import EMPlanner

/// What-if brackets: group and knockout results assumed, never recorded.
@Suite("What-if bracket")
struct WhatIfBracketTests {
    /// Bundled EURO 2024 with its results.
    static func euro2024(_ kind: StoreKind = .inMemory) throws -> TestTournament {
        try TestTournament.seeded(kind, from: BundledTournament.euro2024.setup(withResults: true))
    }

    /// Each match's teams, `HOME-AWAY` with `?` for a side not known, by number.
    static func pairings(_ matches: [KnockoutFixture]) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: matches.map { ($0.number, "\($0.homeTeam ?? "?")-\($0.awayTeam ?? "?")") })
    }

    /// Each match's winner, `?` until known, by number.
    static func winners(_ matches: [KnockoutFixture]) -> [Int: String] {
        Dictionary(uniqueKeysWithValues: matches.map { ($0.number, $0.winner ?? "?") })
    }

    @Test(
        "Group A's last matchday assumed: Switzerland win the group, Hungary's third place goes through instead of Slovenia's and the allocation swaps Georgia and Slovakia",
        arguments: StoreKind.allCases)
    func groupResultsFillTheRoundOf16(kind: StoreKind) throws {
        let test = try Self.euro2024(kind)
        let tournament = test.tournament
        try tournament.results.clearResult(match: "SUI-GER")
        try tournament.results.clearResult(match: "SCO-HUN")
        try tournament.save()
        let recorded = try tournament.knockout.bracket()
        let assumptions: [Reports.AssumedResult] = [
            .init(match: "SCO-HUN", score: Score(0, 4)), .init(match: "25", score: Score(2, 0)),
        ]
        let whatIf = try tournament.reports.bracket(assuming: assumptions)
        #expect(!tournament.hasChanges)
        #expect(try tournament.knockout.bracket() == recorded)
        #expect(whatIf.assumptions == ["match 26 SCO-HUN 0:4", "match 25 SUI-GER 2:0"])
        // Qualified thirds A D E F (HUN ahead of SVN on goals scored): 1B v 3E, 1C v 3F, 1E v 3D,
        // 1F v 3A (RULES.md, the 2020/2024 table); the real C D E F gave 1B v 3F, 1C v 3E.
        let pairings = Self.pairings(whatIf.matches)
        #expect(
            (37...44).map { pairings[$0]! } == [
                "SUI-DEN", "GER-ITA", "ESP-SVK", "ENG-GEO", "POR-HUN", "FRA-BEL", "ROU-NED", "AUT-TUR",
            ])
        // A recorded result counts only between the teams its match has under the assumptions.
        let winners = Self.winners(whatIf.matches)
        #expect((37...44).map { winners[$0]! } == ["?", "?", "?", "?", "?", "FRA", "NED", "TUR"])
        #expect(pairings[46] == "?-FRA" && pairings[47] == "NED-TUR" && winners[47] == "NED")
        #expect(whatIf.matches.allSatisfy { !$0.isAssumed && !$0.isWaiting })
        // Recording the same results gives the same teams and winners.
        for assumption in assumptions {
            try tournament.results.recordResult(
                match: assumption.match, home: assumption.score.home, away: assumption.score.away, afterExtraTime: false,
                penalties: nil)
        }
        let after = try tournament.knockout.bracket().matches
        #expect(
            Dictionary(uniqueKeysWithValues: after.map { ($0.number, "\($0.home.team ?? "?")-\($0.away.team ?? "?")") })
                == pairings)
        #expect(Dictionary(uniqueKeysWithValues: after.map { ($0.number, $0.winner.team ?? "?") }) == winners)
    }

    @Test(
        "An assumed knockout result sends its winner on: Germany beat Spain, then France on penalties, then England, named by id or by the teams the assumptions give"
    )
    func knockoutResultsCarryTheWinner() throws {
        let tournament = try Self.euro2024().tournament
        let quarterFinal = Reports.AssumedResult(match: "ESP-GER", score: Score(1, 2), afterExtraTime: true)
        let one = try tournament.reports.bracket(assuming: [quarterFinal])
        let fixture = try #require(one.matches.first { $0.number == 45 })
        #expect(fixture.isAssumed && fixture.winner == "GER" && fixture.result?.afterExtraTime == Score(1, 2))
        #expect(Self.pairings(one.matches)[49] == "GER-FRA" && Self.winners(one.matches)[49] == "?")
        #expect(Self.pairings(one.matches)[51] == "?-ENG")
        let semiFinal = Reports.AssumedResult(
            match: "GER-FRA", score: Score(1, 1), afterExtraTime: true, penalties: Score(4, 3))
        let final = Reports.AssumedResult(match: "GER-ENG", score: Score(3, 0))
        let three = try tournament.reports.bracket(assuming: [final, quarterFinal, semiFinal])
        #expect(
            three.assumptions == [
                "match 51 GER-ENG 3:0", "match 45 ESP-GER 1:2 aet", "match 49 GER-FRA 1:1 aet, 4:3 pens",
            ])
        #expect(Self.pairings(three.matches)[51] == "GER-ENG" && Self.winners(three.matches)[51] == "GER")
        #expect(three.matches.filter(\.isAssumed).map(\.number) == [45, 49, 51])
        #expect(Self.winners(three.matches)[50] == "ENG" && three.matches.first { $0.number == 50 }?.result != nil)
        let byID = try tournament.reports.bracket(assuming: [
            quarterFinal, .init(match: "49", score: Score(1, 1), afterExtraTime: true, penalties: Score(4, 3)),
            .init(match: "51", score: Score(3, 0)),
        ])
        #expect(byID.matches == three.matches)
        #expect(!tournament.hasChanges)
    }

    @Test("An unknown match, a knockout match without its teams, a negative score or a draw are refused, and nothing changes")
    func refusals() throws {
        let tournament = try Self.euro2024().tournament
        let recorded = try tournament.knockout.bracket()
        #expect(
            plannerKind { _ = try tournament.reports.bracket(assuming: [.init(match: "99", score: Score(1, 0))]) }
                == .unknownMatch("99"))
        #expect(
            plannerKind {
                _ = try tournament.reports.bracket(assuming: [
                    .init(match: "51", score: Score(1, 0)), .init(match: "45", score: Score(1, 2), afterExtraTime: true),
                ])
            }
                == .invalidResult(
                    "the teams of match 51 (W49 v W50) are not known under the assumptions: W49: the result of match 49 is for ESP v FRA, who are no longer its teams"
                ))
        #expect(
            plannerKind {
                _ = try tournament.reports.bracket(assuming: [
                    .init(match: "ESP-GER", score: Score(1, 2), afterExtraTime: true),
                    .init(match: "ESP-FRA", score: Score(2, 1)),
                ])
            }
                == .invalidResult(
                    "ESP-FRA do not meet under the assumptions: match 49 (W45 v W46) is GER-FRA; give its id to assume its result"
                ))
        #expect(
            plannerKind { _ = try tournament.reports.bracket(assuming: [.init(match: "GER-ENG", score: Score(1, 0))]) }
                == .unknownMatch("GER-ENG"))
        #expect(
            plannerKind { _ = try tournament.reports.bracket(assuming: [.init(match: "SCO-HUN", score: Score(-1, 0))]) }
                == .invalidResult("the score -1:0 is negative: a goal count is 0 or more"))
        #expect(
            plannerKind { _ = try tournament.reports.bracket(assuming: [.init(match: "45", score: Score(1, 1))]) }
                == .invalidResult(
                    "match 45 ESP-GER 1:1: a knockout match needs a winner: a draw after 90 minutes goes to extra time (--aet)"))
        #expect(
            plannerKind {
                _ = try tournament.reports.bracket(assuming: [
                    .init(match: "45", score: Score(1, 0)), .init(match: "ESP-GER", score: Score(2, 0)),
                ])
            } == .invalidResult("match 45 ESP-GER is assumed twice"))
        #expect(!tournament.hasChanges)
        #expect(try tournament.knockout.bracket() == recorded)
        let unplayed = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: false))
        #expect(
            plannerKind { _ = try unplayed.tournament.reports.bracket(assuming: [.init(match: "37", score: Score(1, 0))]) }
                == .invalidResult(
                    "the teams of match 37 (1A v 2C) are not known under the assumptions: 1A: group A is not complete; 2C: group C is not complete"
                ))
    }
}
