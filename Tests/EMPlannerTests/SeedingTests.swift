import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import EMPlanner

/// Seeding a store from a setup: once, in one save, never over a user's tournament.
@Suite("Seeding")
struct SeedingTests {
    @Test(
        "Seeding the bundled setup gives 4 groups, 16 teams, 368 players, 16 coaches, 31 matches", arguments: StoreKind.allCases)
    func seedsTheBundledTournament(kind: StoreKind) throws {
        let test = try TestTournament(kind)
        let tournament = test.tournament
        #expect(try !tournament.isInitialised)
        #expect(try tournament.interchange.seedIfNeeded())
        #expect(!tournament.hasChanges)
        let reader = try test.reopened()
        #expect(try reader.isInitialised)
        #expect(try reader.lookup.groups().count == 4)
        #expect(try reader.lookup.teams().count == 16)
        #expect(try reader.lookup.players().count == 368)
        #expect(try reader.lookup.coaches().count == 16)
        #expect(try reader.lookup.matches().count == 31)
        #expect(try reader.title == "UEFA EURO 2012")
        #expect(try reader.lookup.matches(where: "round == \"group\"").count == 24)
    }

    @Test("A tournament whose teams were all removed is still one: it is not seeded again", arguments: StoreKind.allCases)
    func tournamentWithoutTeamsIsNotSeededAgain(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        for match in try tournament.lookup.matches() { tournament.context.delete(match) }
        for team in try tournament.lookup.teams() { tournament.context.delete(team) }
        try tournament.save()
        let reader = try test.reopened()
        #expect(try reader.isInitialised)
        #expect(try !reader.interchange.seedIfNeeded())
        #expect(try reader.lookup.teams().isEmpty && reader.title == "UEFA EURO 2012")
    }

    @Test("Every team of the bundled setup has a full squad of 23 and a coach")
    func squadsAreComplete() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        for team in try tournament.lookup.teams() {
            #expect(team.players.count == 23, "\(team.name ?? "")")
            #expect(team.coach != nil, "\(team.name ?? "")")
        }
    }

    @Test("Seeding twice does not duplicate anything", arguments: StoreKind.allCases)
    func seedingTwiceDoesNotDuplicate(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        #expect(try !test.tournament.interchange.seedIfNeeded())
        let reader = try test.reopened()
        #expect(try !reader.interchange.seedIfNeeded())
        #expect(try reader.lookup.teams().count == 16)
        #expect(try reader.lookup.players().count == 368)
        #expect(try reader.lookup.matches().count == 31)
    }

    @Test("A tournament without Germany is still recognised as initialised")
    func customSetupWithoutGermanyIsNotSeededTwice() throws {
        var setup = smallSetup()
        setup.groups[0].teams[0].name = "Germania"
        setup.matches[0].home = "Germania"
        setup.matches[2].home = "Germania"
        let test = try TestTournament.seeded(.inMemory, from: setup)
        #expect(try test.tournament.isInitialised)
        #expect(try !test.tournament.interchange.seedIfNeeded(from: setup))
        #expect(try test.tournament.lookup.teams().count == 4)
    }

    @Test("A store edited by users is never overwritten by seeding", arguments: StoreKind.allCases)
    func editedStoreIsNeverOverwritten(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.squads.removePlayer(team: "GER", number: 19)
        try test.tournament.squads.addPlayer(
            team: "GER", givenname: "Mario", name: "Götze", number: 19, position: "MF", club: nil, born: nil)
        try test.tournament.squads.setCoach(team: "POL", givenname: nil, name: "Nobody")
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try !reader.interchange.seedIfNeeded())
        #expect(try reader.squads.player(team: "GER", number: 19).name == "Götze")
        #expect(try reader.lookup.team("POL").coach?.name == "Nobody")
        #expect(try reader.lookup.players().count == 368)
    }

    @Test("Seeding an initialised store explicitly is refused")
    func explicitSeedOfInitialisedStoreIsRefused() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { try tournament.interchange.seed(from: smallSetup()) } == .alreadyInitialised)
        #expect(try tournament.lookup.teams().count == 16)
    }

    @Test("Erasing empties the store; seeding again works and numbers matches from 1", arguments: StoreKind.allCases)
    func eraseAllAndSeedAgain(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.interchange.eraseAll()
        #expect(try !tournament.isInitialised)
        for count in [
            try tournament.lookup.groups().count, try tournament.lookup.teams().count, try tournament.lookup.players().count,
            try tournament.lookup.coaches().count, try tournament.lookup.matches().count,
        ] {
            #expect(count == 0)
        }
        #expect(try tournament.title == nil)
        #expect(try tournament.interchange.seedIfNeeded(from: smallSetup()))
        let reader = try test.reopened()
        #expect(try reader.lookup.teams().count == 4)
        #expect(try reader.title == "Mini Cup")
        #expect(try reader.lookup.matches().map(reader.lookup.matchID) == [1, 2, 3])
    }

    @Test("A failing seed leaves the store untouched and the context clean", arguments: StoreKind.allCases)
    func failedSeedChangesNothing(kind: StoreKind) throws {
        let test = try TestTournament(kind)
        var setup = smallSetup()
        setup.matches[1].away = "Atlantis"
        #expect(throws: SetupError.self) { try test.tournament.interchange.seedIfNeeded(from: setup) }
        #expect(!test.tournament.hasChanges)
        let reader = try test.reopened()
        #expect(try !reader.isInitialised)
        #expect(try reader.lookup.groups().isEmpty)
        #expect(try reader.lookup.players().isEmpty)
        #expect(try reader.lookup.matches().isEmpty)
    }

    @Test("Seeding names the key path of the culprit when given inconsistent values")
    func seedValidatesValues() throws {
        var setup = smallSetup()
        setup.groups[1].teams[1].players[0].position = "ST"
        let tournament = try TestTournament(.inMemory).tournament
        #expect(
            throws: SetupError(
                source: "setup", keyPath: "groups[1].teams[1].players[0].position",
                message: "expected GK, DF, MF or FW, found \"ST\"")
        ) {
            try tournament.interchange.seed(from: setup)
        }
    }

    @Test("Seeded matches keep kick-off, zone, venue, round and group")
    func matchesAreSeededCompletely() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let opener = try tournament.lookup.match("1")
        #expect(opener.homeTeam?.name == "Polen")
        #expect(opener.awayTeam?.name == "Griechenland")
        #expect(opener.kickoff == KickoffFormat.parse("2012-06-08T16:00:00Z")?.0)
        #expect(opener.timeZone == "Europe/Warsaw")
        #expect(opener.venue == "National Stadium (Stadion Narodowy)")
        #expect(opener.city == "Warsaw")
        #expect(opener.round == "group")
        #expect(opener.group?.name == "A")
        #expect(!opener.isPlayed)
        let final = try tournament.lookup.match("31")
        #expect(final.round == "final")
        #expect(final.group == nil)
    }
}
