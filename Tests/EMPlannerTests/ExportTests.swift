import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Exporting the tournament: setup values, plists and store copies that lose nothing.
@Suite("Export")
struct ExportTests {
    /// Edits of every kind, with results, on a seeded tournament (saved).
    static func edit(_ tournament: Tournament) throws {
        // Results first, so that the knockout teams are filled in before group A gets a fifth team.
        try tournament.record(try EuroFixture.load(2012), matches: 1...28)
        try tournament.results.recordResult(match: "POL-GRE", home: 1, away: 1, afterExtraTime: false, penalties: nil)
        try tournament.results.recordResult(match: "POR-ESP", home: 0, away: 0, afterExtraTime: true, penalties: (2, 4))
        try tournament.squads.removePlayer(team: "GER", number: 19)
        try tournament.squads.addPlayer(
            team: "GER", givenname: "Mario", name: "Götze", number: 19, position: "MF", club: nil, born: "1992-06-03")
        try tournament.squads.removePlayer(team: "ESP", number: 23)
        try tournament.squads.updatePlayer(team: "POR", number: 7, changes: PlayerChanges(club: .some(nil), born: .some(nil)))
        try tournament.squads.setCoach(team: "POL", givenname: nil, name: "Fornalik")
        try tournament.structure.addTeam(name: "Österreich", englishName: "Austria", code: "AUT", group: "A")
        try tournament.structure.addTeam(name: "Schweiz", englishName: nil, code: "SUI", group: nil)
        try tournament.squads.addPlayer(
            team: "SUI", givenname: nil, name: "Sommer", number: 1, position: "GK", club: "Basel", born: nil)
        try tournament.fixtures.scheduleMatch(
            home: "AUT", away: "SUI", kickoff: "2012-07-03T20:45:00+02:00", timeZone: "Europe/Vienna",
            venue: "Ernst-Happel-Stadion", city: "Wien", group: nil, round: "semifinal")
        try tournament.save()
    }

    @Test("A freshly seeded store exports exactly the bundled setup", arguments: StoreKind.allCases)
    func exportEqualsBundled(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let reader = try test.reopened()
        let exported = try reader.interchange.exportSetup()
        let bundled = try SetupData.bundled
        #expect(exported.groups == bundled.groups)
        #expect(exported.matches == bundled.matches)
        #expect(exported == bundled)
    }

    @Test(
        "Export, write a plist, read it, seed a new store: the same tournament, edits and results included",
        arguments: StoreKind.allCases)
    func plistRoundTrip(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try Self.edit(test.tournament)
        let exported = try test.reopened().interchange.exportSetup()
        #expect(exported.ungroupedTeams.map(\.name) == ["Schweiz"])
        #expect(exported.matches.count == 32)

        let url = test.directory.file("saved.plist")
        try exported.plistData().write(to: url)
        let read = try SetupData.read(contentsOf: url)
        #expect(read == exported)

        let copy = try TestTournament(kind)
        try copy.tournament.interchange.seedIfNeeded(from: read)
        let reader = try copy.reopened()
        #expect(try reader.interchange.exportSetup() == exported)
        #expect(try reader.lookup.match("POR-ESP").resultText == "0:0 aet, 2:4 pens")
        #expect(try reader.lookup.match("POR-ESP").homeSlot == "W25")
        #expect(try reader.lookup.match("31").awayTeam == nil, "a slot still waiting stays empty")
        #expect(try reader.lookup.match("32").venue == "Ernst-Happel-Stadion")
        #expect(try reader.squads.player(team: "GER", number: 19).bornDay == "1992-06-03")
    }

    @Test("writeStore makes a new store file holding the same tournament", arguments: StoreKind.allCases)
    func writeStoreCopies(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try Self.edit(test.tournament)
        let url = test.directory.file("copy.sqlite")
        try test.tournament.interchange.writeStore(to: url)
        let copy = try Tournament(store: .file(url))
        #expect(try copy.isInitialised)
        #expect(try copy.interchange.exportSetup() == test.tournament.interchange.exportSetup())
        #expect(
            try copy.lookup.matches().map(copy.lookup.matchID)
                == test.tournament.lookup.matches().map(test.tournament.lookup.matchID))
    }

    @Test("writeStore includes unsaved changes")
    func writeStoreIncludesPendingChanges() throws {
        let test = try TestTournament.seeded(.inMemory)
        try test.tournament.squads.removePlayer(team: "GER", number: 19)
        try test.tournament.squads.addPlayer(
            team: "GER", givenname: nil, name: "Neu", number: 19, position: "DF", club: nil, born: nil)
        let url = test.directory.file("copy.sqlite")
        try test.tournament.interchange.writeStore(to: url)
        let copy = try Tournament(store: .file(url))
        #expect(try copy.squads.player(team: "GER", number: 19).name == "Neu")
    }

    @Test("writeStore refuses an existing file and leaves it alone")
    func writeStoreRefusesExistingFile() throws {
        let test = try TestTournament.seeded(.inMemory)
        let url = test.directory.file("existing.sqlite")
        try Data("keep me".utf8).write(to: url)
        #expect(plannerKind { try test.tournament.interchange.writeStore(to: url) } == .fileExists(path: url.path))
        #expect(try Data(contentsOf: url) == Data("keep me".utf8))
    }

    @Test("A file that is not a store is refused on open and left unchanged")
    func notAStore() throws {
        let directory = try TemporaryDirectory(prefix: "EMPlannerTests")
        let url = directory.file("notes.txt")
        try Data("not a database, just text that is long enough to have a header".utf8).write(to: url)
        let kind = plannerKind { _ = try Tournament(store: .file(url)) }
        guard case .storeRefused(let message) = kind else {
            Issue.record("expected storeRefused, got \(String(describing: kind))")
            return
        }
        #expect(!message.contains("\n"))
        #expect(try Data(contentsOf: url) == Data("not a database, just text that is long enough to have a header".utf8))
    }
}
