import TestSupport
import Testing

@testable import EMPlanner

extension EuroFixture {
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

extension EuroFixture.Goals {
    /// The goals as the engine's score.
    var score: Score { Score(home, away) }
}
