import TestSupport
import Testing

@testable import EMPlanner

/// `Tournament.scenarios(group:)`: EURO 2024 as it stood before matchday 3 (matches 25 to 36
/// cleared), as values, with match ids; nothing changes.
@Suite("Scenarios")
struct ScenariosTests {
    /// EURO 2024 with every result but those of matchday 3.
    static func beforeMatchdayThree() throws -> TestTournament {
        let test = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: true))
        for id in 25...36 { _ = try test.tournament.results.clearResult(match: String(id)) }
        try test.tournament.save()
        return test
    }

    @Test("Group A before matchday 3: positions, qualification, outcomes by match id, the flag")
    func groupA() throws {
        let test = try Self.beforeMatchdayThree()
        let scenarios = try #require(try test.tournament.reports.scenarios(group: "A").first)
        #expect(!test.tournament.hasChanges)
        #expect(scenarios.matchIDs == [25, 26])
        #expect(scenarios.group.remaining.map { "\($0.home)-\($0.away)" } == ["SUI-GER", "SCO-HUN"])
        let outlooks = Dictionary(uniqueKeysWithValues: scenarios.group.teams.map { ($0.team, $0) })
        // Germany 6 points, Switzerland 4, Scotland 1, Hungary 0.
        #expect(outlooks["GER"]?.positions == [1, 2])
        #expect(outlooks["GER"]?.qualification == .certain)
        #expect(outlooks["SUI"]?.positions == [1, 2, 3])
        #expect(outlooks["SCO"]?.positions == [2, 3, 4])
        #expect(outlooks["HUN"]?.positions == [3, 4])
        #expect(outlooks["HUN"]?.qualification == .possible)
        #expect(scenarios.group.outcomes.count == 9)
        // Switzerland beat Germany, Scotland beat Hungary: Switzerland first, Germany second.
        let upset = try #require(scenarios.group.outcomes.first { $0.results == [.home, .home] })
        #expect(upset.positions(of: "SUI") == [1])
        #expect(upset.positions(of: "GER") == [2])
        #expect(upset.orders.map(\.description) == ["SUI, GER, SCO, HUN"])
        // Germany and Scotland win: Scotland's margin decides between it and Switzerland, or
        // nothing but cards does.
        let close = try #require(scenarios.group.outcomes.first { $0.results == [.away, .home] })
        #expect(Set(close.orders.map(\.description)) == ["GER, SUI, SCO, HUN", "GER, SCO, SUI, HUN", "GER, SCO = SUI, HUN"])
        #expect(scenarios.group.flags == [.drawTakesBothThrough(match: 0)])
    }

    @Test("Every group in group order; once the thirds are ranked, a third place is certain or impossible")
    func allGroups() throws {
        let test = try Self.beforeMatchdayThree()
        #expect(try test.tournament.reports.scenarios().map(\.group.name) == ["A", "B", "C", "D", "E", "F"])
        let final = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: true))
        let thirds = try final.tournament.reports.scenarios().map { scenarios in
            scenarios.group.teams.filter { $0.positions == [3] }.map { "\($0.team) \($0.qualification)" }
        }
        #expect(
            thirds == [
                ["HUN impossible"], ["CRO impossible"], ["SVN certain"], ["NED certain"], ["SVK certain"], ["GEO certain"],
            ])
    }

    @Test("After matchday 1 a group has 81 combinations, each team every position some of them give; an unknown group is refused")
    func afterMatchdayOne() throws {
        let test = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: true))
        for id in 13...36 { _ = try test.tournament.results.clearResult(match: String(id)) }
        let scenarios = try #require(try test.tournament.reports.scenarios(group: "A").first)
        #expect(scenarios.matchIDs.count == 4)
        #expect(scenarios.group.outcomes.count == 81)
        // Germany 3 points (5-1 against Scotland), Switzerland 3, Hungary and Scotland 0.
        for outlook in scenarios.group.teams {
            #expect(outlook.positions == [1, 2, 3, 4], "\(outlook.team)")
            #expect(outlook.qualification == .possible, "\(outlook.team)")
        }
        // Germany winning both: 9 points, first whatever the goals.
        let germanyWins = scenarios.group.outcomes.filter { outcome in
            zip(scenarios.group.remaining, outcome.results).allSatisfy { match, result in
                match.home == "GER" ? result == .home : match.away == "GER" ? result == .away : true
            }
        }
        #expect(germanyWins.count == 9)
        #expect(germanyWins.allSatisfy { $0.positions(of: "GER") == [1] })
        #expect(plannerKind { _ = try test.tournament.reports.scenarios(group: "Z") } == .unknownGroup("Z"))
    }
}
