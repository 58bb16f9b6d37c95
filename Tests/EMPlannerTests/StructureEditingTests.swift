import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Renaming and removing teams, adding, renaming and removing groups, removing coaches: each
/// happy path and each refusal, which changes nothing.
@Suite("Structure edits")
struct StructureEditingTests {
    @Test("Renaming a team changes its names and code; its group's official order follows", arguments: StoreKind.allCases)
    func renameTeam(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        _ = try tournament.results.setOfficialOrder(group: "B", teams: ["GER", "POR", "DEN", "NED"])
        try tournament.structure.renameTeam("ger", name: "BR Deutschland", englishName: " ", code: "deu")
        try tournament.save()
        let reader = try test.reopened()
        let team = try reader.lookup.team("DEU")
        #expect(team.name == "BR Deutschland")
        #expect(team.englishName == nil)
        #expect(team.group?.officialOrder == "DEU,POR,DEN,NED")
        #expect(try reader.lookup.match("DEU-POR").homeTeam == team)
        #expect(plannerKind { _ = try reader.lookup.team("GER") } == .unknownTeam("GER"))
    }

    @Test(
        "Renaming a team is refused for each bad input and changes nothing",
        arguments: [
            ("GER", "Portugal", nil, nil, PlannerError.Kind.duplicateTeam("Portugal")),
            ("GER", nil, "portugal", nil, .duplicateTeam("portugal")),
            ("GER", nil, nil, "POR", .duplicateTeam("POR")),
            ("GER", nil, nil, "DEUT", .invalidTeamCode("DEUT")),
            ("GER", " ", nil, nil, .emptyName(field: "team name")),
            ("XYZ", "X", nil, nil, .unknownTeam("XYZ")),
        ] as [(String, String?, String?, String?, PlannerError.Kind)])
    func renameTeamRefused(team: String, name: String?, english: String?, code: String?, expected: PlannerError.Kind) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind { try tournament.structure.renameTeam(team, name: name, englishName: english, code: code) } == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("A team keeps its own name and code when renamed to them")
    func renameTeamToItself() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.structure.renameTeam("GER", name: "deutschland", englishName: "Germany", code: "GER")
        #expect(try tournament.lookup.team("GER").name == "deutschland")
    }

    @Test("A team in matches is not removed; the matches are named")
    func removeTeamInMatches() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind { try tournament.structure.removeTeam("GER") }
                == .teamInMatches(team: "Deutschland", matches: ["4 GER-POR", "12 NED-GER", "20 DEN-GER"]))
        #expect(!tournament.hasChanges)
        #expect(
            PlannerError(.teamInMatches(team: "Deutschland", matches: ["7 GER-POR", "15 NED-GER"])).description
                == "team \"Deutschland\" is in 2 matches: 7 GER-POR, 15 NED-GER; remove them first")
    }

    @Test("Removing a team removes its players and coach", arguments: StoreKind.allCases)
    func removeTeam(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.structure.addTeam(name: "Österreich", englishName: "Austria", code: "AUT", group: "A")
        try tournament.squads.addPlayer(
            team: "AUT", givenname: "David", name: "Alaba", number: 8, position: "DF", club: nil, born: nil)
        try tournament.squads.setCoach(team: "AUT", givenname: nil, name: "Rangnick")
        _ = try tournament.results.setOfficialOrder(group: "A", teams: ["AUT", "CZE", "GRE", "RUS", "POL"])
        try tournament.save()
        try tournament.structure.removeTeam("Austria")
        try tournament.save()
        let reader = try test.reopened()
        #expect(plannerKind { _ = try reader.lookup.team("AUT") } == .unknownTeam("AUT"))
        #expect(try reader.context.fetch(Player.fetchRequest()).count == 16 * 23)
        #expect(try reader.context.fetch(Coach.fetchRequest()).count == 16)
        #expect(try reader.lookup.group("A").officialOrder == "CZE,GRE,RUS,POL")
    }

    @Test("Groups are added, renamed and removed", arguments: StoreKind.allCases)
    func groups(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.structure.addGroup(" E ")
        try tournament.save()
        try tournament.structure.renameGroup("e", to: "F")
        try tournament.save()
        #expect(try test.reopened().lookup.group("F").name == "F")
        try tournament.structure.removeGroup("F")
        try tournament.save()
        #expect(plannerKind { _ = try test.reopened().lookup.group("F") } == .unknownGroup("F"))
    }

    @Test("Group edits are refused for each bad input and change nothing")
    func groupRefusals() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { try tournament.structure.addGroup("a") } == .duplicateGroup("a"))
        #expect(plannerKind { try tournament.structure.addGroup("") } == .emptyName(field: "group name"))
        #expect(plannerKind { try tournament.structure.renameGroup("Z", to: "Y") } == .unknownGroup("Z"))
        #expect(plannerKind { try tournament.structure.renameGroup("A", to: "b") } == .duplicateGroup("b"))
        #expect(
            plannerKind { try tournament.structure.renameGroup("A", to: "X") }
                == .groupInSlots(group: "A", slots: ["1A of match 25", "2A of match 26"]))
        let kind = plannerKind { try tournament.structure.removeGroup("A") }
        guard case .groupNotEmpty("A", let teams, let matches) = kind else {
            Issue.record("expected groupNotEmpty, got \(String(describing: kind))")
            return
        }
        #expect(teams == ["CZE", "GRE", "POL", "RUS"])
        #expect(matches.count == 6)
        #expect(matches.first == "1 POL-GRE")
        #expect(!tournament.hasChanges)
    }

    @Test("A coach is removed; a team without one is refused", arguments: StoreKind.allCases)
    func removeCoach(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.squads.removeCoach(team: "GER")
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.team("GER").coach == nil)
        #expect(plannerKind { try reader.squads.removeCoach(team: "GER") } == .noCoach(team: "Deutschland"))
        #expect(!reader.hasChanges)
    }
}
