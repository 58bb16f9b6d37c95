import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Listings with filters, user predicates, sort keys and limits.
@Suite("Listings")
struct ListingTests {
    @Test(
        "Default orders: groups by name, teams by group then code, players by team code then number, matches by kick-off then id",
        arguments: StoreKind.allCases)
    func defaultOrders(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        #expect(try tournament.lookup.groups().map(\.name) == ["A", "B", "C", "D"])
        #expect(try tournament.lookup.teams(group: "A").map(\.code) == ["CZE", "GRE", "POL", "RUS"])
        #expect(try tournament.lookup.teams().prefix(5).map(\.code) == ["CZE", "GRE", "POL", "RUS", "DEN"])
        let players = try tournament.lookup.players()
        #expect(players.first?.team?.code == "CRO")
        #expect(players.prefix(23).map { Int($0.number ?? 0) } == Array(1...23))
        let matches = try tournament.lookup.matches()
        #expect(
            zip(matches, matches.dropFirst()).allSatisfy {
                $0.kickoff! < $1.kickoff!
                    || ($0.kickoff! == $1.kickoff! && tournament.lookup.matchID($0) < tournament.lookup.matchID($1))
            })
        let coaches = try tournament.lookup.coaches()
        #expect(coaches.first?.team?.code == "CRO")
    }

    @Test("A sort key that ends in a team sorts by its code, one that ends in a group by its name", arguments: StoreKind.allCases)
    func sortByRelationship(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        #expect(try tournament.lookup.players(sort: ["-team"], limit: 1).first?.team?.code == "UKR")
        #expect(try tournament.lookup.players(sort: ["team"], limit: 1).first?.team?.code == "CRO")
        #expect(try tournament.lookup.teams(sort: ["-group"]).first?.group?.name == "D")
        #expect(try tournament.lookup.players(sort: ["-team.group", "team"], limit: 1).first?.team?.code == "ENG")
    }

    @Test("Filters by team and group", arguments: StoreKind.allCases)
    func filters(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        #expect(try tournament.lookup.players(team: "ger").count == 23)
        #expect(try tournament.lookup.players(group: "b").count == 92)
        #expect(try tournament.lookup.coaches(team: "GER").map(\.name) == ["Löw"])
        #expect(try tournament.lookup.coaches(group: "A").count == 4)
        #expect(try tournament.lookup.matches(team: "GER").count == 3, "3 group matches; the knockout teams are not known yet")
        #expect(try tournament.lookup.matches(group: "B").count == 6)
        #expect(try tournament.lookup.matches(team: "ITA", group: "C").count == 3)
        #expect(plannerKind { _ = try tournament.lookup.players(team: "Atlantis") } == .unknownTeam("Atlantis"))
        #expect(plannerKind { _ = try tournament.lookup.teams(group: "Q") } == .unknownGroup("Q"))
    }

    @Test("Squad sizes are counted as the teams' players are, unsaved changes included", arguments: StoreKind.allCases)
    func squadSizes(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let teams = try tournament.lookup.teams()
        let sizes = try tournament.lookup.squadSizes()
        for team in teams { #expect(sizes[team] == team.players.count && team.players.count > 0) }
        let germany = try tournament.lookup.team("GER")
        try tournament.squads.removePlayer(team: "GER", number: 10)
        #expect(try tournament.lookup.squadSizes()[germany] == 22)
        let netherlands = try tournament.lookup.team("NED")
        for player in netherlands.players { try tournament.squads.removePlayer(team: "NED", number: Int(player.number!)) }
        #expect(try tournament.lookup.squadSizes()[netherlands] == 0)
    }

    @Test("A user predicate filters; values in it are parsed", arguments: StoreKind.allCases)
    func userPredicate(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let defenders = try tournament.lookup.players(team: "GER", where: "number <= 11 AND position == \"DF\"")
        #expect(!defenders.isEmpty)
        #expect(defenders.allSatisfy { $0.position == "DF" && $0.number! <= 11 && $0.team?.code == "GER" })
        #expect(try tournament.lookup.teams(where: "name BEGINSWITH[cd] \"d\"").map(\.name) == ["Dänemark", "Deutschland"])
        #expect(try tournament.lookup.players(where: "name == \"'; DROP TABLE ZPLAYER; --\"").isEmpty)
        #expect(try tournament.lookup.players().count == 368)
        #expect(try tournament.lookup.groups(where: "teams.@count == 4").count == 4)
    }

    @Test("A date of birth compares with an ISO 8601 date string, in SQL and in memory", arguments: StoreKind.allCases)
    func isoDatePredicate(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let young = try tournament.lookup.players(where: #"born > "1992-01-01""#)
        #expect(young.contains { $0.name == "Eriksen" && $0.team?.code == "DEN" })
        #expect(young.allSatisfy { $0.bornDay! > "1992-01-01" })
        #expect(try tournament.lookup.players(where: #"born > "1992-01-01T02:00:00+02:00""#).count == young.count)
    }

    @Test(
        "A predicate that does not parse is refused with the parser's column",
        arguments: [
            (
                "number <= ",
                "invalid --where predicate: predicate syntax error at column 11: expected a value after '<=', found end of input"
            )
        ])
    func invalidPredicate(text: String, message: String) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        do {
            _ = try tournament.lookup.players(where: text)
            Issue.record("expected an error")
        } catch let error as PlannerError {
            guard case .invalidPredicate = error.kind else {
                Issue.record("wrong kind \(error.kind)")
                return
            }
            #expect(error.description == message)
        }
    }

    @Test(
        "Predicate errors of every sort become invalidPredicate",
        arguments: [
            "number <=", "nonsense == 3", "number == %@", "team.nonsense == \"x\"", "(((", "name == $NAME",
        ])
    func predicateErrorsAreInvalidPredicate(text: String) throws {
        let tournament = try TestTournament.seeded(.sqlite).tournament
        let kind = plannerKind { _ = try tournament.lookup.players(where: text) }
        guard case .invalidPredicate(let message) = kind else {
            Issue.record("expected invalidPredicate, got \(String(describing: kind))")
            return
        }
        #expect(!message.contains("\n"))
    }

    @Test(
        "A constant of the wrong type for its property is refused, naming both types",
        arguments: [
            (
                "number == \"abc\"",
                "predicate type error: 'number' (Integer 16) cannot be compared with the string \"abc\"; write a number without quotes"
            ),
            ("position IN {1, 2}", "predicate type error: 'position' (String) cannot be compared with the number 1"),
            (
                "born == 5",
                "predicate type error: 'born' (Date) cannot be compared with the number 5; write a date as a string such as \"1992-01-01\" or \"1992-01-01T18:00:00+02:00\""
            ),
            (
                "number CONTAINS \"1\"",
                "predicate type error: 'number' (Integer 16) cannot be compared with CONTAINS, which compares strings"
            ),
            (
                "team == \"GER\"",
                "predicate type error: 'team' (relationship to Team) cannot be compared with the string \"GER\"; compare one of its attributes, or an object"
            ),
            (
                "team.players.number == \"x\"",
                "predicate type error: 'team.players.number' (Integer 16) cannot be compared with the string \"x\"; write a number without quotes"
            ),
            ("number == {1, 2}", "unsupported fetch 'number == {1, 2}': a list can only stand on the right of IN or BETWEEN"),
        ])
    func wrongTypes(text: String, message: String) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(plannerKind { _ = try tournament.lookup.players(where: text) } == .invalidPredicate(message))
        // What fits is accepted.
        #expect(try tournament.lookup.players(where: "number BETWEEN {1, 2} AND club != nil AND team.code == \"GER\"").count == 2)
    }

    @Test("Sort keys, with - for descending, come before the default order", arguments: StoreKind.allCases)
    func sortKeys(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let numbers = try tournament.lookup.players(team: "GER", sort: ["-number"]).map { Int($0.number!) }
        #expect(numbers == Array((1...23).reversed()))
        let byPosition = try tournament.lookup.players(team: "GER", sort: ["position"])
        #expect(byPosition.map(\.position!) == byPosition.map(\.position!).sorted())
        let teams = try tournament.lookup.teams(sort: ["-code"]).map(\.code!)
        #expect(teams == teams.sorted(by: >))
        let byGroupName = try tournament.lookup.players(sort: ["team.group.name", "-team.name"], limit: 1)
        #expect(byGroupName.first?.team?.name == "Tschechien")
        #expect(try tournament.lookup.teams(sort: ["name"]).map(\.name!).first == "Dänemark")
    }

    @Test(
        "Unknown or unsortable sort keys are refused",
        arguments: [
            (
                "numbr",
                "invalid sort key \"numbr\": Player has no attribute or to-one relationship 'numbr' (known: born, club, givenname, name, number, position, team)"
            ),
            (
                "team.coach",
                "invalid sort key \"team.coach\": 'coach' is a relationship; sort by one of its attributes, e.g. 'team.coach.name'"
            ),
            ("team.players.number", "invalid sort key \"team.players.number\": 'players' is a to-many relationship of Team"),
            (
                "-",
                "invalid sort key \"-\": Player has no attribute or to-one relationship '' (known: born, club, givenname, name, number, position, team)"
            ),
        ])
    func invalidSortKeys(key: String, message: String) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        do {
            _ = try tournament.lookup.players(sort: [key])
            Issue.record("expected an error")
        } catch let error as PlannerError {
            #expect(error.description == message)
        }
    }

    @Test("A limit caps the list; below 1 it is refused", arguments: StoreKind.allCases)
    func limits(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        #expect(try tournament.lookup.players(limit: 5).count == 5)
        #expect(try tournament.lookup.matches(limit: 3).map(tournament.lookup.matchID) == [1, 2, 3])
        #expect(plannerKind { _ = try tournament.lookup.groups(limit: 0) } == .invalidLimit(0))
    }

    @Test("Listings see unsaved changes", arguments: StoreKind.allCases)
    func unsavedChangesAreListed(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        try tournament.squads.removePlayer(team: "GER", number: 23)
        try tournament.save()
        try tournament.squads.addPlayer(
            team: "GER", givenname: nil, name: "Zeta", number: 23, position: "FW", club: nil, born: nil)
        #expect(try tournament.lookup.players(team: "GER").count == 23)
        #expect(try tournament.lookup.players(team: "GER").last?.name == "Zeta")
        #expect(try tournament.lookup.players(where: "name == \"Zeta\"").map(\.number) == [23])
        tournament.rollback()
        #expect(try tournament.lookup.players(team: "GER").count == 22)
    }

    @Test("Matches on a day are those on that local date at their venue", arguments: StoreKind.allCases)
    func matchesOnDay(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        let opening = try tournament.lookup.matches(on: "2012-06-08")
        #expect(opening.map { $0.homeTeam!.code! } == ["POL", "RUS"])
        #expect(try tournament.lookup.matches(on: "2012-06-20").isEmpty)
        #expect(try tournament.lookup.matches(on: "2012-07-01").map(\.round) == ["final"])
        #expect(try tournament.lookup.matches(team: "GER", on: "2012-06-09").count == 1)
        #expect(try tournament.lookup.matches(on: "2012-06-11", limit: 1).count == 1)
        #expect(
            plannerKind { _ = try tournament.lookup.matches(on: "June 8") }
                == .invalidDate("June 8", expected: "a date as YYYY-MM-DD"))
        #expect(
            plannerKind { _ = try tournament.lookup.matches(on: "2012-02-30") }
                == .invalidDate("2012-02-30", expected: "a date as YYYY-MM-DD"))
    }

    @Test("The local day counts, not UTC's: a late kick-off in Kyiv is on the next Kyiv day")
    func localDayDiffersFromUTC() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let late = try tournament.fixtures.scheduleMatch(
            home: "UKR", away: "SWE", kickoff: "2012-06-30T21:30:00Z", timeZone: "Europe/Kyiv",
            venue: "Olympic Stadium", city: "Kyiv", group: nil, round: "quarterfinal"
        ).object
        #expect(late.localDay == "2012-07-01")
        #expect(late.weekday(in: .venue) == "Sunday", "Saturday in UTC")
        #expect(try tournament.lookup.matches(on: "2012-07-01").contains(late))
        #expect(try !tournament.lookup.matches(on: "2012-06-30").contains(late))
    }
}
