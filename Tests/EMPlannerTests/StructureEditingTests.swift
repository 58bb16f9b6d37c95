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
        _ = try tournament.setOfficialOrder(group: "B", teams: ["GER", "POR", "DEN", "NED"])
        try tournament.renameTeam("ger", name: "BR Deutschland", englishName: " ", code: "deu")
        try tournament.save()
        let reader = try test.reopened()
        let team = try reader.team("DEU")
        #expect(team.name == "BR Deutschland")
        #expect(team.englishName == nil)
        #expect(team.group?.officialOrder == "DEU,POR,DEN,NED")
        #expect(try reader.match("DEU-POR").homeTeam == team)
        #expect(plannerKind { _ = try reader.team("GER") } == .unknownTeam("GER"))
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
        #expect(plannerKind { try tournament.renameTeam(team, name: name, englishName: english, code: code) } == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("A team keeps its own name and code when renamed to them")
    func renameTeamToItself() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.renameTeam("GER", name: "deutschland", englishName: "Germany", code: "GER")
        #expect(try tournament.team("GER").name == "deutschland")
    }

    @Test("A team in matches is not removed; the matches are named")
    func removeTeamInMatches() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind { try tournament.removeTeam("GER") }
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
        try tournament.addTeam(name: "Österreich", englishName: "Austria", code: "AUT", group: "A")
        try tournament.addPlayer(team: "AUT", givenname: "David", name: "Alaba", number: 8, position: "DF", club: nil, born: nil)
        try tournament.setCoach(team: "AUT", givenname: nil, name: "Rangnick")
        _ = try tournament.setOfficialOrder(group: "A", teams: ["AUT", "CZE", "GRE", "RUS", "POL"])
        try tournament.save()
        try tournament.removeTeam("Austria")
        try tournament.save()
        let reader = try test.reopened()
        #expect(plannerKind { _ = try reader.team("AUT") } == .unknownTeam("AUT"))
        #expect(try reader.context.fetch(Player.fetchRequest()).count == 16 * 23)
        #expect(try reader.context.fetch(Coach.fetchRequest()).count == 16)
        #expect(try reader.group("A").officialOrder == "CZE,GRE,RUS,POL")
    }

    @Test("Groups are added, renamed and removed", arguments: StoreKind.allCases)
    func groups(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.addGroup(" E ")
        try tournament.save()
        try tournament.renameGroup("e", to: "F")
        try tournament.save()
        #expect(try test.reopened().group("F").name == "F")
        try tournament.removeGroup("F")
        try tournament.save()
        #expect(plannerKind { _ = try test.reopened().group("F") } == .unknownGroup("F"))
    }

    @Test("Group edits are refused for each bad input and change nothing")
    func groupRefusals() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { try tournament.addGroup("a") } == .duplicateGroup("a"))
        #expect(plannerKind { try tournament.addGroup("") } == .emptyName(field: "group name"))
        #expect(plannerKind { try tournament.renameGroup("Z", to: "Y") } == .unknownGroup("Z"))
        #expect(plannerKind { try tournament.renameGroup("A", to: "b") } == .duplicateGroup("b"))
        #expect(
            plannerKind { try tournament.renameGroup("A", to: "X") }
                == .groupInSlots(group: "A", slots: ["1A of match 25", "2A of match 26"]))
        let kind = plannerKind { try tournament.removeGroup("A") }
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
        try test.tournament.removeCoach(team: "GER")
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.team("GER").coach == nil)
        #expect(plannerKind { try reader.removeCoach(team: "GER") } == .noCoach(team: "Deutschland"))
        #expect(!reader.hasChanges)
    }
}
