import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// The tournaments bundled with the planner, seeded with and without their real results.
@Suite("Bundled tournaments")
struct BundledTournamentTests {
    /// A tournament seeded from a bundled one.
    static func seeded(_ bundled: BundledTournament, withResults: Bool, _ kind: StoreKind = .inMemory) throws -> TestTournament {
        try TestTournament.seeded(kind, from: bundled.setup(withResults: withResults))
    }

    @Test(
        "Seeded with its results, each bundled EURO reproduces every official final table", arguments: BundledTournament.allCases)
    func officialTables(bundled: BundledTournament) throws {
        let tournament = try Self.seeded(bundled, withResults: true).tournament
        let fixture = try EuroFixture.load(Int(bundled.rawValue)!)
        let official = try #require(try OfficialStandings.load().tournaments[bundled.rawValue])
        let tables = try tournament.reports.standings()
        #expect(tables.map(\.name) == official.groups.keys.sorted())
        for table in tables {
            #expect(table.isComplete)
            let expected = try #require(official.groups[table.name]).map { row in
                "\(row.rank) \(try fixture.code(row.team)) \(row.played) \(row.won) \(row.drawn) \(row.lost) "
                    + "\(row.goalsFor) \(row.goalsAgainst) \(row.points)"
            }
            let actual = table.rows.map { row in
                let record = row.record
                return "\(row.rank) \(row.team) \(record.played) \(record.won) \(record.drawn) \(record.lost) "
                    + "\(record.goalsFor) \(record.goalsAgainst) \(record.points)"
            }
            #expect(actual == expected, "group \(table.name)")
        }
    }

    @Test(
        "Seeded with its results, each bundled EURO fills its bracket with the real pairings and winners",
        arguments: BundledTournament.allCases)
    func realBracket(bundled: BundledTournament) throws {
        let tournament = try Self.seeded(bundled, withResults: true, .sqlite).reopened()
        let fixture = try EuroFixture.load(Int(bundled.rawValue)!)
        let entries = try tournament.knockout.bracketMatches()
        #expect(entries.map(\.number) == fixture.knockoutMatches.map(\.matchNumber).sorted())
        let states = try tournament.knockout.bracket().matches
        for match in fixture.knockoutMatches {
            let entry = try #require(entries.first { $0.number == match.matchNumber })
            let state = try #require(states.first { $0.number == match.matchNumber })
            let teams = [try fixture.code(match.home), try fixture.code(match.away)]
            #expect([entry.match.homeTeam?.code, entry.match.awayTeam?.code] == teams, "match \(match.matchNumber)")
            #expect([entry.home.description, entry.away.description] == match.bracketSlots, "match \(match.matchNumber)")
            #expect(state.winner.team == (try fixture.code(try #require(match.winner))), "match \(match.matchNumber)")
        }
        #expect(try tournament.knockout.fillBracket().changes.isEmpty, "a seeded bracket is filled already")
    }

    @Test("EURO 2024 with its results: the third-placed teams of C, D, E and F go through; Group C by the official order")
    func euro2024Thirds() throws {
        let tournament = try Self.seeded(.euro2024, withResults: true).tournament
        let official = try #require(try OfficialStandings.load().tournaments["2024"])
        let fixture = try EuroFixture.load(2024)
        let thirds = try tournament.reports.thirdPlacedTable()
        let expected = try (official.thirdPlaced ?? []).map { try fixture.code($0.team) }
        #expect(thirds.rows.map(\.team) == expected)
        #expect(thirds.qualifiedGroups?.joined(separator: " ") == official.thirdPlacedCombination)
        let groupC = try #require(try tournament.reports.standings(group: "C").first)
        #expect(groupC.decisions.map(\.description) == ["DEN ahead of SVN: official order (level: no ranking given)"])
    }

    @Test("EURO 2012: each team's place in the coefficient ranking of November 2011 parts teams level on all results")
    func euro2012Ranking() throws {
        let setup = try BundledTournament.euro2012.setup(withResults: true)
        let ranking = Dictionary(uniqueKeysWithValues: setup.allTeams.map { ($0.code, $0.ranking) })
        #expect(ranking["ESP"] == 1 && ranking["ENG"] == 5 && ranking["FRA"] == 12 && ranking["POL"] == 28)
        #expect(Set(ranking.values.compactMap(\.self)).count == 16)
        // Ukraine beat England 1-0, Sweden beat France 3-1: England and France level on
        // everything up to the penalty case, England ranked 5th, France 12th.
        let tournament = try Self.seeded(.euro2012, withResults: true).tournament
        let table = try #require(
            try tournament.reports.standings(
                group: "D", assuming: [.init(match: "ENG-UKR", score: Score(0, 1)), .init(match: "SWE-FRA", score: Score(3, 1))]
            ).first)
        #expect(table.rows.map(\.team) == ["UKR", "ENG", "FRA", "SWE"])
        #expect(table.rows.map(\.rank) == [1, 2, 3, 4])
    }

    @Test(
        "Seeded without results: the schedule as it stood, knockout teams open, nothing played",
        arguments: BundledTournament.allCases)
    func scheduleOnly(bundled: BundledTournament) throws {
        let setup = try bundled.setup(withResults: false)
        let tournament = try Self.seeded(bundled, withResults: false).tournament
        let matches = try tournament.lookup.matches()
        #expect(matches.count == (bundled == .euro2012 ? 31 : 51))
        #expect(matches.allSatisfy { $0.homeGoals == nil && $0.awayGoals == nil })
        #expect(matches.filter { $0.homeSlot != nil }.allSatisfy { $0.homeTeam == nil && $0.awayTeam == nil })
        #expect(try tournament.lookup.groups().allSatisfy { $0.officialOrder == nil })
        #expect(try tournament.interchange.exportSetup() == setup)
        let full = try bundled.setup(withResults: true)
        #expect(full.unplayed == setup)
        #expect(full.matches.map(\.kickoff) == setup.matches.map(\.kickoff))
    }

    @Test("EURO 2024: 24 teams in six groups, 622 players, coaches, the rule set and every knockout slot")
    func euro2024Contents() throws {
        let setup = try BundledTournament.euro2024.setup(withResults: true)
        #expect(setup.tournament == "UEFA EURO 2024")
        #expect(setup.ruleSet == "euro2024")
        #expect(setup.groups.map(\.name) == ["A", "B", "C", "D", "E", "F"])
        #expect(setup.allTeams.count == 24 && setup.allTeams.allSatisfy { $0.coach != nil })
        #expect(setup.allTeams.map(\.players.count).reduce(0, +) == 622)
        #expect(setup.matches.filter { $0.round != "group" }.allSatisfy { $0.homeSlot != nil && $0.awaySlot != nil })
        #expect(setup.matches.allSatisfy { $0.timeZone == "Europe/Berlin" })
        let germany = try #require(setup.allTeams.first { $0.code == "GER" })
        #expect(germany.name == "Deutschland" && germany.coach?.name == "Nagelsmann")
    }
}
