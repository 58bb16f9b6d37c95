import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// The goals, cards and line-ups bundled EURO 2024 brings with its results, from openfootball's
/// Football.TXT files, checked against the known totals.
@Suite("Bundled events")
struct BundledEventsTests {
    @Test("EURO 2024 with its results: all 117 goals (10 own goals) by players of the squads, as many as the scores")
    func euro2024Goals() throws {
        let tournament = try BundledTournamentTests.seeded(.euro2024, withResults: true, .sqlite).reopened()
        let goals = try tournament.context.fetch(Goal.fetchRequest())
        #expect(goals.count == 117)
        #expect(goals.count(where: { $0.ownGoal == true }) == 10)
        #expect(goals.allSatisfy { $0.scorer != nil }, "every scorer is found in the squads")
        for match in try tournament.lookup.matches() {
            #expect(match.goals.count == Int(match.homeGoals ?? 0) + Int(match.awayGoals ?? 0), "match \(match.pairing)")
        }
        let scorers = try tournament.reports.scorers()
        let topScorers = scorers.filter { $0.goals == 3 }.compactMap(\.player.name).sorted()
        #expect(topScorers == ["Gakpo", "Kane", "Mikautadze", "Musiala", "Olmo", "Schranz"])
        #expect(scorers.allSatisfy { $0.goals <= 3 })
    }

    @Test("EURO 2024 with its results: the final's scorers, match 1's line-ups and red card, and its suspension")
    func euro2024Events() throws {
        let tournament = try BundledTournamentTests.seeded(.euro2024, withResults: true).tournament
        let final = try tournament.lookup.match("51")
        let finalGoals = tournament.results.events(in: final).compactMap { event -> String? in
            guard case .goal(let goal) = event else { return nil }
            return "\(goal.minute ?? 0) \(goal.scorer?.name ?? "")"
        }
        #expect(finalGoals == ["47 Williams", "73 Palmer", "86 Oyarzabal"])
        let opener = try tournament.lookup.match("1")
        #expect(Set(opener.appearances.compactMap { $0.team?.code }) == ["GER", "SCO"])
        #expect(opener.appearances.count(where: { $0.team?.code == "GER" && $0.replaces == nil }) == 11)
        let red = try #require(opener.cards.first { $0.cardKind == .red })
        #expect(red.player?.name == "Porteous" && red.minute == 44)
        let suspension = try #require(try tournament.reports.suspensions().first { $0.player == red.player })
        #expect(suspension.match.map(tournament.lookup.matchID) == 13)
    }

    @Test("Seeded without results, EURO 2024 has no goals, cards or line-ups")
    func withoutResults() throws {
        let setup = try BundledTournament.euro2024.setup(withResults: false)
        #expect(setup.matches.allSatisfy { $0.goals.isEmpty && $0.cards.isEmpty && $0.appearances.isEmpty })
    }
}
