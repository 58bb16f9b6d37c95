import Foundation
import Testing

/// The official final tables of `standings-2012-2024.json`.
struct OfficialStandings: Decodable {
    struct Row: Decodable {
        var rank: Int
        var team: String
        var group: String?
        var played: Int
        var won: Int
        var drawn: Int
        var lost: Int
        var goalsFor: Int
        var goalsAgainst: Int
        var goalDifference: Int
        var points: Int
        var qualified: Bool?

        enum CodingKeys: String, CodingKey {
            case rank, team, group, qualified
            case played = "P"
            case won = "W"
            case drawn = "D"
            case lost = "L"
            case goalsFor = "GF"
            case goalsAgainst = "GA"
            case goalDifference = "GD"
            case points = "Pts"
        }
    }

    struct Tournament: Decodable {
        var groups: [String: [Row]]
        var thirdPlaced: [Row]?
        var thirdPlacedCombination: String?
    }

    var tournaments: [String: Tournament]

    static func load() throws -> OfficialStandings {
        let url = try #require(
            Bundle.module.url(forResource: "standings-2012-2024", withExtension: "json", subdirectory: "Fixtures"),
            "fixture standings-2012-2024.json")
        return try JSONDecoder().decode(OfficialStandings.self, from: Data(contentsOf: url))
    }
}
