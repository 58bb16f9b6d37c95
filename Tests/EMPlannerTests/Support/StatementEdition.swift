import Foundation
import TestSupport

@testable import EMPlanner

/// An edition whose published "who needs what" before the last group matchday the tests check:
/// bundled with the planner (2012, 2024) or imported from openfootball's file (2016, 2020).
enum StatementEdition: String, Sendable, CaseIterable {
    case euro2012 = "2012"
    case euro2016 = "2016"
    case euro2020 = "2020"
    case euro2024 = "2024"

    /// The edition's tournament with every result but those of the groups' last matchday (a
    /// group's last two matches by kick-off), except in the groups `settled`, which had
    /// finished when the statement was made.
    func tournamentBeforeLastMatchday(settled: Set<String> = []) throws -> TestTournament {
        let setup: SetupData
        switch self {
        case .euro2012: setup = try BundledTournament.euro2012.setup(withResults: true)
        case .euro2024: setup = try BundledTournament.euro2024.setup(withResults: true)
        case .euro2016, .euro2020:
            let directory = self == .euro2016 ? "2016--france" : "2021--europe"
            setup = try FootballTextImport(text: try OpenfootballFixture.text("\(directory)/euro.txt"), file: "euro.txt")
                .setup
        }
        let test = try TestTournament.seeded(.inMemory, from: setup)
        let matches = try test.tournament.lookup.matchSummaries()
        for group in Set(matches.compactMap(\.group)).subtracting(settled) {
            let last = matches.filter { $0.group == group }.sorted { ($0.kickoff!, $0.id) < ($1.kickoff!, $1.id) }.suffix(2)
            for match in last { _ = try test.tournament.results.clearResult(match: String(match.id)) }
        }
        try test.tournament.save()
        return test
    }
}
