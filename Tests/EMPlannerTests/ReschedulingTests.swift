import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Moving and removing scheduled matches.
@Suite("Rescheduling")
struct ReschedulingTests {
    @Test("Moving a match changes its day, and its time and venue when given", arguments: StoreKind.allCases)
    func move(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        try test.tournament.fixtures.moveMatch("1", on: "2012-06-09", at: nil, venue: nil, city: nil, timeZone: nil)
        try test.tournament.fixtures.moveMatch(
            "RUS-CZE", on: "2012-06-08", at: "21:45", venue: "Arena Lviv", city: "Lviv", timeZone: "Europe/Kyiv")
        try test.tournament.save()
        let reader = try test.reopened()
        #expect(try reader.lookup.match("1").localKickoff == "2012-06-09T18:00:00+02:00")
        let moved = try reader.lookup.match("2")
        #expect(moved.localKickoff == "2012-06-08T21:45:00+03:00")
        #expect(moved.venue == "Arena Lviv")
        #expect(moved.timeZone == "Europe/Kyiv")
    }

    @Test(
        "Moving a match is refused by the scheduling rules and for bad input, and changes nothing",
        arguments: [
            (
                "2", "2012-06-08", "19:00", "National Stadium (Stadion Narodowy)",
                PlannerError.Kind.venueInUse(
                    venue: "National Stadium (Stadion Narodowy)", city: "Warsaw", at: "2012-06-08T18:00:00+02:00")
            ),
            ("1", "2012-6-9", nil, nil, .invalidDate("2012-6-9", expected: "a date as YYYY-MM-DD")),
            ("1", "2012-06-09", "25:00", nil, .invalidDate("25:00", expected: "a time as HH:MM")),
            ("1", "2012-06-09", "8:00", nil, .invalidDate("8:00", expected: "a time as HH:MM")),
            ("1", "2012-06-09", nil, " ", .emptyName(field: "venue")),
            ("99", "2012-06-09", nil, nil, .unknownMatch("99")),
        ] as [(String, String, String?, String?, PlannerError.Kind)])
    func moveRefused(match: String, day: String, time: String?, venue: String?, expected: PlannerError.Kind) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind {
                try tournament.fixtures.moveMatch(match, on: day, at: time, venue: venue, city: "Warsaw", timeZone: nil)
            }
                == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("A match moved to a day its teams play already is refused")
    func moveToBusyDay() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let kind = plannerKind {
            try tournament.fixtures.moveMatch("1", on: "2012-06-12", at: nil, venue: nil, city: nil, timeZone: nil)
        }
        guard case .teamPlaysTwiceOnDay(let team, "2012-06-12") = kind else {
            Issue.record("expected teamPlaysTwiceOnDay, got \(String(describing: kind))")
            return
        }
        #expect(["Polen", "Griechenland"].contains(team))
        #expect(!tournament.hasChanges)
    }

    @Test("A match with a result goes only with force, its goals with it, and the tables follow")
    func removePlayed() throws {
        let test = try TestTournament.seeded(.sqlite)
        let tournament = test.tournament
        try tournament.results.recordResult(match: "1", home: 1, away: 1, afterExtraTime: false, penalties: nil)
        try tournament.results.recordGoal(match: "1", team: "POL", number: 9, minute: 17, penalty: false, ownGoal: false)
        try tournament.save()
        #expect(
            plannerKind { try tournament.fixtures.removeMatch("POL-GRE", force: false) }
                == .matchHasEvents(match: "1 POL-GRE", what: "a result and 1 goal"))
        #expect(!tournament.hasChanges)
        try tournament.fixtures.removeMatch("POL-GRE", force: true)
        try tournament.save()
        let reader = try test.reopened()
        #expect(plannerKind { _ = try reader.lookup.match("1") } == .unknownMatch("1"))
        #expect(try reader.reports.standings(group: "A")[0].rows.allSatisfy { $0.record.played == 0 })
    }

    @Test("A match a knockout slot names cannot go, even with force")
    func removeFeeder() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind { try tournament.fixtures.removeMatch("25", force: true) }
                == .matchFeedsBracket(match: "25 1A-2B", slots: ["W25 of match 29"]))
        #expect(!tournament.hasChanges)
        let message = PlannerError(.matchFeedsBracket(match: "25 1A-2B", slots: ["W25 of match 29"])).description
        #expect(message == "match 25 1A-2B decides knockout slots (W25 of match 29), so it cannot go")
    }
}
