import TestSupport
import Testing

@testable import EMPlanner

extension Tournament {
    /// Records the fixture's results of the matches with these numbers (the match ids of the
    /// bundled EURO 2012), in this order, as `em result` would.
    ///
    /// - Returns: What each result moved in the bracket.
    @discardableResult
    func record(_ fixture: EuroFixture, matches numbers: some Sequence<Int>) throws -> [BracketUpdate] {
        try numbers.map { number in
            let match = try #require(fixture.matches.first { $0.matchNumber == number }, "no match \(number)")
            return try results.recordResult(
                match: String(number), home: match.homeGoals, away: match.awayGoals, afterExtraTime: match.extraTime == true,
                penalties: match.penalties.map { ($0.home, $0.away) }
            ).bracket
        }
    }
}
