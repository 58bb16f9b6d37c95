import Foundation
import Testing

@testable import EMPlanner

/// A EURO tournament from the fixture files (`euro2012.json`, `euro2024.json`), turned into the
/// engine's inputs.
struct EuroFixture: Decodable {
    struct Team: Decodable {
        var name: String
        var code: String
        var group: String
    }

    struct Goals: Decodable {
        var home: Int
        var away: Int
        var score: Score { Score(home, away) }
    }

    struct Match: Decodable {
        var round: String
        var group: String?
        var home: String
        var away: String
        var homeGoals: Int
        var awayGoals: Int
        var extraTime: Bool?
        var score90: Goals?
        var penalties: Goals?
        var winner: String?
        var matchNumber: Int
        var matchday: Int?
        var bracketSlots: [String]?
    }

    var teams: [Team]
    var groups: [String: [String]]
    var matches: [Match]

    static func load(_ year: Int) throws -> EuroFixture {
        try JSONDecoder().decode(EuroFixture.self, from: fixtureData("euro\(year)"))
    }

    /// The FIFA code of a team's English name.
    func code(_ name: String) throws -> String {
        try #require(teams.first { $0.name == name }?.code, "no team \(name)")
    }

    /// The group's results as the engine reads them; teams in the file's order.
    func groupResults(
        _ name: String, disciplinaryPoints: [String: Int] = [:], officialOrder: [String]? = nil
    ) throws -> GroupResults {
        let teams = try #require(groups[name]).map(code)
        let matches = try self.matches.filter { $0.group == name }.map { match in
            GroupMatch(
                home: try code(match.home), away: try code(match.away), matchday: try #require(match.matchday),
                score: Score(match.homeGoals, match.awayGoals))
        }
        return GroupResults(
            name: name, teams: teams, matches: matches, disciplinaryPoints: disciplinaryPoints, officialOrder: officialOrder)
    }

    /// Every group's table under the rule set, with disciplinary points for some teams.
    func tables(_ ruleSet: RuleSet, disciplinaryPoints: [String: Int] = [:]) throws -> [GroupTable] {
        try groups.keys.sorted().map { name in
            let results = try groupResults(name)
            return GroupTable(
                try groupResults(name, disciplinaryPoints: disciplinaryPoints.filter { results.teams.contains($0.key) }),
                ruleSet: ruleSet)
        }
    }

    /// The knockout matches.
    var knockoutMatches: [Match] { matches.filter { $0.group == nil } }

    /// The knockout results: 90-minute score, score after extra time and shoot-out.
    func knockoutResults() throws -> [KnockoutResult] {
        try knockoutMatches.map { match in
            let final = Score(match.homeGoals, match.awayGoals)
            let result =
                match.extraTime == true
                ? MatchResult(try #require(match.score90).score, afterExtraTime: final, penalties: match.penalties?.score)
                : MatchResult(final, penalties: match.penalties?.score)
            return try KnockoutResult(
                match: match.matchNumber, home: try code(match.home), away: try code(match.away), result: result)
        }
    }
}

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
        try JSONDecoder().decode(OfficialStandings.self, from: fixtureData("standings-2012-2024"))
    }
}

/// A fixture file's bytes, from the test bundle.
func fixtureData(_ name: String) throws -> Data {
    let url = try #require(
        Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"), "fixture \(name).json")
    return try Data(contentsOf: url)
}
