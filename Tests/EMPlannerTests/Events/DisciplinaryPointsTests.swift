import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Cards recorded through the planner feed the tie-breakers.
@Suite("Disciplinary points from recorded cards")
struct DisciplinaryPointsTests {
    @Test(
        "EURO 2024 Group C: Denmark and Slovenia level without cards, Denmark ahead 6–7 with them", arguments: StoreKind.allCases)
    func groupC(kind: StoreKind) throws {
        let test = try GroupCSetup.tournament(kind)
        let tournament = test.tournament
        let before = try #require(try tournament.reports.standings(group: "C").first)
        #expect(before.rows.map(\.rank) == [1, 2, 2, 4])
        #expect(before.decisions.map(\.description) == ["DEN, SVN level: no cards recorded"])

        // Six distinct player bookings each across the group matches, and a yellow card to
        // Slovenia's team official, which EURO 2024 counts.
        let bookings: [(String, String, Int)] = [
            ("1", "DEN", 2), ("1", "DEN", 3), ("4", "DEN", 4), ("4", "DEN", 5), ("6", "DEN", 6), ("6", "DEN", 7),
            ("1", "SVN", 2), ("3", "SVN", 3), ("3", "SVN", 4), ("5", "SVN", 5), ("5", "SVN", 6), ("5", "SVN", 7),
        ]
        for (match, team, number) in bookings {
            try tournament.results.recordCard(
                match: match, team: team, holder: .player(number: number), kind: .yellow, minute: 45)
        }
        try tournament.results.recordCard(
            match: "3", team: "SVN", holder: .official(name: "Matjaž Kek"), kind: .yellow, minute: nil)
        try tournament.save()

        let after = try #require(try test.reopened().reports.standings(group: "C").first)
        #expect(after.rows.map(\.team) == ["ENG", "DEN", "SVN", "SRB"])
        #expect(after.rows.map(\.rank) == [1, 2, 3, 4])
        #expect(after.decisions.map(\.description) == ["DEN ahead of SVN: disciplinary points 6–7"])
    }
}
