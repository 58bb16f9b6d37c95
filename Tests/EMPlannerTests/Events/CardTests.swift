import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Recording and removing cards by the laws of the game.
@Suite("Cards")
struct CardTests {
    @Test("Cards to players and officials are recorded with their kind and minute")
    func recorded() throws {
        let tournament = try GroupCSetup.tournament().tournament
        let yellow = try tournament.results.recordCard(
            match: "1", team: "SVN", holder: .player(number: 2), kind: .yellow, minute: 30
        )
        .card
        let second = try tournament.results.recordCard(
            match: "1", team: "SVN", holder: .player(number: 2), kind: .secondYellow, minute: 80
        ).card
        let official = try tournament.results.recordCard(
            match: "1", team: "SVN", holder: .official(name: " Matjaž Kek "), kind: .yellow, minute: nil
        ).card
        #expect(yellow.kind == "yellow" && second.kind == "secondYellow" && second.minute == 80)
        #expect(official.player == nil && official.official == "Matjaž Kek" && official.team?.code == "SVN")
        try tournament.save()
        let events = try tournament.results.events(in: tournament.lookup.match("1"))
        #expect(events.map(\.minute) == [30, 80, nil])
        let tally = try tournament.reports.cardStatistics()
        #expect(
            tally.map { "\($0.player?.number.map(String.init) ?? $0.official!) \($0.yellow) \($0.secondYellow) \($0.red)" } == [
                "2 1 1 0", "Matjaž Kek 1 0 0",
            ])
    }

    @Test(
        "Refused cards change nothing",
        arguments: [
            (
                "1", "ENG", CardHolder.player(number: 2), CardKind.yellow, 10 as Int?,
                PlannerError.Kind.teamNotInMatch(team: "England", match: 1)
            ),
            ("1", "SVN", .player(number: 9), .yellow, 10, .noSuchPlayer(team: "Slowenien", number: 9)),
            ("1", "SVN", .official(name: " "), .yellow, 10, .emptyName(field: "the official's name")),
            ("1", "SVN", .player(number: 2), .yellow, 131, .minuteOutOfRange(131)),
            ("7", "ENG", .player(number: 2), .yellow, 10, .matchNotPlayed(match: 7)),
            (
                "1", "SVN", .player(number: 3), .secondYellow, 50,
                .invalidCard("a second yellow card for Slowenien player 3 needs a first yellow card in match 1")
            ),
            (
                "1", "SVN", .player(number: 2), .yellow, 50,
                .invalidCard("Slowenien player 2 has a yellow card in match 1 already: record the next as a second yellow")
            ),
            (
                "1", "SVN", .player(number: 2), .secondYellow, 20,
                .invalidCard("Slowenien player 2's second yellow card in minute 20 comes before his yellow card in minute 30")
            ),
            (
                "1", "SVN", .player(number: 4), .red, 60,
                .invalidCard("Slowenien player 4 was sent off in match 1 already (red card)")
            ),
            (
                "1", "SVN", .player(number: 4), .yellow, 70,
                .invalidCard("Slowenien player 4 was sent off in match 1 already (red card)")
            ),
            (
                "1", "SVN", .official(name: "matjaž kek"), .red, 70,
                .invalidCard("Slowenien official \"matjaž kek\" was sent off in match 1 already (red card)")
            ),
            (
                "3", "SVN", .player(number: 4), .yellow, 10,
                .suspended(person: "Slowenien player 4", match: 3, reason: "red card in match 1")
            ),
        ])
    func refused(
        _ match: String, _ team: String, _ holder: CardHolder, _ kind: CardKind, _ minute: Int?, _ error: PlannerError.Kind
    ) throws {
        let tournament = try GroupCSetup.tournament().tournament
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .yellow, minute: 30)
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .player(number: 4), kind: .red, minute: 50)
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .official(name: "Matjaž Kek"), kind: .red, minute: 55)
        try tournament.save()
        #expect(
            plannerKind {
                try tournament.results.recordCard(match: match, team: team, holder: holder, kind: kind, minute: minute)
            }
                == error)
        #expect(!tournament.hasChanges)
    }

    @Test("A yellow then a direct red is two cards; a suspended player cannot score either")
    func yellowThenRed() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try tournament.results.recordCard(match: "1", team: "DEN", holder: .player(number: 5), kind: .yellow, minute: 10)
        try tournament.results.recordCard(match: "1", team: "DEN", holder: .player(number: 5), kind: .red, minute: 20)
        #expect(
            plannerKind { try tournament.results.recordGoal(match: "DEN-ENG", team: "DEN", number: 5, minute: 34) }
                == .suspended(person: "Dänemark player 5", match: 4, reason: "red card in match 1"))
    }

    @Test("A card is removed by holder and kind; a first yellow stays while its second yellow does")
    func remove() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .yellow, minute: 30)
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .secondYellow, minute: 80)
        try tournament.save()
        #expect(
            plannerKind { try tournament.results.removeCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .yellow) }
                == .invalidCard("Slowenien player 2's second yellow card in match 1 needs this one: remove it first"))
        #expect(
            plannerKind { try tournament.results.removeCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .red) }
                == .noSuchEvent("match 1 has no red card for Slowenien player 2"))
        try tournament.results.removeCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .secondYellow)
        try tournament.results.removeCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .yellow)
        try tournament.save()
        #expect(try tournament.context.fetch(Card.fetchRequest()).isEmpty)
    }

    @Test("A card in a knockout match whose opponent is not known yet is refused, naming the missing opponent")
    func opponentNotKnown() throws {
        let tournament = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: false))
            .tournament
        let fixture = try EuroFixture.load(2024)
        try tournament.record(fixture, matches: fixture.matches.filter { $0.group == "A" }.map(\.matchNumber))
        try tournament.save()
        #expect(try tournament.lookup.match("37").homeTeam?.code == "GER")
        #expect(
            plannerKind {
                try tournament.results.recordCard(match: "37", team: "GER", holder: .player(number: 2), kind: .yellow, minute: 10)
            } == .teamsNotKnown(team: "Deutschland", match: 37, awaitsOpponent: true))
        #expect(
            plannerKind {
                try tournament.results.recordCard(match: "45", team: "GER", holder: .player(number: 2), kind: .yellow, minute: 10)
            } == .teamsNotKnown(team: "Deutschland", match: 45, awaitsOpponent: false))
        #expect(!tournament.context.hasChanges)
    }
}
