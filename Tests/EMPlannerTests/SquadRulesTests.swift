import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Each edition's squad rules, enforced by the edits and by setups alike.
@Suite("Squad rules")
struct SquadRulesTests {
    /// A 2012 tournament with Germany's number 19 (a midfielder) gone, so a player can be added.
    static func roomInGermany() throws -> Tournament {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.squads.removePlayer(team: "GER", number: 19)
        try tournament.save()
        return tournament
    }

    @Test("The editions' squads: 23 players in 2012 and 2016, 26 in 2020 and 2024, number 1 a goalkeeper's")
    func editions() {
        let modern = [RuleSet.euro2012, .euro2016, .euro2020, .euro2024]
        #expect(modern.map(\.squad.maximumPlayers) == [23, 23, 26, 26])
        #expect(RuleSet.euro2024.squad.shirtNumbers == 1...26)
        #expect(modern.allSatisfy { $0.squad.goalkeeperShirts == [1] })
    }

    @Test(
        "Adding a player is refused by the squad rules and changes nothing",
        arguments: [
            (20, "MF", nil, PlannerError.Kind.squadFull(team: "Deutschland", maximum: 23)),
            (24, "MF", nil, .shirtNumberOutOfRange(24, allowed: 1...23)),
            (0, "MF", nil, .shirtNumberOutOfRange(0, allowed: 1...23)),
            (1, "DF", nil, .goalkeeperShirt(number: 1)),
            (19, "MF", "2099-01-01", .implausibleBirthDate("2099-01-01", age: -87, allowed: 15...50)),
            (19, "MF", "1899-12-31", .implausibleBirthDate("1899-12-31", age: 112, allowed: 15...50)),
            (19, "MF", "1997-06-09", .implausibleBirthDate("1997-06-09", age: 14, allowed: 15...50)),
        ] as [(Int, String, String?, PlannerError.Kind)])
    func addRefused(number: Int, position: String, born: String?, expected: PlannerError.Kind) throws {
        let tournament = try Self.roomInGermany()
        if case .squadFull = expected {
            try tournament.squads.addPlayer(
                team: "GER", givenname: nil, name: "Götze", number: 19, position: "MF", club: nil, born: nil)
            try tournament.save()
        }
        #expect(
            plannerKind {
                try tournament.squads.addPlayer(
                    team: "GER", givenname: nil, name: "Name", number: number, position: position, club: nil, born: born)
            } == expected)
        #expect(!tournament.hasChanges)
        #expect(!PlannerError(expected).description.contains("\n"))
    }

    @Test("Ages are counted on the first day: 15 on 2012-06-08 is old enough, 50 is not too old")
    func ageBounds() throws {
        let tournament = try Self.roomInGermany()
        try tournament.squads.addPlayer(
            team: "GER", givenname: nil, name: "Jung", number: 19, position: "MF", club: nil, born: "1997-06-08")
        try tournament.squads.updatePlayer(team: "GER", number: 19, changes: PlayerChanges(born: "1961-06-09"))
        #expect(
            plannerKind {
                try tournament.squads.updatePlayer(team: "GER", number: 19, changes: PlayerChanges(born: "1961-06-08"))
            }
                == .implausibleBirthDate("1961-06-08", age: 51, allowed: 15...50))
    }

    @Test(
        "Updating a player is refused by the squad rules and changes nothing",
        arguments: [
            (13, PlayerChanges(number: 24), PlannerError.Kind.shirtNumberOutOfRange(24, allowed: 1...23)),
            (1, PlayerChanges(position: "DF"), .goalkeeperShirt(number: 1)),
            (13, PlayerChanges(number: 30, team: "POR"), .squadFull(team: "Portugal", maximum: 23)),
            (13, PlayerChanges(born: "2099-01-01"), .implausibleBirthDate("2099-01-01", age: -87, allowed: 15...50)),
        ])
    func updateRefused(number: Int, changes: PlayerChanges, expected: PlannerError.Kind) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { try tournament.squads.updatePlayer(team: "GER", number: number, changes: changes) } == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("A 2024 squad takes a 26th player; the 27th is refused")
    func euro2024() throws {
        let tournament = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: false))
            .tournament
        let belgium = try tournament.lookup.team("BEL")
        #expect(belgium.players.count == 25)
        let free = (1...26).first { number in !belgium.players.contains { $0.number == Int16(number) } }!
        try tournament.squads.addPlayer(
            team: "BEL", givenname: nil, name: "Neu", number: free, position: "MF", club: nil, born: nil)
        #expect(
            plannerKind {
                try tournament.squads.addPlayer(
                    team: "BEL", givenname: nil, name: "Zu viel", number: 27, position: "MF", club: nil, born: nil)
            } == .squadFull(team: "Belgien", maximum: 26))
    }

    @Test(
        "A setup breaking the squad rules is refused with the key path",
        arguments: [
            ("number", 24, "MF", nil, "groups[0].teams[0].players[0].number", "expected an integer from 1 to 23, found 24"),
            ("gk", 1, "FW", nil, "groups[0].teams[0].players[0].number", "shirt number 1 is a goalkeeper's"),
            ("born", 5, "MF", "2099-01-01", "groups[0].teams[0].players[0].born", "implausible date of birth \"2099-01-01\""),
        ] as [(String, Int, String, String?, String, String)])
    func setupRefused(_ label: String, number: Int, position: String, born: String?, path: String, message: String) {
        var setup = smallSetup()
        setup.groups[0].teams[0].players[0] = SetupData.PlayerEntry(
            number: number, givenname: nil, name: "X", position: position, club: nil, born: born)
        do {
            try setup.validate(source: "setup")
            Issue.record("\(label): accepted")
        } catch {
            #expect(error.keyPath == path, "\(label)")
            #expect(error.message.contains(message), "\(label): \(error.message)")
        }
    }

    @Test("A setup with more players than a squad has is refused at the first one too many")
    func setupSquadTooLarge() {
        var setup = smallSetup()
        setup.groups[0].teams[0].players = (1...24).map {
            SetupData.PlayerEntry(number: $0 % 23 + 1, givenname: nil, name: "P\($0)", position: "GK", club: nil, born: nil)
        }
        do {
            try setup.validate(source: "setup")
            Issue.record("accepted")
        } catch {
            #expect(error.keyPath == "groups[0].teams[0].players[23]")
            #expect(error.message == "team \"Deutschland\" has 24 players, more than the 23 a squad has")
        }
    }

    @Test("The bundled 2012 and 2024 setups pass", arguments: [BundledTournament.euro2012, .euro2024])
    func bundledPass(tournament: BundledTournament) throws {
        try tournament.setup(withResults: true).validate(source: "bundled")
    }
}
