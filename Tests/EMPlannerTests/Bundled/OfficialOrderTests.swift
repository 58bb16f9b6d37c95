import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// A group's official order, recorded through the planner: it decides what the data cannot,
/// and the bracket follows.
@Suite("Official order")
struct OfficialOrderTests {
    /// EURO 2024 with the real group results and no official order.
    static func groupStagePlayed(_ kind: StoreKind) throws -> TestTournament {
        var setup = try BundledTournament.euro2024.setup(withResults: true)
        setup.groups[2].officialOrder = nil
        for index in setup.matches.indices where setup.matches[index].round != "group" {
            setup.matches[index] = setup.matches[index].unplayed
        }
        return try TestTournament.seeded(kind, from: setup)
    }

    @Test(
        "Recording Group C's order fills 2C and the third-placed slots; forgetting it empties them", arguments: StoreKind.allCases
    )
    func orderMovesBracket(kind: StoreKind) throws {
        let test = try Self.groupStagePlayed(kind)
        let tournament = test.tournament
        #expect(try tournament.lookup.match("37").awayTeam == nil)

        let update = try tournament.results.setOfficialOrder(group: "C", teams: ["ENG", "Dänemark", "Slovenia", "SRB"])
        #expect(update.lines.first == "match 37 away: ? → DEN")
        #expect(update.changes.count == 5)
        try tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.group("C").officialOrder == "ENG,DEN,SVN,SRB")
        let table = try #require(try reader.reports.standings(group: "C").first)
        #expect(table.rows.map(\.rank) == [1, 2, 3, 4])
        #expect(try reader.lookup.match("37").awayTeam?.code == "DEN")
        #expect(try reader.lookup.match("41").awayTeam?.code == "SVN")

        let cleared = try reader.results.setOfficialOrder(group: "C", teams: nil)
        #expect(cleared.changes.count == 5)
        #expect(try reader.lookup.group("C").officialOrder == nil)
        #expect(try reader.lookup.match("37").awayTeam == nil)
    }

    @Test("Cards that decide Group C move 2C; the card that levels them empties it again", arguments: StoreKind.allCases)
    func cardsMoveBracket(kind: StoreKind) throws {
        let test = try Self.groupStagePlayed(kind)
        let tournament = test.tournament
        // Once cards are recorded, a team without any has 0 disciplinary points.
        let first = try tournament.results.recordCard(
            match: "SVN-DEN", team: "SVN", holder: .player(number: 3), kind: .yellow, minute: 30)
        #expect(first.bracket.lines.first == "match 37 away: ? → DEN")
        let levelling = try tournament.results.recordCard(
            match: "SVN-DEN", team: "DEN", holder: .player(number: 5), kind: .yellow, minute: 20)
        #expect(levelling.bracket.lines.first == "match 37 away: DEN → ?")
        try tournament.results.recordCard(match: "SVN-SRB", team: "SVN", holder: .player(number: 4), kind: .yellow, minute: 40)
        try tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.match("37").awayTeam?.code == "DEN")
        let removed = try reader.results.removeCard(match: "SVN-SRB", team: "SVN", holder: .player(number: 4), kind: .yellow)
        #expect(removed.bracket.lines.first == "match 37 away: DEN → ?")
        #expect(try reader.lookup.match("37").awayTeam == nil)
    }

    @Test("An order naming a team of another group, or a team twice, is refused and changes nothing")
    func refused() throws {
        let test = try Self.groupStagePlayed(.inMemory)
        let tournament = test.tournament
        #expect(
            plannerKind { try tournament.results.setOfficialOrder(group: "C", teams: ["ENG", "GER"]) }
                == .teamNotInGroup(team: "Deutschland", group: "C"))
        #expect(
            plannerKind { try tournament.results.setOfficialOrder(group: "C", teams: ["ENG", "eng"]) }
                == .teamListedTwice(team: "England", group: "C"))
        #expect(plannerKind { try tournament.results.setOfficialOrder(group: "G", teams: ["ENG"]) } == .unknownGroup("G"))
        #expect(!tournament.hasChanges)
    }
}
