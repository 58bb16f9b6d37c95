import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Squad, coach and team edits: each happy path and each refusal, which changes nothing.
@Suite("Editing")
struct EditingTests {
    @Test("Adding a player puts him in the squad; saving keeps him", arguments: StoreKind.allCases)
    func addPlayer(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.squads.removePlayer(team: "GER", number: 19)
        let player = try tournament.squads.addPlayer(
            team: "ger", givenname: "Mario", name: " Götze ", number: 19, position: "mf", club: "Borussia Dortmund",
            born: "1992-06-03"
        ).object
        #expect(player.team?.code == "GER")
        #expect(player.name == "Götze")
        #expect(player.position == "MF")
        #expect(player.bornDay == "1992-06-03")
        try tournament.save()
        let reader = try test.reopened()
        let saved = try reader.squads.player(team: "GER", number: 19)
        #expect(saved.givenname == "Mario")
        #expect(saved.club == "Borussia Dortmund")
        #expect(saved.bornDay == "1992-06-03")
    }

    @Test(
        "Adding a player is refused for each bad input and changes nothing",
        arguments: [
            ("Atlantis", 19, "MF", "Name", nil, PlannerError.Kind.unknownTeam("Atlantis")),
            ("GER", 13, "MF", "Name", nil, .duplicateShirtNumber(team: "Deutschland", number: 13)),
            ("GER", 0, "MF", "Name", nil, .shirtNumberOutOfRange(0, allowed: 1...23)),
            ("GER", 100, "MF", "Name", nil, .shirtNumberOutOfRange(100, allowed: 1...23)),
            ("GER", 19, "ST", "Name", nil, .invalidPosition("ST")),
            ("GER", 19, "MF", " ", nil, .emptyName(field: "name")),
            ("GER", 19, "MF", "Name", "1992-13-01", .invalidDate("1992-13-01", expected: "a date as YYYY-MM-DD")),
            ("GER", 19, "MF", "Name", "3.6.1992", .invalidDate("3.6.1992", expected: "a date as YYYY-MM-DD")),
        ] as [(String, Int, String, String, String?, PlannerError.Kind)])
    func addPlayerRefusals(team: String, number: Int, position: String, name: String, born: String?, expected: PlannerError.Kind)
        throws
    {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.squads.removePlayer(team: "GER", number: 19)
        try tournament.save()
        #expect(
            plannerKind {
                try tournament.squads.addPlayer(
                    team: team, givenname: nil, name: name, number: number, position: position, club: nil, born: born)
            } == expected)
        #expect(!tournament.hasChanges)
        #expect(!PlannerError(expected).description.contains("\n"))
    }

    @Test("Removing a player deletes him; an unknown number is refused", arguments: StoreKind.allCases)
    func removePlayer(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.squads.removePlayer(team: "GER", number: 19)
        #expect(
            plannerKind { try test.tournament.squads.removePlayer(team: "GER", number: 19) }
                == .noSuchPlayer(team: "Deutschland", number: 19))
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.players(team: "GER").count == 22)
        #expect(try reader.lookup.players().count == 367)
        #expect(
            plannerKind { _ = try reader.squads.player(team: "GER", number: 19) }
                == .noSuchPlayer(team: "Deutschland", number: 19))
    }

    @Test("Updating a player changes only what is given; double optionals clear", arguments: StoreKind.allCases)
    func updatePlayer(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.squads.removePlayer(team: "GER", number: 19)
        let before = try tournament.squads.player(team: "GER", number: 13)
        let name = before.name
        var changes = PlayerChanges()
        changes.number = 19
        changes.club = .some(nil)
        changes.givenname = "Thomas"
        changes.born = "1989-09-13"
        changes.position = "fw"
        let after = try tournament.squads.updatePlayer(team: "GER", number: 13, changes: changes).object
        #expect(after === before)
        try tournament.save()
        let reader = try test.reopened()
        let saved = try reader.squads.player(team: "GER", number: 19)
        #expect(saved.name == name)
        #expect(saved.club == nil)
        #expect(saved.givenname == "Thomas")
        #expect(saved.bornDay == "1989-09-13")
        #expect(saved.position == "FW")
        #expect(PlayerChanges().isEmpty)
        #expect(!changes.isEmpty)
    }

    @Test("Moving a player to another team keeps his number if free there", arguments: StoreKind.allCases)
    func movePlayer(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        #expect(
            plannerKind { try tournament.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(team: "POR")) }
                == .squadFull(team: "Portugal", maximum: 23))
        try tournament.squads.removePlayer(team: "POR", number: 23)
        #expect(
            plannerKind { try tournament.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(team: "POR")) }
                == .duplicateShirtNumber(team: "Portugal", number: 13))
        try tournament.squads.updatePlayer(team: "GER", number: 13, changes: PlayerChanges(number: 23, team: "POR"))
        try tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.players(team: "GER").count == 22)
        #expect(try reader.lookup.players(team: "POR").count == 23)
        #expect(try reader.squads.player(team: "POR", number: 23).team?.code == "POR")
    }

    @Test(
        "Updating a player is refused for each bad input and changes nothing",
        arguments: [
            (13, PlayerChanges(number: 19), PlannerError.Kind.duplicateShirtNumber(team: "Deutschland", number: 19)),
            (13, PlayerChanges(number: 100), .shirtNumberOutOfRange(100, allowed: 1...23)),
            (13, PlayerChanges(position: "keeper"), .invalidPosition("keeper")),
            (13, PlayerChanges(name: ""), .emptyName(field: "name")),
            (13, PlayerChanges(born: "yesterday"), .invalidDate("yesterday", expected: "a date as YYYY-MM-DD")),
            (13, PlayerChanges(team: "Atlantis"), .unknownTeam("Atlantis")),
            (42, PlayerChanges(name: "X"), .noSuchPlayer(team: "Deutschland", number: 42)),
        ])
    func updatePlayerRefusals(number: Int, changes: PlayerChanges, expected: PlannerError.Kind) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { try tournament.squads.updatePlayer(team: "GER", number: number, changes: changes) } == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("An unsaved new player's number is taken; a removed player's number is free", arguments: StoreKind.allCases)
    func numbersFollowUnsavedChanges(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        try tournament.squads.removePlayer(team: "GER", number: 19)
        try tournament.squads.removePlayer(team: "GER", number: 20)
        try tournament.squads.addPlayer(
            team: "GER", givenname: nil, name: "Eins", number: 19, position: "DF", club: nil, born: nil)
        #expect(
            plannerKind {
                try tournament.squads.addPlayer(
                    team: "GER", givenname: nil, name: "Zwei", number: 19, position: "DF", club: nil, born: nil)
            } == .duplicateShirtNumber(team: "Deutschland", number: 19))
        try tournament.squads.removePlayer(team: "GER", number: 1)
        try tournament.squads.addPlayer(
            team: "GER", givenname: nil, name: "Drei", number: 1, position: "GK", club: nil, born: nil)
        try tournament.save()
        #expect(try tournament.squads.player(team: "GER", number: 1).name == "Drei")
        #expect(try tournament.lookup.players(team: "GER").count == 22)
    }

    @Test("Keeping one's own number is not a duplicate")
    func sameNumberIsFine() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let player = try tournament.squads.updatePlayer(
            team: "GER", number: 13, changes: PlayerChanges(number: 13, club: "FC Bayern"))
        #expect(player.club == "FC Bayern")
    }

    @Test("Setting a coach replaces (deletes) the old one", arguments: StoreKind.allCases)
    func setCoach(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let old = try #require(test.tournament.lookup.team("GER").coach)
        try test.tournament.squads.setCoach(team: "GER", givenname: "Hansi", name: "Flick")
        #expect(old.isDeleted)
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.team("GER").coach?.name == "Flick")
        #expect(try reader.lookup.coaches().count == 16)
        #expect(
            plannerKind { try reader.squads.setCoach(team: "GER", givenname: nil, name: "") } == .emptyName(field: "coach name"))
        #expect(plannerKind { try reader.squads.setCoach(team: "XXX", givenname: nil, name: "A") } == .unknownTeam("XXX"))
        #expect(!reader.hasChanges)
    }

    @Test("Adding a team, with or without a group", arguments: StoreKind.allCases)
    func addTeam(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let team = try test.tournament.structure.addTeam(name: "Österreich", englishName: "Austria", code: "aut", group: "a")
        #expect(team.code == "AUT")
        try test.tournament.structure.addTeam(name: "Schweiz", englishName: nil, code: "SUI", group: nil)
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.team("austria").group?.name == "A")
        #expect(try reader.lookup.team("SUI").group == nil)
        #expect(try reader.lookup.teams().count == 18)
        #expect(try reader.lookup.teams(group: "A").count == 5)
    }

    @Test(
        "Adding a team is refused for each bad input and changes nothing",
        arguments: [
            ("Deutschland", nil, "DEU", nil, PlannerError.Kind.duplicateTeam("Deutschland")),
            ("Germania", "germany", "DEU", nil, .duplicateTeam("germany")),
            ("Germania", nil, "ger", nil, .duplicateTeam("GER")),
            ("Deutschlánd", nil, "DEU", nil, .duplicateTeam("Deutschlánd")),
            ("Neu", nil, "NEUE", nil, .invalidTeamCode("NEUE")),
            ("Neu", nil, "N1U", nil, .invalidTeamCode("N1U")),
            ("", nil, "NEU", nil, .emptyName(field: "team name")),
            ("Neu", nil, "NEU", "E", .unknownGroup("E")),
        ] as [(String, String?, String, String?, PlannerError.Kind)])
    func addTeamRefusals(name: String, englishName: String?, code: String, group: String?, expected: PlannerError.Kind) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind { try tournament.structure.addTeam(name: name, englishName: englishName, code: code, group: group) }
                == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("Edits are not saved until save; rollback forgets them", arguments: StoreKind.allCases)
    func editsNeedSave(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.squads.removePlayer(team: "ESP", number: 1)
        #expect(test.tournament.hasChanges)
        if kind != .inMemory {
            #expect(try test.reopened().lookup.players(team: "ESP").count == 23)
        }
        test.tournament.rollback()
        #expect(!test.tournament.hasChanges)
        #expect(try test.tournament.lookup.players(team: "ESP").count == 23)
    }
}
