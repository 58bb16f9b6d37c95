import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Recording and removing goals: the score is the truth they detail.
@Suite("Goals")
struct GoalTests {
    @Test("A goal is credited to the scorer's team; an own goal to the opponent")
    func credited() throws {
        let test = try GroupCSetup.tournament()
        let tournament = test.tournament
        let goal = try tournament.results.recordGoal(match: "1", team: "SVN", number: 7, minute: 77).goal
        let ownGoal = try tournament.results.recordGoal(match: "1", team: "SVN", number: 4, minute: 17, ownGoal: true).goal
        #expect(goal.team?.code == "SVN" && goal.scorer?.number == 7 && goal.penalty == false)
        #expect(ownGoal.team?.code == "DEN" && ownGoal.scorer?.team?.code == "SVN" && ownGoal.ownGoal == true)
        try tournament.save()
        let events = try test.reopened().results.events(in: try test.reopened().lookup.match("1"))
        #expect(events.map(\.minute) == [17, 77])
    }

    @Test("A penalty is recorded as one and listed by the scorers' list; own goals are not the scorer's")
    func scorers() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try tournament.results.recordGoal(match: "SRB-ENG", team: "ENG", number: 7, minute: 13, penalty: true)
        try tournament.results.recordGoal(match: "DEN-ENG", team: "ENG", number: 7, minute: 18)
        try tournament.results.recordGoal(match: "DEN-ENG", team: "ENG", number: 3, minute: 34, ownGoal: true)
        let scorers = try tournament.reports.scorers()
        #expect(
            scorers.map { "\($0.player.team!.code!) \($0.player.number!) \($0.goals) \($0.penalties) \($0.ownGoals)" } == [
                "ENG 7 2 1 0", "ENG 3 0 0 1",
            ])
    }

    @Test(
        "Refused goals change nothing",
        arguments: [
            ("1", "ENG", 7, 10, false, false, PlannerError.Kind.teamNotInMatch(team: "England", match: 1)),
            ("1", "SVN", 8, 10, false, false, .noSuchPlayer(team: "Slowenien", number: 8)),
            ("1", "SVN", 7, 0, false, false, .minuteOutOfRange(0)),
            ("1", "SVN", 7, 131, false, false, .minuteOutOfRange(131)),
            ("1", "SVN", 7, 10, true, true, .invalidGoal("an own goal cannot be a penalty kick")),
            ("7", "ENG", 7, 10, false, false, .matchNotPlayed(match: 7)),
            ("5", "ENG", 7, 10, false, false, .goalsExceedScore(team: "England", match: 5, score: 0)),
            ("5", "SVN", 2, 10, false, true, .goalsExceedScore(team: "England", match: 5, score: 0)),
            ("99", "ENG", 7, 10, false, false, .unknownMatch("99")),
            ("1", "XYZ", 7, 10, false, false, .unknownTeam("XYZ")),
        ])
    func refused(
        _ match: String, _ team: String, _ number: Int, _ minute: Int, _ penalty: Bool, _ ownGoal: Bool, _ kind: PlannerError.Kind
    )
        throws
    {
        let tournament = try GroupCSetup.tournament().tournament
        #expect(
            plannerKind {
                try tournament.results.recordGoal(
                    match: match, team: team, number: number, minute: minute, penalty: penalty, ownGoal: ownGoal)
            } == kind)
        #expect(!tournament.hasChanges)
    }

    @Test("A team's goals cannot exceed its score, and the score cannot drop below its goals")
    func scoreAndGoalsAgree() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try tournament.results.recordGoal(match: "SVN-DEN", team: "DEN", number: 7, minute: 17)
        #expect(
            plannerKind { try tournament.results.recordGoal(match: "SVN-DEN", team: "DEN", number: 6, minute: 80) }
                == .goalsExceedScore(team: "Dänemark", match: 1, score: 1))
        #expect(
            plannerKind {
                try tournament.results.recordResult(match: "1", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            }
                == .scoreBelowGoals(team: "Dänemark", match: 1, score: 0, goals: 1))
        let match = try tournament.lookup.match("1")
        #expect(match.homeGoals == 1 && match.awayGoals == 1)
        try tournament.results.recordResult(match: "1", home: 1, away: 2, afterExtraTime: false, penalties: nil)
        try tournament.results.recordGoal(match: "SVN-DEN", team: "DEN", number: 6, minute: 80)
    }

    @Test("Clearing a result deletes the match's goals and cards, which need it", arguments: StoreKind.allCases)
    func clearingTheResult(kind: StoreKind) throws {
        let test = try GroupCSetup.tournament(kind)
        let tournament = test.tournament
        try tournament.results.recordGoal(match: "1", team: "DEN", number: 7, minute: 17)
        try tournament.results.recordGoal(match: "1", team: "SVN", number: 7, minute: 77)
        try tournament.results.recordGoal(match: "2", team: "ENG", number: 7, minute: 13)
        try tournament.results.recordCard(match: "1", team: "SVN", holder: .player(number: 2), kind: .yellow, minute: 30)
        try tournament.save()
        let cleared = try tournament.results.clearResult(match: "1")
        #expect(cleared.removedGoals == 2 && cleared.removedCards == 1 && cleared.bracket.isEmpty)
        try tournament.save()
        let reader = try test.reopened()
        let match = try reader.lookup.match("1")
        #expect(!match.isPlayed && match.goals.isEmpty)
        #expect(reader.results.events(in: match).isEmpty)
        #expect(try reader.context.fetch(Goal.fetchRequest()).map(\.minute) == [13], "the other match keeps its goal")
        #expect(try reader.results.clearResult(match: "1").removedGoals == 0)
        #expect(
            plannerKind { try reader.results.recordGoal(match: "1", team: "DEN", number: 7, minute: 17) }
                == .matchNotPlayed(match: 1))
    }

    @Test("A goal is removed by scorer and minute; an unknown one is named")
    func remove() throws {
        let tournament = try GroupCSetup.tournament().tournament
        try tournament.results.recordGoal(match: "1", team: "DEN", number: 7, minute: 17)
        try tournament.save()
        #expect(
            plannerKind { try tournament.results.removeGoal(match: "1", team: "DEN", number: 7, minute: 18) }
                == .noSuchEvent("match 1 has no goal by Dänemark player 7 in minute 18"))
        try tournament.results.removeGoal(match: "1", team: "DEN", number: 7, minute: 17)
        try tournament.save()
        #expect(try tournament.results.events(in: tournament.lookup.match("1")).isEmpty)
        #expect(try tournament.context.fetch(Goal.fetchRequest()).isEmpty)
    }
}
