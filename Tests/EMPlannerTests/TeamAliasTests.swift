import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Aliases: other names a team is known by (`Oranje` for the Netherlands), which find it
/// wherever a team is asked for, survive saving, exporting and seeding, and never name two
/// teams.
@Suite("Team aliases")
struct TeamAliasTests {
    @Test("An alias finds its team in any case and spelling, in team and match look-ups", arguments: StoreKind.allCases)
    func lookup(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let added = try test.tournament.structure.addAliases(["Oranje", "Holland"], to: "NED")
        #expect(added.map(\.name) == ["Oranje", "Holland"])
        // Unsaved aliases work as saved ones do.
        #expect(try test.tournament.lookup.team("oranje").code == "NED")
        try test.tournament.save()
        let reader = try test.reopened()
        for reference in ["Oranje", "ORANJE", " holland ", "Höllånd"] {
            #expect(try reader.lookup.team(reference).code == "NED", "\(reference)")
        }
        #expect(try reader.lookup.match("Holland-DEN").homeTeam?.code == "NED")
        #expect(try reader.lookup.team("NED").aliases.compactMap(\.name).sorted() == ["Holland", "Oranje"])
    }

    @Test("The names of the table em draw reads find teams everywhere: Czechia, Holland, Republic of Ireland, Türkiye")
    func commonNames() throws {
        let euro2012 = try TestTournament.seeded(.inMemory).tournament
        for (reference, code) in [("Czechia", "CZE"), ("holland", "NED"), ("Republic of Ireland", "IRL"), ("Česko", "CZE")] {
            #expect(try euro2012.lookup.team(reference).code == code, "\(reference)")
        }
        #expect(try euro2012.lookup.match("Holland-Denmark").homeTeam?.code == "NED")
        let euro2024 = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: false))
            .tournament
        #expect(try euro2024.lookup.team("Türkiye").code == "TUR")
        #expect(try euro2024.lookup.team("turkiye").code == "TUR")
        #expect(plannerKind { _ = try euro2012.lookup.team("Türkiye") } == .unknownTeam("Türkiye"))
    }

    @Test("Renaming a team keeps its old names as aliases; taking an old name back drops the alias")
    func renameKeepsOldNames() throws {
        let test = try TestTournament.seeded(.sqlite)
        try test.tournament.structure.renameTeam("GRE", name: "Hellas", englishName: "Hellenic Republic", code: nil)
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.team("GRE").aliases.compactMap(\.name).sorted() == ["Greece", "Griechenland"])
        #expect(try reader.lookup.team("Griechenland").code == "GRE")
        try reader.structure.renameTeam("Hellas", name: "Griechenland", englishName: nil, code: nil)
        #expect(try reader.lookup.team("GRE").aliases.compactMap(\.name).sorted() == ["Greece", "Hellas"])
        try reader.save()
    }

    @Test("A mistyped alias is suggested like a name")
    func suggestion() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.structure.addAliases(["Oranje"], to: "NED")
        let error = try #require(plannerError { _ = try tournament.lookup.team("Oranej") })
        #expect(error.suggestions.first == "Niederlande (NED)")
    }

    @Test(
        "An alias that names a team already, repeats, or is empty is refused and changes nothing",
        arguments: [
            (["Spanien"], PlannerError.Kind.duplicateTeam("Spanien")),
            (["spain"], .duplicateTeam("spain")),
            (["esp"], .duplicateTeam("esp")),
            (["Niederlande"], .duplicateTeam("Niederlande")),
            (["Furia Roja"], .duplicateTeam("Furia Roja")),
            (["Oranje", "ORANJE"], .duplicateTeam("ORANJE")),
            ([" "], .emptyName(field: "alias")),
        ] as [([String], PlannerError.Kind)])
    func refused(aliases: [String], expected: PlannerError.Kind) throws {
        let test = try TestTournament.seeded(.inMemory)
        try test.tournament.structure.addAliases(["Furia Roja"], to: "ESP")
        try test.tournament.save()
        #expect(plannerKind { try test.tournament.structure.addAliases(aliases, to: "NED") } == expected)
        #expect(!test.tournament.hasChanges)
    }

    @Test("Renaming or adding a team to another team's alias is refused")
    func aliasesAreTaken() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        try tournament.structure.addAliases(["Oranje"], to: "NED")
        #expect(
            plannerKind { try tournament.structure.renameTeam("GER", name: "oranje", englishName: nil, code: nil) }
                == .duplicateTeam("oranje"))
        #expect(
            plannerKind { try tournament.structure.addTeam(name: "Norwegen", englishName: "Oranje", code: "NOR", group: nil) }
                == .duplicateTeam("Oranje"))
    }

    @Test("Removing aliases: by any spelling, only the team's own, and with the team", arguments: StoreKind.allCases)
    func removal(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.structure.addAliases(["Oranje", "Holland"], to: "NED")
        try tournament.structure.addAliases(["Furia Roja"], to: "ESP")
        try tournament.save()
        #expect(
            plannerKind { try tournament.structure.removeAliases(["Furia Roja"], from: "NED") }
                == .unknownAlias("Furia Roja", team: "Niederlande", aliases: ["Oranje", "Holland"]))
        #expect(
            PlannerError(.unknownAlias("X", team: "Niederlande", aliases: [])).description
                == "team \"Niederlande\" has no alias \"X\": it has none")
        let removed = try tournament.structure.removeAliases(["ORANJE"], from: "holland")
        #expect(removed.map(\.name) == ["Oranje"])
        try tournament.save()
        let reader = try test.reopened()
        #expect(plannerKind { _ = try reader.lookup.team("Oranje") } == .unknownTeam("Oranje"))
        #expect(try reader.lookup.team("Holland").code == "NED")
        // A removed team takes its aliases with it, and the name is free again.
        let spain = try reader.lookup.team("ESP")
        for match in spain.homeMatches.union(spain.awayMatches) { reader.context.delete(match) }
        try reader.structure.removeTeam("Furia Roja")
        try reader.save()
        #expect(try reader.lookup.fetch(TeamAlias.fetchRequest()).compactMap(\.name) == ["Holland"])
        try reader.structure.addAliases(["Furia Roja"], to: "ITA")
        #expect(try reader.lookup.team("Furia Roja").code == "ITA")
    }

    @Test("Aliases are exported in the order given, written to a plist, and seed a new store")
    func exportAndSeed() throws {
        let test = try TestTournament.seeded(.inMemory)
        try test.tournament.structure.addAliases(["Oranje", "Holland"], to: "NED")
        let exported = try test.tournament.interchange.exportSetup()
        let netherlands = try #require(exported.groups.flatMap(\.teams).first { $0.code == "NED" })
        #expect(netherlands.aliases == ["Oranje", "Holland"])
        let reread = try SetupData(plist: try exported.plistData(), source: "export.plist")
        #expect(reread == exported)
        let copy = try TestTournament.seeded(.inMemory, from: reread).tournament
        #expect(try copy.lookup.team("oranje").code == "NED")
        #expect(try copy.interchange.exportSetup() == exported)
    }

    @Test("A setup whose aliases name a team twice, are empty or are not text is refused at its key path")
    func setupChecks() throws {
        var setup = smallSetup()
        setup.groups[0].teams[0].aliases = ["Mannschaft", "mannschaft"]
        #expect(throws: SetupError.self) { try setup.validate(source: "mini.plist") }
        #expect(
            validationMessage(setup)
                == "mini.plist: groups[0].teams[0].aliases[1]: \"mannschaft\" already names team \"Deutschland\"")
        setup.groups[0].teams[0].aliases = []
        setup.groups[0].teams[1].aliases = [setup.groups[0].teams[0].name]
        #expect(
            validationMessage(setup)
                == "mini.plist: groups[0].teams[1].aliases[0]: \"Deutschland\" already names team \"Deutschland\"")
        setup.groups[0].teams[1].aliases = []
        setup.groups[0].teams[0].aliases = [""]
        #expect(validationMessage(setup) == "mini.plist: groups[0].teams[0].aliases[0]: must not be empty")
        let plist = String(decoding: try smallSetup().plistData(), as: UTF8.self)
            .replacingOccurrences(
                of: "<key>code</key>", with: "<key>aliases</key><array><integer>7</integer></array><key>code</key>")
        #expect(setupError(plist)?.description.contains("aliases[0]: expected a name, found the integer 7") == true)
    }

    /// What validating `setup` says, or `nil` if it is valid.
    private func validationMessage(_ setup: SetupData) -> String? {
        do {
            try setup.validate(source: "mini.plist")
            return nil
        } catch {
            return error.description
        }
    }
}
