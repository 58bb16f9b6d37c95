import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Line-ups, substitutions, the cards line-ups show and penalty shoot-outs, as openfootball's
/// files give them: imported, kept in the store and in setups, and checked when seeded.
@Suite("Line-ups and shoot-outs")
struct LineupImportTests {
    /// An edition imported into a memory store.
    static func tournament(_ directory: String, squads: Bool = true) throws -> Tournament {
        let squadFiles = squads && directory.hasPrefix("2024") ? try FootballTextImportTests.squadFiles(directory) : []
        let setup = try FootballTextImport(
            text: try OpenfootballFixture.text("\(directory)/euro.txt"), file: "euro.txt", squads: squadFiles
        ).setup
        return try TestTournament.seeded(.inMemory, from: setup).tournament
    }

    @Test("EURO 2024's opener: starters by line, substitutes with their minutes, the line-up cards as the squads' players")
    func opener() throws {
        let tournament = try Self.tournament("2024--germany")
        let match = try tournament.lookup.match("1")
        let appearances = match.appearances.sorted { $0.order ?? 0 < $1.order ?? 0 }
        #expect(appearances.count == 32)
        #expect(appearances.filter { $0.team?.code == "GER" }.count == 16)
        let neuer = appearances[0]
        #expect((neuer.player?.number, neuer.formationLine, neuer.replaces) == (1, 1, nil))
        let gross = try #require(appearances.first { $0.player?.name == "Groß" })
        #expect(gross.replaces?.player?.name == "Andrich" && gross.minuteOn == 46 && gross.formationLine == nil)
        // The cards the line-ups show are the squads' players' cards, and count as cards do.
        let cards = match.cards.map { "\($0.team?.code ?? "") \($0.player?.number ?? 0) \($0.kind ?? "") \($0.minute ?? 0)" }
        #expect(Set(cards) == ["GER 4 yellow 0", "GER 23 yellow 0", "SCO 15 red 44", "SCO 2 yellow 0"])
        #expect(try tournament.reports.suspensions().contains { $0.player?.name == "Porteous" && $0.incurredIn == match })
        let texts = tournament.interchange.lineupTexts(of: match)
        #expect(texts.lineups.map { $0.team.code } == ["GER", "SCO"])
        #expect(texts.lineups[1].text.hasPrefix("Angus Gunn - Ryan Porteous [R 44'], Jack Hendry"))
        #expect(texts.shootout == nil)
    }

    @Test("Without squads, players are kept by name; a red card by name still suspends")
    func byName() throws {
        let tournament = try Self.tournament("2024--germany", squads: false)
        let match = try tournament.lookup.match("1")
        #expect(match.appearances.allSatisfy { $0.player == nil && $0.playerName != nil })
        let red = try #require(match.cards.first { $0.cardKind == .red })
        #expect(red.playerName == "Porteous" && red.player == nil && !red.isOfficials)
        let suspension = try #require(try tournament.reports.suspensions().first { $0.playerName == "Porteous" })
        #expect(try suspension.match?.pairing == tournament.lookup.match("4").pairing)
        #expect(try tournament.reports.cardStatistics().contains { $0.playerName == "Porteous" && $0.red == 1 })
    }

    @Test("EURO 1976's final: the shoot-out kick by kick, a missed kick given to the team whose turn it was")
    func shootout() throws {
        let tournament = try Self.tournament("1976--yugoslavia")
        let final = try tournament.lookup.match("4")
        let kicks = final.penaltyKicks.sorted { $0.order ?? 0 < $1.order ?? 0 }
        #expect(
            kicks.map { "\($0.team?.code ?? "") \($0.playerName ?? "") \($0.scored == true ? "in" : $0.note ?? "out")" } == [
                "TCH Masny in", "FRG Bonhof in", "TCH Nehoda in", "FRG Flohe in", "TCH Ondrus in", "FRG Bongarts in",
                "TCH Jurkemik in", "FRG U.Hoeneß over", "TCH Panenka in",
            ])
        #expect(
            tournament.interchange.lineupTexts(of: final).shootout
                == "1-0 Masny, 1-1 Bonhof, 2-1 Nehoda, 2-2 Flohe, 3-2 Ondrus, 3-3 Bongarts, 4-3 Jurkemik, "
                + "U.Hoeneß (over), 5-3 Panenka")
        // EURO 1980's match for third place: the away side kicked first, and Collovati's was saved.
        let euro1980 = try Self.tournament("1980--italy")
        let third = try #require(try euro1980.lookup.matches().first { $0.round == "thirdPlace" })
        let saved = try #require(third.penaltyKicks.first { $0.scored == false })
        #expect(saved.playerName == "Collovati" && saved.team?.code == "ITA" && saved.note == "saved")
        #expect(third.penaltyKicks.count == 18)
    }

    @Test("Line-ups, named cards and kicks survive a setup property list")
    func plistRoundTrip() throws {
        for squads in [true, false] {
            let setup = try Self.tournament("2024--germany", squads: squads).interchange.exportSetup()
            #expect(setup.matches[0].appearances.count == 32)
            #expect(try SetupData(plist: try setup.plistData(), source: "lineups.plist") == setup)
        }
        let setup = try Self.tournament("1980--italy").interchange.exportSetup()
        #expect(try SetupData(plist: try setup.plistData(), source: "lineups.plist") == setup)
    }

    @Test("A player removed from his squad keeps his goals, cards and line-up places by name")
    func removedPlayer() throws {
        let tournament = try Self.tournament("2024--germany")
        try tournament.squads.removePlayer(team: "GER", number: 7)
        try tournament.squads.removePlayer(team: "SCO", number: 15)
        let match = try tournament.lookup.match("1")
        #expect(match.goals.contains { $0.scorer == nil && $0.scorerName == "Kai Havertz" && $0.penalty == true })
        #expect(match.appearances.contains { $0.player == nil && $0.playerName == "Kai Havertz" && $0.formationLine == 5 })
        #expect(match.cards.contains { $0.playerName == "Ryan Porteous" && $0.cardKind == .red })
        try tournament.save()
        // The tournament still exports and seeds a new store.
        let copy = try TestTournament.seeded(.inMemory, from: try tournament.interchange.exportSetup()).tournament
        #expect(try copy.interchange.exportSetup() == (try tournament.interchange.exportSetup()))
    }

    @Test(
        "A setup whose line-ups or kicks do not fit the match is refused at the entry's key path",
        arguments: [
            ("player of a team not in the match", "matches[0].appearances[0].team"),
            ("substitute for a later player", "matches[0].appearances[1].replaces"),
            ("starter without a line", "matches[0].appearances[0].line"),
            ("player twice", "matches[0].appearances[1]"),
            ("kicks without a shoot-out", "matches[0].penaltyKicks"),
        ])
    func refused(_ problem: String, keyPath: String) throws {
        var setup = try Self.tournament("2024--germany").interchange.exportSetup()
        var match = setup.matches[0]
        match.appearances = Array(match.appearances.prefix(2))
        match.appearances[1] = SetupData.AppearanceEntry(team: "Deutschland", player: 2, formationLine: 2)
        switch problem {
        case "player of a team not in the match": match.appearances[0].team = "Spanien"
        case "substitute for a later player": match.appearances[1] = .init(team: "Deutschland", player: 2, replaces: 1)
        case "starter without a line": match.appearances[0].formationLine = nil
        case "player twice": match.appearances[1].player = match.appearances[0].player
        default: match.penaltyKicks = [.init(team: "Deutschland", player: 7, scored: true)]
        }
        setup.matches[0] = match
        let test = try TestTournament(.inMemory)
        #expect {
            try test.tournament.interchange.seed(from: setup)
        } throws: { error in
            (error as? SetupError)?.keyPath == keyPath
        }
    }
}
