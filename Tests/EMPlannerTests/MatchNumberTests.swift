import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Match numbers are kept in the store: seeding numbers 1, 2, ..., removing renumbers nothing,
/// a new match gets the next number, and replacing the tournament numbers from 1 again.
@Suite("Match numbers")
struct MatchNumberTests {
    @Test("Replacing the tournament numbers its matches from 1 again", arguments: StoreKind.allCases)
    func replaceKeepsNumbers(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.interchange.replace(with: .bundled)
        let reader = try test.reopened()
        #expect(try reader.lookup.matches().map(reader.lookup.matchID).sorted() == Array(1...31))
        #expect(try reader.lookup.match("1").pairing == "POL-GRE")
        #expect(try reader.knockout.bracketMatches().map(\.number) == Array(25...31))
    }

    @Test("Removing a match renumbers no other; a new match gets the next number", arguments: StoreKind.allCases)
    func removalKeepsNumbers(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        let before = try tournament.lookup.matches().map { (tournament.lookup.matchID($0), $0.pairing) }
        try tournament.fixtures.removeMatch("5", force: false)
        try tournament.save()
        let reader = try test.reopened()
        let after = try reader.lookup.matches().map { (reader.lookup.matchID($0), $0.pairing) }
        #expect(after.map(\.0) == before.map(\.0).filter { $0 != 5 })
        #expect(after.map(\.1) == before.filter { $0.0 != 5 }.map(\.1))
        #expect(try reader.knockout.bracketMatches().map(\.number) == Array(25...31), "W25 still names match 25")
        let new = try reader.fixtures.scheduleMatch(
            home: "GER", away: "ESP", kickoff: "2012-07-05T20:45:00+02:00", timeZone: nil, venue: "A", city: "X",
            group: nil, round: "semifinal"
        ).object
        #expect(reader.lookup.matchID(new) == 32)
        try reader.fixtures.removeMatch("31", force: false)
        #expect(try reader.lookup.nextMatchNumber() == 33, "the highest number left is 32")
    }

    @Test("The number of a removed match, the highest one too, is never given again", arguments: StoreKind.allCases)
    func removedNumberNeverReused(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.fixtures.removeMatch("31", force: false)
        try tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.nextMatchNumber() == 32)
        let new = try reader.fixtures.scheduleMatch(
            home: "GER", away: "ESP", kickoff: "2012-07-05T20:45:00+02:00", timeZone: nil, venue: "A", city: "X",
            group: nil, round: "semifinal"
        ).object
        #expect(reader.lookup.matchID(new) == 32)
        try reader.fixtures.removeMatch("32", force: false)
        try reader.save()
        #expect(try test.reopened().lookup.nextMatchNumber() == 33)
    }
}
