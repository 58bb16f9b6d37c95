import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Finding teams, groups and matches from what users type.
@Suite("Look-ups")
struct LookupTests {
    static let germanyReferences = [
        "GER", "ger", "Ger", "Deutschland", "DEUTSCHLAND", "deutschland", "Germany", "germany", " GER ",
    ]

    @Test("A team is found by German name, English name or FIFA code in any case", arguments: germanyReferences)
    func teamByAnyName(reference: String) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(try tournament.lookup.team(reference).code == "GER")
    }

    @Test("Team look-ups ignore diacritics", arguments: StoreKind.allCases)
    func teamIgnoresDiacritics(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind, from: smallSetup()).tournament
        #expect(try tournament.lookup.team("Osterreich").code == "AUT")
        #expect(try tournament.lookup.team("ÖSTERREICH").code == "AUT")
        #expect(try tournament.lookup.team("austria").code == "AUT")
    }

    @Test(
        "The bundled teams are found by their German names",
        arguments: [
            ("Polen", "POL"), ("Griechenland", "GRE"), ("Russland", "RUS"), ("Tschechien", "CZE"), ("Niederlande", "NED"),
            ("Dänemark", "DEN"), ("Portugal", "POR"), ("Spanien", "ESP"), ("Italien", "ITA"), ("Irland", "IRL"),
            ("Kroatien", "CRO"), ("Ukraine", "UKR"), ("Schweden", "SWE"), ("Frankreich", "FRA"), ("England", "ENG"),
        ])
    func bundledGermanNames(name: String, code: String) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(try tournament.lookup.team(name).code == code)
    }

    @Test("An unknown team is refused, quoting the reference")
    func unknownTeam() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { _ = try tournament.lookup.team("Atlantis") } == .unknownTeam("Atlantis"))
        #expect(plannerKind { _ = try tournament.lookup.team("") } == .unknownTeam(""))
        #expect(
            PlannerError(.unknownTeam("Atlantis")).description
                == "unknown team \"Atlantis\": give a German name, English name, FIFA code or alias")
    }

    @Test(
        "An unknown team suggests the teams whose names or codes are close",
        arguments: [
            ("Deutschlnd", ["Deutschland (GER)"]), ("Czech", ["Tschechien (CZE)"]), ("Portgual", ["Portugal (POR)"]),
            ("GRR", ["Deutschland (GER)", "Griechenland (GRE)"]), ("Atlantis", []),
        ])
    func unknownTeamSuggestions(reference: String, expected: [String]) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let error = plannerError { _ = try tournament.lookup.team(reference) }
        #expect(error?.kind == .unknownTeam(reference))
        #expect(error?.suggestions == expected)
        if expected == ["Deutschland (GER)"] {
            #expect(error?.description == "unknown team \"Deutschlnd\": did you mean Deutschland (GER)?")
        }
    }

    @Test(
        "An unknown pairing suggests the match the other way round or with the closest names",
        arguments: [("RUS-POL", "match 10 POL-RUS"), ("GER-Portugl", "match 4 GER-POR"), ("Tchechien-GRE", "match 9 GRE-CZE")])
    func unknownMatchSuggestions(reference: String, expected: String) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let error = plannerError { _ = try tournament.lookup.match(reference) }
        #expect(error?.kind == .unknownMatch(reference))
        #expect(error?.suggestions == [expected])
        #expect(error?.description == "unknown match \"\(reference)\": did you mean \(expected)?")
    }

    @Test("A group is found by name in any case; an unknown one is refused")
    func groupLookup() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(try tournament.lookup.group("a").name == "A")
        #expect(plannerKind { _ = try tournament.lookup.group("E") } == .unknownGroup("E"))
    }

    @Test("A match is found by its id and by its pairing, home team first", arguments: StoreKind.allCases)
    func matchByIDAndPairing(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let opener = try tournament.lookup.match("1")
        #expect(tournament.lookup.matchID(opener) == 1)
        #expect(try tournament.lookup.match("POL-GRE") == opener)
        #expect(try tournament.lookup.match("polen - griechenland") == opener)
        #expect(try tournament.lookup.match("Poland-GRE") == opener)
        #expect(plannerKind { _ = try tournament.lookup.match("GRE-POL") } == .unknownMatch("GRE-POL"))
        #expect(plannerKind { _ = try tournament.lookup.match("99") } == .unknownMatch("99"))
        #expect(plannerKind { _ = try tournament.lookup.match("GER-ATL") } == .unknownMatch("GER-ATL"))
        #expect(try tournament.lookup.matches().map(tournament.lookup.matchID) == Array(1...31))
    }

    @Test("A pairing met twice is ambiguous and lists the ids; the id still works", arguments: StoreKind.allCases)
    func ambiguousPairing(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let groupMatch = try tournament.lookup.match("GER-POR")
        let knockout = try tournament.fixtures.scheduleMatch(
            home: "GER", away: "POR", kickoff: "2012-06-30T20:45:00+02:00", timeZone: "Europe/Warsaw",
            venue: "Arena Gdańsk", city: "Gdańsk", group: nil, round: "semifinal"
        ).object
        #expect(tournament.lookup.matchID(knockout) == 32, "an unsaved match has a provisional id")
        #expect(
            plannerKind { _ = try tournament.lookup.match("GER-POR") }
                == .ambiguousMatch("GER-POR", ids: [tournament.lookup.matchID(groupMatch), 32]))
        #expect(try tournament.lookup.match("32") == knockout)
        try tournament.save()
        #expect(tournament.lookup.matchID(knockout) == 32, "the save keeps the provisional id")
        #expect(
            plannerKind { _ = try tournament.lookup.match("Deutschland-Portugal") }
                == .ambiguousMatch("Deutschland-Portugal", ids: [tournament.lookup.matchID(groupMatch), 32]))
        let description = PlannerError(.ambiguousMatch("GER-POR", ids: [7, 32])).description
        #expect(description == "match \"GER-POR\" is ambiguous: give one of the ids 7, 32")
    }

    @Test("Provisional ids of several unsaved matches follow the order they were scheduled")
    func provisionalIDs() throws {
        let tournament = try TestTournament.seeded(.sqlite).tournament
        let first = try tournament.fixtures.scheduleMatch(
            home: "GER", away: "ESP", kickoff: "2012-07-05T20:45:00+02:00", timeZone: nil,
            venue: "A", city: "X", group: nil, round: "semifinal"
        ).object
        let second = try tournament.fixtures.scheduleMatch(
            home: "ITA", away: "ENG", kickoff: "2012-07-04T20:45:00+02:00", timeZone: nil,
            venue: "B", city: "Y", group: nil, round: "semifinal"
        ).object
        #expect(tournament.lookup.matchID(first) == 32)
        #expect(tournament.lookup.matchID(second) == 33)
        try tournament.save()
        #expect(tournament.lookup.matchID(first) == 32)
        #expect(tournament.lookup.matchID(second) == 33)
    }
}
