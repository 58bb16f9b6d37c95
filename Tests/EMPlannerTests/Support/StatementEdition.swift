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

    /// The edition's tournament with every result but those of the groups' last matchday.
    func tournamentBeforeLastMatchday() throws -> TestTournament {
        switch self {
        case .euro2012, .euro2024:
            let bundled: BundledTournament = self == .euro2012 ? .euro2012 : .euro2024
            let test = try TestTournament.seeded(.inMemory, from: bundled.setup(withResults: true))
            let lastMatchday = bundled == .euro2024 ? 25...36 : 17...24
            for id in lastMatchday { _ = try test.tournament.results.clearResult(match: String(id)) }
            try test.tournament.save()
            return test
        case .euro2016, .euro2020:
            let directory = self == .euro2016 ? "2016--france" : "2021--europe"
            var setup = try FootballTextImport(
                text: try OpenfootballFixture.text("\(directory)/euro.txt"), file: "euro.txt"
            ).setup
            // A group's last two matches by kick-off are its last matchday.
            for group in setup.groups {
                let matches = setup.matches.indices.filter { setup.matches[$0].group == group.name }
                    .sorted { setup.matches[$0].kickoff! < setup.matches[$1].kickoff! }
                for index in matches.suffix(2) { setup.matches[index] = setup.matches[index].unplayed }
            }
            return try TestTournament.seeded(.inMemory, from: setup)
        }
    }
}
