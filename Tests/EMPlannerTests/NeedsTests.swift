import TestSupport
import Testing

@testable import EMPlanner

/// `Reports.needs(team:)`: EURO 2024 as it stood before matchday 3, as values with match ids;
/// nothing changes.
@Suite("Needs")
struct NeedsTests {
    @Test("Scotland by German name before matchday 3: its own match first, the conditions on the other")
    func scotland() throws {
        let test = try ScenariosTests.beforeMatchdayThree()
        let entry = try test.tournament.reports.needs(team: "Schottland")
        #expect(!test.tournament.hasChanges)
        #expect(entry.needs.team == "SCO")
        #expect(entry.matchIDs == [26, 25])
        #expect(entry.needs.remaining.map { "\($0.home)-\($0.away)" } == ["SCO-HUN", "SUI-GER"])
        #expect(entry.needs.needs(for: .first)?.status == .impossible)
        // Scotland (1 point) are third with a draw; with a win, unless Germany win too.
        let third = try #require(entry.needs.needs(for: .third))
        #expect(third.status == .possible)
        #expect(Array(third.conditions.map(\.sentence).prefix(2)) == ["avoid defeat, if GER do not win", "draw"])
        let clause = try #require(third.conditions.first?.clauses.last)
        #expect(clause.match == 1)
        // "GER do not win": a set of results is said from the home side's view.
        #expect(clause.team == "SUI")
        #expect(clause.outcomes == [.win, .draw])
    }

    @Test("In the last completed state every target is certain or impossible; after round one, refused")
    func refusals() throws {
        let final = try TestTournament.seeded(.inMemory, from: BundledTournament.euro2024.setup(withResults: true))
        let spain = try final.tournament.reports.needs(team: "ESP").needs
        #expect(spain.targets.map(\.status) == [.certain, .impossible, .certain, .impossible, .impossible, .certain])
        let test = try TestTournament.seeded(.inMemory)
        #expect(
            plannerKind { _ = try test.tournament.reports.needs(team: "GER") }
                == .tooManyOpenMatches(group: "B", open: 6, maximum: 2))
        #expect(plannerKind { _ = try test.tournament.reports.needs(team: "Atlantis") } == .unknownTeam("Atlantis"))
    }
}
