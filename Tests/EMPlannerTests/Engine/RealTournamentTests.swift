import TestSupport
import Testing

@testable import EMPlanner

/// The real EURO 2012 and 2024 results fed through the engine reproduce the official tables,
/// tie-breaks, third-placed ranking and knockout bracket.
@Suite("Engine: real tournaments")
struct RealTournamentTests {
    /// EURO 2024 Group C was decided on disciplinary points: Denmark 6, Slovenia 7.
    static let groupCCards = ["DEN": 6, "SVN": 7]

    @Test("Every official final table is reproduced: rank, P W D L GF GA GD Pts", arguments: [2012, 2024])
    func officialTables(year: Int) throws {
        let fixture = try EuroFixture.load(year)
        let ruleSet = try #require(RuleSet.named("euro\(year)"))
        let official = try #require(try OfficialStandings.load().tournaments[String(year)])
        let tables = try fixture.tables(ruleSet, disciplinaryPoints: year == 2024 ? Self.groupCCards : [:])
        #expect(tables.map(\.name) == official.groups.keys.sorted())
        for table in tables {
            #expect(table.isComplete)
            let expected = try #require(official.groups[table.name]).map { row in
                [
                    row.rank, row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst, row.goalDifference,
                    row.points,
                ].map(String.init)
                    + [try fixture.code(row.team)]
            }
            let actual = table.rows.map { row in
                let record = row.record
                return [
                    row.rank, record.played, record.won, record.drawn, record.lost, record.goalsFor, record.goalsAgainst,
                    record.goalDifference, record.points,
                ].map(String.init) + [row.team]
            }
            #expect(actual == expected, "group \(table.name)")
        }
    }

    @Test("2012 Group A: Greece ahead of Russia on head-to-head points, despite Russia's goal difference")
    func greeceOverRussia() throws {
        let table = GroupTable(try EuroFixture.load(2012).groupResults("A"), ruleSet: .euro2012)
        #expect(table.rows.map(\.team) == ["CZE", "GRE", "RUS", "POL"])
        #expect(
            table.decisions == [
                .separated(
                    ahead: ["GRE"], behind: ["RUS"], by: .headToHeadPoints, aheadValue: 3, behindValue: 0, among: ["GRE", "RUS"])
            ])
        #expect(table.decisions.map(\.description) == ["GRE ahead of RUS: head-to-head points 3–0"])
    }

    @Test("2012 Group D: Ukraine ahead of Sweden on head-to-head points")
    func ukraineOverSweden() throws {
        let table = GroupTable(try EuroFixture.load(2012).groupResults("D"), ruleSet: .euro2012)
        #expect(table.decisions.map(\.description) == ["UKR ahead of SWE: head-to-head points 3–0"])
    }

    @Test("2024 Group C: Denmark and Slovenia are level on results alone, because no cards are recorded")
    func groupCLevelWithoutCards() throws {
        let table = GroupTable(try EuroFixture.load(2024).groupResults("C"), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["ENG", "SVN", "DEN", "SRB"])
        #expect(table.rows.map(\.rank) == [1, 2, 2, 4])
        #expect(table.decisions == [.level(["SVN", "DEN"], reason: .noCardsRecorded)])
        #expect(table.decisions.map(\.description) == ["SVN, DEN level: no cards recorded"])
        #expect(table.teams(atPosition: 3) == ["SVN", "DEN"])
    }

    @Test("2024 Group C: Denmark ahead of Slovenia on disciplinary points 6–7")
    func groupCWithCards() throws {
        let table = GroupTable(
            try EuroFixture.load(2024).groupResults("C", disciplinaryPoints: Self.groupCCards), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["ENG", "DEN", "SVN", "SRB"])
        #expect(table.rows.map(\.rank) == [1, 2, 3, 4])
        #expect(table.decisions.map(\.description) == ["DEN ahead of SVN: disciplinary points 6–7"])
    }

    @Test("2024 Group C: the official order ranks Denmark first when no cards are recorded")
    func groupCOfficialOrder() throws {
        let table = GroupTable(
            try EuroFixture.load(2024).groupResults("C", officialOrder: ["ENG", "DEN", "SVN", "SRB"]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["ENG", "DEN", "SVN", "SRB"])
        #expect(table.rows.map(\.rank) == [1, 2, 3, 4])
        #expect(table.decisions == [.officialOrder(["DEN", "SVN"], reason: .noCardsRecorded)])
    }

    @Test("2024 Group E: a four-team mini-league decided on head-to-head goal difference, then goals")
    func groupEFourWay() throws {
        let table = GroupTable(try EuroFixture.load(2024).groupResults("E"), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["ROU", "BEL", "SVK", "UKR"])
        #expect(
            table.decisions.map(\.description) == [
                "ROU ahead of BEL: head-to-head goals scored among BEL, SVK, ROU, UKR 4–2",
                "BEL ahead of SVK: head-to-head goal difference among BEL, SVK, ROU, UKR +1 vs 0",
                "SVK ahead of UKR: head-to-head goal difference among BEL, SVK, ROU, UKR 0 vs -2",
            ])
    }

    @Test("2024 Group F: Portugal ahead of Turkey on head-to-head points")
    func groupF() throws {
        let table = GroupTable(try EuroFixture.load(2024).groupResults("F"), ruleSet: .euro2024)
        #expect(table.decisions.map(\.description) == ["POR ahead of TUR: head-to-head points 3–0"])
    }

    @Test("2024 third-placed teams: NED and GEO level without cards, then SVK, SVN; HUN and CRO out; row C D E F")
    func thirdPlaced2024() throws {
        let fixture = try EuroFixture.load(2024)
        let thirds = try ThirdPlacedTable(
            groups: try fixture.tables(.euro2024, disciplinaryPoints: Self.groupCCards), ruleSet: .euro2024)
        #expect(thirds.rows.map(\.team) == ["NED", "GEO", "SVK", "SVN", "HUN", "CRO"])
        #expect(thirds.rows.map(\.rank) == [1, 1, 3, 4, 5, 6])
        #expect(thirds.rows.map(\.status) == [.qualified, .qualified, .qualified, .qualified, .eliminated, .eliminated])
        #expect(
            thirds.decisions.map(\.description) == [
                "NED, GEO level: no cards recorded",
                "NED, GEO ahead of SVK: goals scored 4–3",
                "SVN ahead of HUN: goal difference 0 vs -3",
            ])
        #expect(thirds.qualifiedGroups == ["C", "D", "E", "F"])
        #expect(thirds.allocation?.description == "C D E F")
        #expect(thirds.allocation?.opponents == ["B": "F", "C": "E", "E": "D", "F": "C"])

        let official = try #require(try OfficialStandings.load().tournaments["2024"]?.thirdPlaced)
        let officialCodes = try official.map { try fixture.code($0.team) }
        #expect(Array(officialCodes[2...]) == Array(thirds.rows.map(\.team)[2...]))
        #expect(Set(officialCodes[..<2]) == Set(thirds.rows.map(\.team)[..<2]))
        #expect(official.map { $0.qualified == true } == thirds.rows.map { $0.status == .qualified })
    }

    @Test("2024 third-placed teams: the official order ranks Netherlands above Georgia")
    func thirdPlacedOfficialOrder() throws {
        let fixture = try EuroFixture.load(2024)
        let thirds = try ThirdPlacedTable(
            groups: try fixture.tables(.euro2024, disciplinaryPoints: Self.groupCCards), ruleSet: .euro2024,
            officialOrder: ["NED", "GEO", "SVK", "SVN", "HUN", "CRO"])
        #expect(thirds.rows.map(\.rank) == [1, 2, 3, 4, 5, 6])
        #expect(thirds.decisions.first == .officialOrder(["NED", "GEO"], reason: .noCardsRecorded))
    }

    @Test("The rule sets' brackets are the fixtures' bracket slots", arguments: [2012, 2024])
    func bracketSlots(year: Int) throws {
        let fixture = try EuroFixture.load(year)
        let ruleSet = try #require(RuleSet.named("euro\(year)"))
        #expect(ruleSet.bracket.map(\.number) == fixture.knockoutMatches.map(\.matchNumber).sorted())
        for match in fixture.knockoutMatches {
            let bracketMatch = try #require(ruleSet.bracketMatch(match.matchNumber))
            #expect([bracketMatch.home.description, bracketMatch.away.description] == match.bracketSlots)
        }
    }

    @Test("2024 round of 16 (37–44): the group tables fill every slot with the team that played")
    func roundOf16() throws {
        let fixture = try EuroFixture.load(2024)
        let bracket = Bracket(
            ruleSet: .euro2024, groups: try fixture.tables(.euro2024, disciplinaryPoints: Self.groupCCards), results: [])
        for match in fixture.knockoutMatches where match.round == "Round of 16" {
            let state = try #require(bracket[match: match.matchNumber])
            #expect(state.home == .team(try fixture.code(match.home)), "match \(match.matchNumber)")
            #expect(state.away == .team(try fixture.code(match.away)), "match \(match.matchNumber)")
            #expect(state.winner == .pending(.noResult(match: match.matchNumber)))
        }
        #expect(bracket[match: 45]?.home == .pending(.noResult(match: 39)))
        #expect(bracket[match: 45]?.winner == .pending(.teamsUnknown(match: 45)))
    }

    @Test("Every knockout winner follows from the real results through the bracket", arguments: [2012, 2024])
    func knockoutWinners(year: Int) throws {
        let fixture = try EuroFixture.load(year)
        let ruleSet = try #require(RuleSet.named("euro\(year)"))
        let bracket = Bracket(
            ruleSet: ruleSet, groups: try fixture.tables(ruleSet, disciplinaryPoints: year == 2024 ? Self.groupCCards : [:]),
            results: try fixture.knockoutResults())
        #expect(bracket.matches.count == fixture.knockoutMatches.count)
        for match in fixture.knockoutMatches {
            let state = try #require(bracket[match: match.matchNumber])
            #expect(state.home.team == (try fixture.code(match.home)), "match \(match.matchNumber)")
            #expect(state.away.team == (try fixture.code(match.away)), "match \(match.matchNumber)")
            #expect(state.winner.team == (try fixture.code(try #require(match.winner))), "match \(match.matchNumber)")
        }
    }

    @Test("2024 without cards: Group C's second place and the third-placed slots stay open; nothing is guessed")
    func openSlotsWithoutCards() throws {
        let fixture = try EuroFixture.load(2024)
        let bracket = Bracket(ruleSet: .euro2024, groups: try fixture.tables(.euro2024), results: try fixture.knockoutResults())
        #expect(bracket[match: 37]?.away == .pending(.levelInGroup(group: "C", teams: ["SVN", "DEN"])))
        #expect(bracket[match: 37]?.winner == .pending(.teamsUnknown(match: 37)))
        let undecided = SlotAssignment.pending(
            .thirdPlacedUnavailable(.thirdPlaceUndecided(group: "C", teams: ["SVN", "DEN"])))
        for number in [39, 40, 41, 43] {
            #expect(bracket[match: number]?.away == undecided, "match \(number)")
        }
        #expect(bracket[match: 38]?.winner == .team("SUI"))
        #expect(bracket[match: 51]?.home == .pending(.teamsUnknown(match: 49)))
    }

    @Test("A group's slots wait until the group is complete; third-placed slots until all are")
    func incompleteGroup() throws {
        let fixture = try EuroFixture.load(2024)
        var tables = try fixture.tables(.euro2024, disciplinaryPoints: Self.groupCCards)
        var groupA = try fixture.groupResults("A")
        groupA.matches[groupA.matches.count - 1].score = nil
        tables[0] = GroupTable(groupA, ruleSet: .euro2024)
        #expect(!tables[0].isComplete)
        let bracket = Bracket(ruleSet: .euro2024, groups: tables, results: [])
        #expect(bracket[match: 37]?.home == .pending(.groupIncomplete("A")))
        #expect(bracket[match: 37]?.away == .team("DEN"))
        #expect(bracket[match: 38]?.home == .pending(.groupIncomplete("A")))
        #expect(bracket[match: 42]?.home == .team("FRA"))
        #expect(bracket[match: 39]?.away == .pending(.thirdPlacedUnavailable(.groupsIncomplete(["A"]))))
    }

    @Test("Correcting a 2012 group result lists what moved in the bracket")
    func changesAfterGroupCorrection() throws {
        let fixture = try EuroFixture.load(2012)
        let results = try fixture.knockoutResults()
        let before = Bracket(ruleSet: .euro2012, groups: try fixture.tables(.euro2012), results: results)
        var groupA = try fixture.groupResults("A")
        let index = try #require(groupA.matches.firstIndex { $0.home == "GRE" && $0.away == "RUS" })
        groupA.matches[index].score = Score(0, 0)
        var tables = try fixture.tables(.euro2012)
        tables[0] = GroupTable(groupA, ruleSet: .euro2012)
        // Poland and Greece drew each other and are level on everything else.
        #expect(tables[0].rows.map(\.team) == ["CZE", "RUS", "POL", "GRE"])
        #expect(tables[0].rows.map(\.rank) == [1, 2, 3, 3])
        let after = Bracket(ruleSet: .euro2012, groups: tables, results: results)
        #expect(
            after.changes(since: before).map(\.description) == [
                "match 26 away: GRE → RUS",
                "match 26 winner: GER → ?",
                "match 30 home: GER → ?",
                "match 30 winner: ITA → ?",
                "match 31 away: ITA → ?",
                "match 31 winner: ESP → ?",
            ])
        #expect(after[match: 26]?.winner == .pending(.resultForOtherTeams(match: 26, home: "GER", away: "GRE")))
        #expect(before.changes(since: before).isEmpty)
    }

    @Test("Correcting a 2012 knockout result lists what moved in the bracket")
    func changesAfterKnockoutCorrection() throws {
        let fixture = try EuroFixture.load(2012)
        let tables = try fixture.tables(.euro2012)
        var results = try fixture.knockoutResults()
        let before = Bracket(ruleSet: .euro2012, groups: tables, results: results)
        let index = try #require(results.firstIndex { $0.match == 28 })
        results[index] = try KnockoutResult(
            match: 28, home: "ENG", away: "ITA",
            result: MatchResult(Score(0, 0), afterExtraTime: Score(0, 0), penalties: Score(4, 2)))
        let after = Bracket(ruleSet: .euro2012, groups: tables, results: results)
        #expect(
            after.changes(since: before) == [
                BracketChange(match: 28, part: .winner, before: "ITA", after: "ENG"),
                BracketChange(match: 30, part: .away, before: "ITA", after: "ENG"),
                BracketChange(match: 30, part: .winner, before: "ITA", after: nil),
                BracketChange(match: 31, part: .away, before: "ITA", after: nil),
                BracketChange(match: 31, part: .winner, before: "ESP", after: nil),
            ])
    }
}
