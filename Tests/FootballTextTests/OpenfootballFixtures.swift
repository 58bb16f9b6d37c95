import FootballText
import Foundation
import TestSupport

/// Reading the openfootball fixtures (``OpenfootballFixture``) with this module.
enum OpenfootballFixtures {
    /// The editions' directories, oldest first.
    static var editions: [String] { OpenfootballFixture.editions }

    /// The squad files of EURO 2024, sorted.
    static var squadFiles: [String] { OpenfootballFixture.squadFiles }

    /// The text of the fixture at `relativePath`.
    static func text(_ relativePath: String) throws -> String {
        try OpenfootballFixture.text(relativePath)
    }

    /// The parsed `euro.txt` of `edition`.
    static func document(_ edition: String) throws -> FootballTextDocument {
        try FootballTextParser().parse(text("\(edition)/euro.txt"), fileName: "euro.txt").document
    }

    /// The first match of `document` between `home` and `away` (in `round` if given).
    static func match(
        _ document: FootballTextDocument,
        _ home: String,
        _ away: String,
        round: String? = nil
    ) -> MatchEntry? {
        document.matches.first { $0.home == home && $0.away == away && (round == nil || $0.round == round) }
    }
}
