import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Importing openfootball's Football.TXT files: every edition seeds a store whose standings,
/// bracket and champion are the official ones, whose export seeds the same tournament again,
/// and a bad file is refused at its line and column.
@Suite("Football.TXT import")
struct FootballTextImportTests {
    /// The import of an edition's file, with the EURO 2024 squads for 2024.
    static func imported(_ directory: String) throws -> FootballTextImport {
        let squads = directory.hasPrefix("2024") ? try squadFiles(directory) : []
        return try FootballTextImport(
            text: try OpenfootballFixture.text("\(directory)/euro.txt"), file: "euro.txt", squads: squads)
    }

    @Test(
        "Every edition imports: official group tables, knockout winners and champion from the store",
        arguments: HistoricEditionTests.editions)
    func edition(_ expected: HistoricEditionTests.Edition) throws {
        let imported = try Self.imported(expected.directory)
        #expect(imported.warnings.isEmpty)
        #expect(imported.setup.ruleSet == expected.ruleSet.identifier)
        let test = try TestTournament.seeded(.sqlite, from: imported.setup)
        let tournament = try test.reopened()
        let tables = try tournament.reports.standings()
        #expect(tables.count == expected.groups.count)
        for (table, order) in zip(tables, expected.groups) {
            #expect(table.rows.map(\.team) == order, "group \(table.name)")
        }
        // Teams level on cards the file does not show are in the order the knockout slots they
        // played in give (2024 Group C: Denmark second, Slovenia third).
        for (name, order) in expected.officialOrders {
            #expect(imported.setup.groups.first { $0.name == name }?.officialOrder == order)
        }
        let bracket = try tournament.knockout.bracket()
        var winners: [KnockoutRound: Set<String>] = [:]
        for state in bracket.matches {
            if let team = state.winner.team { winners[state.match.round, default: []].insert(team) }
        }
        #expect(winners == expected.winners)
        #expect(bracket.matches.last?.winner.team == expected.champion)
        // The export seeds the same tournament.
        let exported = try tournament.interchange.exportSetup()
        let copy = try TestTournament.seeded(.inMemory, from: exported).tournament
        let again = try copy.interchange.exportSetup()
        #expect(again.groups == exported.groups)
        for (first, second) in zip(exported.matches, again.matches) where first != second {
            Issue.record("match differs:\n\(first)\n\(second)")
            break
        }
    }

    @Test(
        "Every edition round-trips: import, write as Football.TXT, import again; every object and value the same",
        arguments: HistoricEditionTests.editions.map(\.directory) + [DrawTests.directory])
    func roundTrip(_ directory: String) throws {
        let first = try TestTournament.seeded(.inMemory, from: try Self.imported(directory).setup).tournament
        let text = try first.interchange.footballText()
        let squads = directory.hasPrefix("2024") ? try Self.squadFiles(directory) : []
        let again = try FootballTextImport(text: text, file: "export.txt", squads: squads)
        #expect(again.warnings.isEmpty)
        let second = try TestTournament.seeded(.inMemory, from: again.setup).tournament
        let (before, after) = (try first.interchange.exportSetup(), try second.interchange.exportSetup())
        #expect(after.groups == before.groups)
        #expect(after.ungroupedTeams == before.ungroupedTeams)
        #expect(after.matches.count == before.matches.count)
        for (one, other) in zip(before.matches, after.matches) where one != other {
            Issue.record("match differs:\n\(one)\n\(other)")
            break
        }
        #expect(after == before)
        // Written again, the text is the same.
        #expect(try second.interchange.footballText() == text)
    }

    /// The squad files of an edition's directory.
    static func squadFiles(_ directory: String) throws -> [(text: String, file: String)] {
        try OpenfootballFixture.squadFiles.map { file in (try OpenfootballFixture.text("\(directory)/squads/\(file)"), file) }
    }

    /// A group table as a second published source prints it.
    struct PublishedTable: Sendable, CustomTestStringConvertible {
        /// The fixture's directory.
        var directory: String
        /// The group.
        var group: String
        /// Each row, first to last: `SWE 3 2 1 0 4-2 5` (played, won, drawn, lost, goals, points).
        var rows: [String]
        /// Where it is printed.
        var source: String

        var testDescription: String { "\(directory) group \(group)" }
    }

    static let publishedTables = [
        PublishedTable(
            directory: "1992--sweden", group: "A",
            rows: ["SWE 3 2 1 0 4-2 5", "DEN 3 1 1 1 2-2 3", "FRA 3 0 2 1 2-3 2", "ENG 3 0 2 1 1-2 2"],
            source: "England Football Online, \"Euro 1992 Finals\", Group One Table, "
                + "englandfootballonline.com/CmpEC/CmpEC1992Finals.html"),
        PublishedTable(
            directory: "2008--austria-switzerland", group: "A",
            rows: ["POR 3 2 0 1 5-3 6", "TUR 3 2 0 1 5-5 6", "CZE 3 1 0 2 4-6 3", "SUI 3 1 0 2 3-3 3"],
            source: "NRC Handelsblad, \"Groep A\", 18 June 2008, nrc.nl (points and goals), "
                + "won and lost from its six results"),
    ]

    @Test(
        "Group tables computed from the store are those a second published source prints",
        arguments: publishedTables)
    func secondSource(_ table: PublishedTable) throws {
        let tournament = try TestTournament.seeded(.inMemory, from: try Self.imported(table.directory).setup).tournament
        let rows = try tournament.reports.standings(group: table.group)[0].rows.map { row in
            let record = row.record
            return "\(row.team) \(record.played) \(record.won) \(record.drawn) \(record.lost) "
                + "\(record.goalsFor)-\(record.goalsAgainst) \(record.points)"
        }
        #expect(rows == table.rows, "\(table.source)")
    }

    @Test("EURO 1968: the coin toss, the replayed final and the match for third place are kept")
    func euro1968() throws {
        let tournament = try TestTournament.seeded(.inMemory, from: try Self.imported("1968--italy").setup).tournament
        let matches = try tournament.lookup.fetch(Match.fetchRequest()).sorted { ($0.number ?? 0) < ($1.number ?? 0) }
        #expect(matches.map(\.round) == ["semifinal", "semifinal", "thirdPlace", "final", "final"])
        #expect(matches[0].lotsWinner == "home")
        #expect(matches[0].notes == "Italy won on coin toss")
        #expect(matches[3].replay == false && matches[4].replay == true)
        #expect(matches[4].homeGoals == 2)
        #expect(matches[1].goals.compactMap(\.scorerName) == ["Džajić"])
        #expect(matches[1].goals.first?.minute == 86)
        #expect(matches.map(\.homeSlot) == ["Q1", "Q3", "L2", "W1", nil])
    }

    @Test("EURO 1984: group matches without a day keep none; the final has its day and time")
    func undated() throws {
        let setup = try Self.imported("1984--france").setup
        #expect(setup.matches.prefix(12).allSatisfy { $0.kickoff == nil && $0.venue == nil })
        let final = try #require(setup.matches.last)
        #expect(final.kickoffTimeKnown)
        #expect(final.city == "Paris")
        #expect(final.kickoff == ISO8601DateFormatter().date(from: "1984-06-27T18:00:00Z"))
    }

    @Test("EURO 2012: a second local time in brackets gives the venue's zone")
    func secondZone() throws {
        let setup = try Self.imported("2012--poland-ukraine").setup
        let ukraine = setup.matches.filter { $0.city == "Kharkiv" || $0.city == "Donetsk" || $0.city == "Kyiv" }
        #expect(!ukraine.isEmpty)
        #expect(ukraine.allSatisfy { TimeZone(identifier: $0.timeZone)?.secondsFromGMT() == 3 * 3600 })
        #expect(
            setup.matches.filter { $0.city == "Warsaw" }.allSatisfy {
                TimeZone(identifier: $0.timeZone)?.secondsFromGMT() == 7200
            })
    }

    @Test("EURO 2024 with squads: scorers are the squads' players; half-time scores are kept")
    func squads() throws {
        let setup = try Self.imported("2024--germany").setup
        let germany = try #require(setup.groups[0].teams.first { $0.code == "GER" })
        #expect(germany.players.count == 26)
        let keeper = try #require(germany.players.first { $0.number == 1 })
        #expect(keeper.givenname == "Manuel" && keeper.name == "Neuer")
        let opener = setup.matches[0]
        #expect((opener.homeHalfTimeGoals, opener.awayHalfTimeGoals) == (3, 0))
        let havertz = try #require(opener.goals.first { $0.player == 7 && $0.team == "Deutschland" })
        #expect((havertz.minute, havertz.addedMinute, havertz.penalty) == (45, 1, true))
        // Rüdiger's own goal counts for Scotland; the scorer plays for Germany.
        let ownGoal = try #require(opener.goals.first { $0.ownGoal })
        #expect(ownGoal.team == "Deutschland" && ownGoal.player == 2)
        let named = setup.matches.flatMap(\.goals).filter { $0.player == nil }
        #expect(named.count < 10, "scorers not found in the squads: \(named.map { $0.scorerName ?? "" })")
    }

    @Test("An unknown team is refused at its line and column, with the closest names")
    func unknownTeam() throws {
        var text = try OpenfootballFixture.text("1968--italy/euro.txt")
        text = text.replacingOccurrences(of: "Yugoslavia   v England", with: "Yugoslavja   v England")
        #expect {
            _ = try FootballTextImport(text: text, file: "euro.txt")
        } throws: { error in
            let error = error as? ImportError
            return error?.line == 16 && error?.column == 13
                && error?.description.hasPrefix("euro.txt:16:13: unknown team \"Yugoslavja\": did you mean Yugoslavia") == true
        }
    }

    @Test("A knockout match that names a team and a slot is refused at its line")
    func teamAndSlot() throws {
        let text = try OpenfootballFixture.text("\(DrawTests.directory)/euro.txt")
            .replacingOccurrences(of: "(38)  Runner-up Group A v", with: "(38)  England v")
        #expect {
            _ = try FootballTextImport(text: text, file: "euro.txt")
        } throws: { error in
            (error as? ImportError)?.description.hasPrefix(
                "euro.txt:92:9: the round16 England v Runner-up Group B names a team and a slot: give both or neither") == true
        }
    }

    @Test("A line the parser does not understand is refused, or skipped with a warning when lenient")
    func lenient() throws {
        let text = try OpenfootballFixture.text("1968--italy/euro.txt") + "\n  this is no match line\n"
        #expect(throws: ImportError.self) { try FootballTextImport(text: text, file: "euro.txt") }
        let imported = try FootballTextImport(text: text, file: "euro.txt", lenient: true)
        #expect(imported.warnings.count == 1)
        #expect(imported.setup.matches.count == 5)
    }
}
