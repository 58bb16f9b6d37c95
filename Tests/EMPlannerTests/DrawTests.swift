import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// A tournament imported before its draw.
///
/// openfootball's EURO 2028 file names slots (`A1` … `F4`) instead of teams. Until the draw
/// the schedule, standings and bracket name the slots; the draw gives each slot its team,
/// once, and the tournament plays on.
@Suite("The draw of EURO 2028")
struct DrawTests {
    /// The EURO 2028 file.
    static let directory = "2028--united_kingdom-ireland"

    /// A made-up draw of 24 teams (the real one is in December 2027).
    static let draw: [DrawAssignment] = [
        "A1=ENG", "A2=SCO", "A3=GER", "A4=ESP", "B1=WAL", "B2=FRA", "B3=ITA", "B4=NED",
        "C1=IRL", "C2=POR", "C3=BEL", "C4=CRO", "D1=SUI", "D2=AUT", "D3=DEN", "D4=TUR",
        "E1=HUN", "E2=SRB", "E3=POL", "E4=CZE", "F1=UKR", "F2=NOR", "F3=SWE", "F4=GEO",
    ].map { try! DrawAssignment(parsing: $0) }

    /// EURO 2028 as imported, on a store of `kind`.
    static func imported(_ kind: StoreKind) throws -> TestTournament {
        let setup = try FootballTextImport(
            text: try OpenfootballFixture.text("\(directory)/euro.txt"), file: "euro.txt"
        ).setup
        return try TestTournament.seeded(kind, from: setup)
    }

    @Test("EURO 2028 imports with a team awaiting the draw for each slot; matches and bracket name the slots")
    func importsSlots() throws {
        let tournament = try Self.imported(.inMemory).tournament
        let waiting = try tournament.structure.teamsAwaitingDraw()
        #expect(waiting.compactMap(\.drawSlot) == "ABCDEF".flatMap { group in (1...4).map { "\(group)\($0)" } })
        #expect(waiting.allSatisfy { $0.code == $0.drawSlot && $0.name == $0.drawSlot && $0.englishName == nil })
        #expect(try tournament.ruleSet() == .euro2024)
        #expect(try tournament.title == "Euro 2028")

        let opener = try tournament.lookup.match("1")
        #expect(opener.homeTeam?.code == "A1" && opener.awayTeam?.code == "A2" && opener.group?.name == "A")
        #expect(opener.city == "Cardiff" && opener.venue == nil && opener.kickoffTimeKnown == false)
        #expect(opener.localDay == "2028-06-09")
        #expect(try tournament.lookup.match("19").pairing == "D3-D4")
        // The knockout matches name their sides as slots, as the file does.
        let sides = { (id: String) throws -> String in
            let match = try tournament.lookup.match(id)
            return "\(match.homeSlot ?? "-") \(match.awaySlot ?? "-")"
        }
        #expect(try sides("37") == "1A 2C")
        #expect(try sides("39") == "1B 3A/D/E/F")
        #expect(try sides("44") == "1E 3A/B/C/D")
        #expect(try sides("45") == "W39 W37")
        #expect(try sides("51") == "W49 W50")
        let final = try tournament.lookup.match("51")
        #expect(final.round == "final" && final.kickoffTimeKnown == true && final.city == "London (Wembley)")
        #expect(final.kickoff == ISO8601DateFormatter().date(from: "2028-07-09T16:00:00Z"))
        // Standings list the slots; the bracket knows no team yet.
        #expect(try tournament.reports.standings(group: "A")[0].rows.map(\.team).sorted() == ["A1", "A2", "A3", "A4"])
        #expect(try tournament.knockout.bracket().matches.allSatisfy { $0.home.team == nil && $0.away.team == nil })
    }

    @Test("The draw gives every slot its team; matches, groups and standings name the teams", arguments: StoreKind.allCases)
    func drawFillsSlots(kind: StoreKind) throws {
        let test = try Self.imported(kind)
        let drawn = try test.tournament.structure.draw(Self.draw)
        #expect(drawn.compactMap(\.code) == Self.draw.map(\.team))
        try test.tournament.save()

        let tournament = try test.reopened()
        #expect(try tournament.structure.teamsAwaitingDraw().isEmpty)
        let england = try tournament.lookup.team("England")
        #expect((england.code, england.name, england.englishName, england.drawSlot) == ("ENG", "England", "England", "A1"))
        let ireland = try tournament.lookup.team("ireland")
        #expect((ireland.code, ireland.name, ireland.drawSlot) == ("IRL", "Irland", "C1"))
        #expect(try tournament.lookup.match("1").pairing == "ENG-SCO")
        #expect(try tournament.lookup.match("19").pairing == "DEN-TUR")
        #expect(try tournament.reports.standings(group: "F")[0].rows.map(\.team).sorted() == ["GEO", "NOR", "SWE", "UKR"])
        // No match names a slot of the draw any more.
        for id in 1...36 {
            let match = try tournament.lookup.match(String(id))
            #expect(match.homeTeam?.isAwaitingDraw == false && match.awayTeam?.isAwaitingDraw == false, "match \(id)")
        }
    }

    @Test("After the draw the tournament plays on: group results fill the bracket with the teams drawn")
    func playsOn() throws {
        let tournament = try Self.imported(.inMemory).tournament
        try tournament.structure.draw(Self.draw)
        // Every home side wins 1-0: in each group the first slot wins it, the second is runner-up.
        for id in 1...36 {
            try tournament.results.recordResult(match: String(id), home: 1, away: 0, afterExtraTime: false, penalties: nil)
        }
        #expect(try tournament.reports.standings(group: "A")[0].rows.map(\.team) == ["ENG", "SCO", "GER", "ESP"])
        #expect(try tournament.lookup.match("37").pairing == "ENG-POR")
        #expect(try tournament.lookup.match("38").pairing == "SCO-FRA")
        #expect(try tournament.lookup.match("42").pairing == "AUT-SRB")
    }

    @Test(
        "A draw that cannot be made is refused whole, and changes nothing",
        arguments: [
            (["A2=GER", "Z9=ESP"], PlannerError.Kind.unknownDrawSlot("Z9", open: ["A2", "A3", "A4", "B1"])),
            (["A1=GER"], .slotDrawn(slot: "A1", team: "England (ENG)")),
            (["A2=GER", "a2=ESP"], .drawnTwice("A2")),
            (["A2=GER", "A3=Deutschland"], .drawnTwice("Germany")),
            (["A2=England"], .duplicateTeam("ENG")),
            (["A2=Germny"], .unknownNationalTeam("Germny")),
        ] as [([String], PlannerError.Kind)])
    func refused(assignments: [String], expected: PlannerError.Kind) throws {
        let test = try TestTournament.seeded(.inMemory, from: Self.smallSetup)
        try test.tournament.structure.draw([DrawAssignment(slot: "A1", team: "ENG")])
        try test.tournament.save()
        let error = plannerError { try test.tournament.structure.draw(assignments.map { try DrawAssignment(parsing: $0) }) }
        #expect(error?.kind == expected)
        #expect(!test.tournament.hasChanges)
        #expect(try test.tournament.structure.teamsAwaitingDraw().compactMap(\.drawSlot) == ["A2", "A3", "A4", "B1"])
        if case .unknownNationalTeam = expected {
            #expect(error?.description == "unknown team \"Germny\": did you mean Germany?")
        }
    }

    @Test("A partly drawn tournament round-trips through Football.TXT and setup plists, slots and all")
    func partialDrawRoundTrip() throws {
        let tournament = try Self.imported(.inMemory).tournament
        try tournament.structure.draw(Array(Self.draw.prefix(3)))
        let text = try tournament.interchange.footballText()
        #expect(text.contains("Group A  |  England   Scotland   Germany   A4"))
        #expect(text.contains("(39)  Winner Group B  v  3rd Group A/D/E/F  @ Newcastle upon Tyne"))
        let again = try FootballTextImport(text: text, file: "export.txt").setup
        let copy = try TestTournament.seeded(.inMemory, from: again).tournament
        #expect(try copy.interchange.exportSetup() == (try tournament.interchange.exportSetup()))
        #expect(try copy.interchange.footballText() == text)
        #expect(try copy.lookup.team("GER").drawSlot == "A3")

        let plist = try tournament.interchange.exportSetup().plistData()
        #expect(try SetupData(plist: plist, source: "draw.plist") == (try tournament.interchange.exportSetup()))
    }

    @Test("A draw file holds one SLOT=TEAM a line; a line that is not one is refused with its place")
    func drawFile() throws {
        let text = "# hosts first\nA1=ENG\n\n  A2 = Republic of Ireland  \nB1 Wales\n"
        #expect(
            plannerError { _ = try DrawAssignment.assignments(in: text, file: "draw.txt") }?.description
                == "draw.txt:5: invalid draw \"B1 Wales\": expected SLOT=TEAM, such as A1=ENG")
        let good = try DrawAssignment.assignments(in: String(text.dropLast("B1 Wales\n".count)), file: "draw.txt")
        #expect(good == [DrawAssignment(slot: "A1", team: "ENG"), DrawAssignment(slot: "A2", team: "Republic of Ireland")])
    }

    @Test("A setup refuses a draw slot that is not a letter and a digit, a slot given twice, and a code that is neither")
    func setupChecks() throws {
        var setup = Self.smallSetup
        setup.groups[0].teams[1].drawSlot = "A0"
        #expect(
            Self.validationMessage(setup)
                == "groups[0].teams[1].drawSlot: expected a group's letter and a digit (A1), found \"A0\"")
        setup = Self.smallSetup
        setup.groups[0].teams[1].drawSlot = "A1"
        #expect(Self.validationMessage(setup) == "groups[0].teams[1].drawSlot: slot A1 is team \"A1\"'s already")
        setup = Self.smallSetup
        setup.groups[0].teams[1].drawSlot = nil
        #expect(Self.validationMessage(setup) == "groups[0].teams[1].code: expected three capital letters, found \"A2\"")
    }

    /// Two groups of slots and a match, for the refusals.
    static let smallSetup = SetupData(
        tournament: "Draw", ruleSet: "euro2024",
        groups: [
            SetupData.GroupEntry(name: "A", teams: ["A1", "A2", "A3", "A4"].map(slotTeam)),
            SetupData.GroupEntry(name: "B", teams: [slotTeam("B1")]),
        ],
        matches: [])

    /// A team awaiting the draw into `slot`.
    static func slotTeam(_ slot: String) -> SetupData.TeamEntry {
        SetupData.TeamEntry(name: slot, englishName: nil, code: slot, coach: nil, players: [], drawSlot: slot)
    }

    /// The key path and message of the setup's first problem.
    static func validationMessage(_ setup: SetupData) -> String? {
        do {
            try setup.validate(source: "draw.plist")
            return nil
        } catch {
            return "\(error.keyPath): \(error.message)"
        }
    }
}
