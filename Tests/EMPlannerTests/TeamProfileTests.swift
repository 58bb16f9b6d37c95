import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// A team's profile: values a renderer reads without touching the store.
@Suite("Team profiles")
struct TeamProfileTests {
    @Test("A profile holds a team's names, group, coach and squad by position, then number", arguments: StoreKind.allCases)
    func bundledGermany(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        _ = try test.tournament.structure.addAliases(["Nationalelf", "DFB-Elf"], to: "GER")
        let profile = try test.tournament.lookup.teamProfile("Germany")
        #expect(profile.code == "GER" && profile.name == "Deutschland" && profile.englishName == "Germany")
        #expect(profile.aliases == ["DFB-Elf", "Nationalelf"])
        #expect(profile.group == "B")
        #expect(profile.coach?.fullName == "Joachim Löw")
        #expect(profile.squad.count == 23)
        let order = ["GK", "DF", "MF", "FW"]
        let ranks = profile.squad.map { (order.firstIndex(of: $0.position ?? "") ?? 4, $0.number ?? 0) }
        #expect(zip(ranks, ranks.dropFirst()).allSatisfy { $0 < $1 }, "by position, then number")
        let keeper = try #require(profile.squad.first)
        #expect(keeper.position == "GK" && keeper.number == 1 && keeper.person.fullName == "Manuel Neuer")
        #expect(keeper.born == "1986-03-27")
    }
}
