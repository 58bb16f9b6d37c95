import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// The knockout bracket in the store: slots seeded from the setup, teams filled in from the
/// results, corrections moving what depended on them.
@Suite("Bracket")
struct BracketTests {
    /// The slots of EURO 2012's knockout matches (RULES.md §2.1).
    static let slots2012: [Int: (String, String)] = [
        25: ("1A", "2B"), 26: ("1B", "2A"), 27: ("1C", "2D"), 28: ("1D", "2C"), 29: ("W25", "W27"), 30: ("W26", "W28"),
        31: ("W29", "W30"),
    ]

    /// The numbers of the fixture's matches of one group.
    static func groupMatches(_ fixture: EuroFixture, _ group: String) -> [Int] {
        fixture.matches.filter { $0.group == group }.map(\.matchNumber)
    }

    /// A store seeded with the bundled EURO 2012 and every real result recorded.
    static func played(_ kind: StoreKind = .inMemory) throws -> (TestTournament, EuroFixture) {
        let test = try TestTournament.seeded(kind)
        let fixture = try EuroFixture.load(2012)
        try test.tournament.record(fixture, matches: 1...31)
        return (test, fixture)
    }

    @Test("The bundled setup seeds the knockout matches with their slots, no teams, and EURO 2012's rules")
    func bundledSlots() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(try tournament.ruleSet().identifier == "euro2012")
        for (number, (home, away)) in Self.slots2012 {
            let match = try tournament.lookup.match(String(number))
            #expect(match.homeSlot == home && match.awaySlot == away, "match \(number)")
            #expect(match.homeTeam == nil && match.awayTeam == nil, "match \(number)")
        }
        #expect(try tournament.lookup.match("1").homeSlot == nil)
    }

    @Test("The real EURO 2012 results recorded one by one fill every knockout pairing and winner", arguments: StoreKind.allCases)
    func realResultsFillTheBracket(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        let fixture = try EuroFixture.load(2012)
        try tournament.record(fixture, matches: 1...24)
        for expected in fixture.knockoutMatches {
            let match = try tournament.lookup.match(String(expected.matchNumber))
            let isQuarterFinal = expected.matchNumber <= 28
            #expect(match.homeTeam?.code == (isQuarterFinal ? try fixture.code(expected.home) : nil))
            #expect(match.awayTeam?.code == (isQuarterFinal ? try fixture.code(expected.away) : nil))
        }
        try tournament.record(fixture, matches: 25...31)
        try tournament.save()
        let reader = try test.reopened()
        for expected in fixture.knockoutMatches {
            let match = try reader.lookup.match(String(expected.matchNumber))
            #expect(match.homeTeam?.code == (try fixture.code(expected.home)), "match \(expected.matchNumber) home")
            #expect(match.awayTeam?.code == (try fixture.code(expected.away)), "match \(expected.matchNumber) away")
            #expect([match.homeSlot ?? "", match.awaySlot ?? ""] == expected.bracketSlots, "match \(expected.matchNumber) slots")
        }
        let bracket = try reader.knockout.bracket()
        #expect(bracket.matches.map(\.number) == Array(25...31))
        #expect(
            bracket.matches.map(\.winner.team) == (try fixture.knockoutMatches.map { try fixture.code(#require($0.winner)) }))
        #expect(try reader.knockout.fillBracket().isEmpty, "a filled bracket stays as it is")
    }

    @Test("A group's slots are filled once the group is complete, and the result says what moved")
    func completingAGroupFillsItsSlots() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let fixture = try EuroFixture.load(2012)
        let groupA = Self.groupMatches(fixture, "A")
        let updates = try tournament.record(fixture, matches: groupA)
        #expect(updates.dropLast().allSatisfy { $0.isEmpty })
        #expect(updates.last?.lines == ["match 25 home: ? → CZE", "match 26 away: ? → GRE"])
        #expect(try tournament.lookup.match("25").homeTeam?.code == "CZE")
        #expect(try tournament.lookup.match("25").awayTeam == nil, "2B waits for group B")
    }

    @Test("A knockout result is refused until the match's teams are known, and nothing changes")
    func knockoutResultNeedsTeams() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind {
                try tournament.results.recordResult(match: "25", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            }
                == .invalidResult(
                    "the teams of match 25 (1A v 2B) are not known yet: 1A: group A is not complete; 2B: group B is not complete")
        )
        #expect(!tournament.hasChanges)
        let fixture = try EuroFixture.load(2012)
        try tournament.record(fixture, matches: 1...24)
        try tournament.save()
        #expect(
            plannerKind {
                try tournament.results.recordResult(match: "29", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            }
                == .invalidResult(
                    "the teams of match 29 (W25 v W27) are not known yet: W25: match 25 has no result; W27: match 27 has no result"
                ))
        #expect(!tournament.hasChanges)
    }

    @Test("A corrected group result moves a team, clears the result other teams play now, keeps the later ones waiting")
    func groupCorrectionMovesATeam() throws {
        let (test, fixture) = try Self.played()
        let tournament = test.tournament
        // Greece beat Russia 1:0 on the last matchday; a draw would have put Russia second.
        let greeceRussia = try #require(fixture.matches.first { $0.home == "Greece" && $0.away == "Russia" }).matchNumber
        let update = try tournament.results.recordResult(
            match: String(greeceRussia), home: 0, away: 0, afterExtraTime: false, penalties: nil
        ).bracket
        #expect(
            update.lines == [
                "match 26 away: GRE → RUS", "match 26 winner: GER → ?", "match 30 home: GER → ?", "match 30 winner: ITA → ?",
                "match 31 away: ITA → ?", "match 31 winner: ESP → ?",
                "match 30 (GER-ITA 1:2) waits: it counts again once GER and ITA play it again",
                "match 31 (ESP-ITA 4:0) waits: it counts again once ESP and ITA play it again",
                "cleared the result of match 26 (GER-GRE 4:2): other teams play it now",
            ])
        let quarterFinal = try tournament.lookup.match("26")
        #expect(quarterFinal.homeTeam?.code == "GER" && quarterFinal.awayTeam?.code == "RUS")
        #expect(!quarterFinal.isPlayed)
        #expect(
            try tournament.lookup.match("29").resultText == "0:0 aet, 2:4 pens", "the other half of the bracket keeps its results"
        )
        #expect(try tournament.knockout.waitingMatches().map(tournament.lookup.matchID).sorted() == [30, 31])
        let next = try tournament.results.recordResult(match: "26", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            .bracket
        #expect(
            next.lines == [
                "match 26 winner: ? → GER", "match 30 home: ? → GER", "match 30 winner: ? → ITA", "match 31 away: ? → ITA",
                "match 31 winner: ? → ESP", "match 30 (GER-ITA 1:2) counts again: its teams are back",
                "match 31 (ESP-ITA 4:0) counts again: its teams are back",
            ])
        #expect(try tournament.knockout.waitingMatches().isEmpty)
    }

    @Test("A correction that leaves every team in place keeps the later results")
    func correctionKeepingTeams() throws {
        let (test, fixture) = try Self.played()
        let greeceRussia = try #require(fixture.matches.first { $0.home == "Greece" && $0.away == "Russia" }).matchNumber
        let update = try test.tournament.results.recordResult(
            match: String(greeceRussia), home: 2, away: 0, afterExtraTime: false, penalties: nil
        ).bracket
        #expect(update.isEmpty)
        #expect(try test.tournament.lookup.match("31").resultText == "4:0")
    }

    @Test("A corrected knockout result moves its winner on")
    func knockoutCorrectionMovesTheWinner() throws {
        let (test, _) = try Self.played()
        let update = try test.tournament.results.recordResult(
            match: "25", home: 1, away: 0, afterExtraTime: false, penalties: nil
        )
        .bracket
        #expect(
            update.lines == [
                "match 25 winner: POR → CZE", "match 29 home: POR → CZE", "match 29 winner: ESP → ?", "match 31 home: ESP → ?",
                "match 31 winner: ESP → ?",
                "match 31 (ESP-ITA 4:0) waits: it counts again once ESP and ITA play it again",
                "cleared the result of match 29 (POR-ESP 0:0 aet, 2:4 pens): other teams play it now",
            ])
        #expect(try test.tournament.lookup.match("29").homeTeam?.code == "CZE")
    }

    @Test(
        "A correction that puts other teams into a knockout match deletes its goals and cards with its result, and says so; later matches keep theirs, waiting",
        arguments: StoreKind.allCases)
    func correctionDeletesEvents(kind: StoreKind) throws {
        let (test, fixture) = try Self.played(kind)
        let tournament = test.tournament
        try tournament.results.recordGoal(match: "26", team: "GER", number: 16, minute: 39)
        try tournament.results.recordGoal(match: "27", team: "ESP", number: 14, minute: 19)
        try tournament.results.recordGoal(match: "31", team: "ESP", number: 21, minute: 14)
        try tournament.results.recordGoal(match: "31", team: "ESP", number: 18, minute: 41)
        try tournament.results.recordCard(match: "31", team: "ITA", holder: .player(number: 3), kind: .yellow, minute: 45)
        try tournament.save()
        let greeceRussia = try #require(fixture.matches.first { $0.home == "Greece" && $0.away == "Russia" }).matchNumber
        let update = try tournament.results.recordResult(
            match: String(greeceRussia), home: 0, away: 0, afterExtraTime: false, penalties: nil
        ).bracket
        #expect(
            update.clearedResults.map(\.description) == [
                "cleared the result of match 26 (GER-GRE 4:2) and removed 1 goal: other teams play it now"
            ])
        try tournament.save()
        let reader = try test.reopened()
        #expect(reader.results.events(in: try reader.lookup.match("26")).isEmpty)
        #expect(reader.results.events(in: try reader.lookup.match("31")).count == 3, "a waiting match keeps its goals and cards")
        #expect(
            try reader.context.fetch(Goal.fetchRequest()).compactMap { $0.match.map(reader.lookup.matchID) }.sorted() == [
                27, 31, 31,
            ])
        #expect(try reader.reports.scorers().map { $0.player.team?.code } == ["ESP"], "only match 27's goal counts")
        #expect(try reader.reports.cardStatistics().isEmpty && reader.reports.suspensions().isEmpty)
    }

    @Test("A knockout match loses its result and cards when its teams change, and says so")
    func teamChangeDeletesCards() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let fixture = try EuroFixture.load(2012)
        try tournament.record(fixture, matches: 1...29)
        try tournament.results.recordCard(match: "29", team: "POR", holder: .player(number: 3), kind: .yellow, minute: 30)
        try tournament.results.recordCard(
            match: "29", team: "ESP", holder: .official(name: "Vicente del Bosque"), kind: .yellow, minute: nil)
        try tournament.save()
        let update = try tournament.results.recordResult(match: "25", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            .bracket
        #expect(
            update.lines == [
                "match 25 winner: POR → CZE", "match 29 home: POR → CZE", "match 29 winner: ESP → ?", "match 31 home: ESP → ?",
                "cleared the result of match 29 (POR-ESP 0:0 aet, 2:4 pens) and removed 2 cards: other teams play it now",
            ])
        #expect(try tournament.lookup.match("29").cards.isEmpty)
        #expect(try tournament.knockout.fillBracket().isEmpty)
    }

    @Test(
        "A knockout result whose teams become unknown waits, with its goals and cards, and counts again when they are back",
        arguments: StoreKind.allCases)
    func resultWaitsForItsTeams(kind: StoreKind) throws {
        let (test, fixture) = try Self.played(kind)
        let tournament = test.tournament
        try tournament.results.recordGoal(match: "31", team: "ESP", number: 21, minute: 14)
        try tournament.results.recordCard(match: "31", team: "ITA", holder: .player(number: 3), kind: .red, minute: 60)
        try tournament.save()
        let cleared = try tournament.results.clearResult(match: "1").bracket
        #expect(cleared.clearedResults.isEmpty)
        #expect(cleared.waitingResults.map(\.match) == [25, 26, 29, 30, 31])
        #expect(cleared.waitingResults.allSatisfy { !$0.countsAgain })
        try tournament.save()
        let reader = try test.reopened()
        #expect(try reader.knockout.waitingMatches().map(reader.lookup.matchID).sorted() == [25, 26, 29, 30, 31])
        let final = try reader.lookup.match("31")
        #expect(final.resultText == "4:0" && final.homeTeam?.code == "ESP" && final.awayTeam?.code == "ITA")
        #expect(reader.results.events(in: final).count == 2)
        #expect(try reader.knockout.bracket()[match: 31]?.winner.team == nil, "a waiting result does not count in the bracket")
        #expect(
            try reader.reports.scorers().isEmpty && reader.reports.cardStatistics().isEmpty
                && reader.reports.suspensions().isEmpty)
        #expect(
            plannerKind { try reader.results.recordResult(match: "31", home: 1, away: 0, afterExtraTime: false, penalties: nil) }
                == .invalidResult(
                    "the teams of match 31 (W29 v W30) are not known yet: W29: the teams of match 29 are not known yet; "
                        + "W30: the teams of match 30 are not known yet; it keeps the result ESP-ITA 4:0 until they are"))
        let back = try reader.record(fixture, matches: [1])
        #expect(back.last?.waitingResults.map(\.match) == [25, 26, 29, 30, 31])
        #expect(back.last?.waitingResults.allSatisfy(\.countsAgain) == true)
        #expect(try reader.knockout.waitingMatches().isEmpty)
        #expect(try reader.knockout.bracket()[match: 31]?.winner.team == "ESP")
        #expect(try reader.reports.scorers().map { $0.player.number } == [21])
        #expect(try reader.reports.suspensions().count == 1)
    }

    @Test("Clearing a group result empties the slots it decided")
    func clearingEmptiesSlots() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let fixture = try EuroFixture.load(2012)
        try tournament.record(fixture, matches: Self.groupMatches(fixture, "A"))
        let cleared = try tournament.results.clearResult(match: "1")
        #expect(cleared.bracket.lines == ["match 25 home: CZE → ?", "match 26 away: GRE → ?"])
        #expect(try tournament.lookup.match("25").homeTeam == nil)
    }

    @Test("A setup with slots and no teams reads, writes and seeds; the export keeps slots and rule set")
    func slotsRoundTrip() throws {
        var setup = smallSetup()
        setup.ruleSet = "euro2012"
        setup.matches[2].home = nil
        setup.matches[2].away = nil
        setup.matches[2].homeSlot = "1A"
        setup.matches[2].awaySlot = "1B"
        let read = try SetupData(plist: setup.plistData(), source: "slots.plist")
        #expect(read == setup)
        let test = try TestTournament.seeded(.inMemory, from: read)
        #expect(try test.tournament.interchange.exportSetup() == setup)
        #expect(try test.tournament.lookup.match("3").homeTeam == nil)
    }
}
