import Testing

@testable import EMPlanner

/// The rules a result must keep: knockout matches have a winner; group matches no extra time.
@Suite("Engine: match results")
struct MatchResultTests {
    @Test(
        "Knockout results that stand, and their winner",
        arguments: [
            (MatchResult(Score(2, 1)), MatchResult.Side.home),
            (MatchResult(Score(0, 3)), .away),
            (MatchResult(Score(1, 1), afterExtraTime: Score(2, 1)), .home),
            (MatchResult(Score(0, 0), afterExtraTime: Score(0, 0), penalties: Score(2, 4)), .away),
            (MatchResult(Score(1, 1), afterExtraTime: Score(1, 1), penalties: Score(5, 3)), .home),
            (MatchResult(Score(0, 0), afterExtraTime: Score(0, 0), wonByLots: .home), .home),
            (MatchResult(Score(1, 1), afterExtraTime: Score(2, 2), wonByLots: .away), .away),
        ])
    func validKnockout(result: MatchResult, winner: MatchResult.Side) throws {
        #expect(result.problem(at: .knockout(.quarterfinal)) == nil)
        #expect(result.winner == winner)
    }

    @Test(
        "Knockout results that break the rules",
        arguments: [
            (MatchResult(Score(1, 1)), ResultError.drawNeedsExtraTime(Score(1, 1))),
            (MatchResult(Score(1, 1), penalties: Score(4, 3)), .drawNeedsExtraTime(Score(1, 1))),
            (MatchResult(Score(2, 1), afterExtraTime: Score(3, 1)), .extraTimeAfterDecision(Score(2, 1))),
            (
                MatchResult(Score(1, 1), afterExtraTime: Score(0, 1)),
                .extraTimeBelowRegularTime(regularTime: Score(1, 1), afterExtraTime: Score(0, 1))
            ),
            (MatchResult(Score(1, 1), afterExtraTime: Score(1, 1)), .drawNeedsPenalties(Score(1, 1))),
            (MatchResult(Score(1, 1), afterExtraTime: Score(1, 1), penalties: Score(3, 3)), .penaltiesWithoutWinner(Score(3, 3))),
            (MatchResult(Score(1, 1), afterExtraTime: Score(2, 1), penalties: Score(4, 3)), .penaltiesAfterDecision(Score(2, 1))),
            (MatchResult(Score(2, 1), penalties: Score(4, 3)), .penaltiesAfterDecision(Score(2, 1))),
            (MatchResult(Score(-1, 0)), .negativeGoals(Score(-1, 0))),
            (MatchResult(Score(2, 1), wonByLots: .away), .lotsWithoutDraw(Score(2, 1))),
            (MatchResult(Score(1, 1), afterExtraTime: Score(2, 1), wonByLots: .away), .lotsWithoutDraw(Score(2, 1))),
            (
                MatchResult(Score(0, 0), afterExtraTime: Score(0, 0), penalties: Score(4, 3), wonByLots: .away),
                .lotsWithoutDraw(Score(0, 0))
            ),
        ])
    func invalidKnockout(result: MatchResult, error: ResultError) {
        #expect(result.problem(at: .knockout(.final)) == error)
        #expect(throws: error) { try result.validate(at: .knockout(.round16)) }
    }

    @Test(
        "Group results: no extra time; a shoot-out only after a draw, with a winner",
        arguments: [
            (MatchResult(Score(1, 1)), ResultError?.none),
            (MatchResult(Score(3, 0)), nil),
            (MatchResult(Score(2, 2), penalties: Score(5, 4)), nil),
            (MatchResult(Score(1, 1), afterExtraTime: Score(2, 1)), .extraTimeInGroupMatch),
            (MatchResult(Score(1, 0), afterExtraTime: Score(1, 0)), .extraTimeInGroupMatch),
            (MatchResult(Score(2, 1), penalties: Score(4, 3)), .penaltiesAfterDecision(Score(2, 1))),
            (MatchResult(Score(1, 1), penalties: Score(3, 3)), .penaltiesWithoutWinner(Score(3, 3))),
            (MatchResult(Score(0, -2)), .negativeGoals(Score(0, -2))),
            (MatchResult(Score(1, 1), wonByLots: .home), .lotsWithoutDraw(Score(1, 1))),
        ])
    func group(result: MatchResult, error: ResultError?) {
        #expect(result.problem(at: .group) == error)
    }

    @Test("A match for third place may go to a shoot-out after 90 minutes (1980); no other knockout match may")
    func thirdPlaceShootout() {
        let result = MatchResult(Score(1, 1), penalties: Score(9, 8))
        #expect(result.problem(at: .knockout(.thirdPlace)) == nil)
        #expect(result.winner == .home)
        #expect(result.problem(at: .knockout(.semifinal)) == .drawNeedsExtraTime(Score(1, 1)))
        #expect(MatchResult(Score(1, 1)).problem(at: .knockout(.thirdPlace)) == .drawNeedsExtraTime(Score(1, 1)))
    }

    @Test("A group draw has no winner")
    func groupDraw() {
        #expect(MatchResult(Score(1, 1)).winner == nil)
    }

    @Test("A knockout result names its winner and loser, or is refused")
    func knockoutResult() throws {
        let result = try KnockoutResult(
            match: 28, home: "ENG", away: "ITA",
            result: MatchResult(Score(0, 0), afterExtraTime: Score(0, 0), penalties: Score(2, 4)))
        #expect(result.winner == "ITA")
        #expect(result.loser == "ENG")
        #expect(throws: ResultError.drawNeedsExtraTime(Score(0, 0))) {
            try KnockoutResult(match: 28, home: "ENG", away: "ITA", result: MatchResult(Score(0, 0)))
        }
    }

    @Test("Stages read the planner's round names", arguments: ["group", "round16", "quarterfinal", "semifinal", "final"])
    func stages(name: String) throws {
        let stage = try #require(MatchStage(roundName: name))
        #expect(stage.roundName == name)
        #expect((stage == .group) == (name == "group"))
    }

    @Test("Unknown round names are no stage")
    func unknownStage() {
        #expect(MatchStage(roundName: "Final") == nil)
        #expect(MatchStage(roundName: "thirdplace") == nil)
    }

    @Test("Messages quote the scores")
    func messages() {
        #expect(
            ResultError.drawNeedsExtraTime(Score(1, 1)).description
                == "a knockout match level after 90 minutes (1:1) needs extra time")
        #expect(ResultError.penaltiesWithoutWinner(Score(3, 3)).description == "a penalty shoot-out has a winner, found 3:3")
    }
}
