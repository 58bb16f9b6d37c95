import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// Scheduling matches, time zones and results.
@Suite("Schedule")
struct ScheduleTests {
    @Test("Kick-offs are absolute; local times follow the venue's zone", arguments: StoreKind.allCases)
    func localTimes(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let reader = try test.reopened()
        let opener = try reader.lookup.match("POL-GRE")
        #expect(opener.kickoff == Date(timeIntervalSince1970: 1_339_171_200))  // 2012-06-08T16:00:00Z
        #expect(opener.localTime == "18:00")
        #expect(opener.localDay == "2012-06-08")
        #expect(opener.weekday(in: .venue) == "Friday")
        #expect(opener.localKickoff == "2012-06-08T18:00:00+02:00")
        #expect(opener.venueTimeZone.identifier == "Europe/Warsaw")
        let kyiv = try reader.lookup.match("UKR-SWE")
        #expect(kyiv.city == "Kyiv")
        #expect(kyiv.localTime == "21:45", "20:45 CEST is 21:45 in Kyiv (UTC+3)")
        #expect(kyiv.localOffset == "+03:00")
        #expect(kyiv.localKickoff == "2012-06-11T21:45:00+03:00")
    }

    @Test("Scheduling a match stores the instant and the venue's zone", arguments: StoreKind.allCases)
    func scheduleMatch(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let match = try test.tournament.fixtures.scheduleMatch(
            home: "Spanien", away: "Italy", kickoff: "2012-07-02T18:45Z", timeZone: "Europe/Kyiv",
            venue: "Olympic Stadium", city: "Kyiv", group: nil, round: "Semifinal"
        ).object
        #expect(match.round == "semifinal")
        try test.tournament.save()
        let id = test.tournament.lookup.matchID(match)
        let reader = try test.reopened()
        let saved = try reader.lookup.match(String(id))
        #expect(saved.localKickoff == "2012-07-02T21:45:00+03:00")
        #expect(saved.timeZone == "Europe/Kyiv")
        #expect(saved.homeTeam?.code == "ESP")
        #expect(saved.awayTeam?.code == "ITA")
        #expect(!saved.isPlayed)
    }

    @Test("A tournament has one final: a second is refused", arguments: StoreKind.allCases)
    func oneFinal(kind: StoreKind) throws {
        let tournament = try TestTournament.seeded(kind).tournament
        #expect(
            plannerKind {
                try tournament.fixtures.scheduleMatch(
                    home: "GER", away: "ESP", kickoff: "2012-07-08T20:45:00+02:00", timeZone: nil,
                    venue: "Olympiastadion", city: "Berlin", group: nil, round: "final")
            } == .secondFinal(existing: 31))
        #expect(!tournament.hasChanges)
    }

    @Test("Without a time zone the kick-off's offset is kept as a fixed zone")
    func defaultTimeZone() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let match = try tournament.fixtures.scheduleMatch(
            home: "GER", away: "ESP", kickoff: "2012-07-02T20:45:00+02:00", timeZone: nil,
            venue: "Somewhere", city: "Else", group: nil, round: "semifinal"
        ).object
        #expect(match.timeZone == "GMT+0200")
        #expect(match.localTime == "20:45")
    }

    @Test("A group match needs its group and both teams in it; round defaults to group")
    func groupMatch() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let match = try tournament.fixtures.scheduleMatch(
            home: "GER", away: "NED", kickoff: "2012-06-25T20:45:00+02:00", timeZone: "Europe/Kiev",
            venue: "Metalist Stadium", city: "Kharkiv", group: "B", round: nil
        ).object
        #expect(match.round == "group")
        #expect(match.group?.name == "B")
    }

    static let base = (kickoff: "2012-06-25T20:45:00+02:00", venue: "New Arena", city: "Lviv")

    @Test(
        "Scheduling is refused for each broken rule and changes nothing",
        arguments: [
            (
                "GER", "GER", base.kickoff, "Europe/Kyiv", base.venue, "semifinal", nil,
                PlannerError.Kind.teamPlaysItself("Deutschland")
            ),
            (
                "GER", "ITA", "2012-06-09T23:59:00+03:00", "Europe/Kyiv", base.venue, "semifinal", nil,
                .teamPlaysTwiceOnDay(team: "Deutschland", day: "2012-06-09")
            ),
            (
                "SWE", "UKR", "2012-06-28T22:00:00+02:00", "Europe/Warsaw", "national stadium (stadion narodowy)", "semifinal",
                nil,
                .venueInUse(venue: "National Stadium (Stadion Narodowy)", city: "Warsaw", at: "2012-06-28T20:45:00+02:00")
            ),
            (
                "GER", "ITA", "25 June", "Europe/Kyiv", base.venue, "semifinal", nil,
                .invalidDate("25 June", expected: "an ISO 8601 date and time with offset, e.g. 2012-06-08T18:00:00+02:00")
            ),
            (
                "GER", "ITA", "2012-06-25T20:45:00", "Europe/Kyiv", base.venue, "semifinal", nil,
                .invalidDate(
                    "2012-06-25T20:45:00", expected: "an ISO 8601 date and time with offset, e.g. 2012-06-08T18:00:00+02:00")
            ),
            ("GER", "ITA", base.kickoff, "Europe/Atlantis", base.venue, "semifinal", nil, .invalidTimeZone("Europe/Atlantis")),
            ("GER", "ITA", base.kickoff, "Europe/Kyiv", base.venue, "playoff", nil, .unknownRound("playoff")),
            (
                "GER", "ITA", base.kickoff, "Europe/Kyiv", base.venue, "group", nil,
                .roundGroupMismatch(round: "group", group: nil)
            ),
            (
                "GER", "ITA", base.kickoff, "Europe/Kyiv", base.venue, "semifinal", "B",
                .roundGroupMismatch(round: "semifinal", group: "B")
            ),
            ("GER", "ITA", base.kickoff, "Europe/Kyiv", base.venue, "group", "B", .teamNotInGroup(team: "Italien", group: "B")),
            ("GER", "ITA", base.kickoff, "Europe/Kyiv", base.venue, "group", "Z", .unknownGroup("Z")),
            ("GER", "Atlantis", base.kickoff, "Europe/Kyiv", base.venue, "semifinal", nil, .unknownTeam("Atlantis")),
            ("GER", "ITA", base.kickoff, "Europe/Kyiv", "", "semifinal", nil, .emptyName(field: "venue")),
        ] as [(String, String, String, String?, String, String?, String?, PlannerError.Kind)])
    func scheduleRefusals(
        home: String, away: String, kickoff: String, timeZone: String?, venue: String, round: String?, group: String?,
        expected: PlannerError.Kind
    ) throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        let city = venue.lowercased().contains("narodowy") ? "WARSAW" : Self.base.city
        #expect(
            plannerKind {
                try tournament.fixtures.scheduleMatch(
                    home: home, away: away, kickoff: kickoff, timeZone: timeZone, venue: venue, city: city, group: group,
                    round: round)
            } == expected)
        #expect(!tournament.hasChanges)
    }

    @Test("A venue is free again 3 hours after a kick-off; another city's venue of the same name is another venue")
    func venueRule() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        // The semi-final in Warsaw kicks off 2012-06-28T20:45+02:00.
        try tournament.fixtures.scheduleMatch(
            home: "SWE", away: "UKR", kickoff: "2012-06-28T23:45:00+02:00", timeZone: "Europe/Warsaw",
            venue: "National Stadium (Stadion Narodowy)", city: "Warsaw", group: nil, round: "semifinal")
        try tournament.fixtures.scheduleMatch(
            home: "CRO", away: "IRL", kickoff: "2012-06-28T20:45:00+02:00", timeZone: "Europe/Warsaw",
            venue: "National Stadium (Stadion Narodowy)", city: "Poznań", group: nil, round: "semifinal")
        #expect(
            plannerKind {
                try tournament.fixtures.scheduleMatch(
                    home: "DEN", away: "NED", kickoff: "2012-06-28T17:46:00+02:00", timeZone: "Europe/Warsaw",
                    venue: "National Stadium (Stadion Narodowy)", city: "Warsaw", group: nil, round: "final")
            } == .venueInUse(venue: "National Stadium (Stadion Narodowy)", city: "Warsaw", at: "2012-06-28T20:45:00+02:00"))
    }

    @Test("A team may play on consecutive local days, even if they are the same UTC day")
    func teamDayIsLocal() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        // Germany plays 2012-06-09 20:45 CEST in Lviv (UTC+3: 21:45). A kick-off at 00:30 Kyiv time on the
        // 10th is 21:30Z on the 9th: another local day.
        let match = try tournament.fixtures.scheduleMatch(
            home: "GER", away: "ENG", kickoff: "2012-06-09T21:30:00Z", timeZone: "Europe/Kyiv",
            venue: "Olympic Stadium", city: "Kyiv", group: nil, round: "round16"
        ).object
        #expect(match.kickoff == ISO8601DateFormatter().date(from: "2012-06-09T21:30:00Z"))
        #expect(match.homeTeam?.code == "GER")
        // An hour earlier is 23:30 in Kyiv on the 9th: Germany's match day, refused.
        let refused = plannerKind {
            try tournament.fixtures.scheduleMatch(
                home: "GER", away: "NED", kickoff: "2012-06-09T20:30:00Z", timeZone: "Europe/Kyiv",
                venue: "Olympic Stadium", city: "Kyiv", group: nil, round: "round16")
        }
        guard case .teamPlaysTwiceOnDay(_, let day) = refused else {
            Issue.record("expected teamPlaysTwiceOnDay, got \(String(describing: refused))")
            return
        }
        #expect(day.contains("2012-06-09"))
    }

    @Test("Recording, correcting and clearing a result", arguments: StoreKind.allCases)
    func results(kind: StoreKind) throws {
        let test = try TestTournament.seeded(kind)
        let tournament = test.tournament
        try tournament.results.recordResult(match: "POL-GRE", home: 1, away: 1, afterExtraTime: false, penalties: nil)
        try tournament.save()
        var reader = try test.reopened()
        #expect(try reader.lookup.match("1").resultText == "1:1")
        // The knockout teams come from the results: the rest of the group stage, then up to the semi-finals.
        try tournament.record(try EuroFixture.load(2012), matches: 2...30)
        #expect(
            plannerKind {
                try tournament.results.recordResult(match: "ESP-ITA", home: 4, away: 0, afterExtraTime: false, penalties: nil)
            }
                == .ambiguousMatch("ESP-ITA", ids: [5, 31]))
        let final = try tournament.results.recordResult(match: "31", home: 4, away: 0, afterExtraTime: false, penalties: nil)
        #expect(final.match.round == "final")
        try tournament.results.recordResult(match: "POR-ESP", home: 0, away: 0, afterExtraTime: true, penalties: (2, 4))
        try tournament.save()
        reader = try test.reopened()
        #expect(try reader.lookup.match("POR-ESP").resultText == "0:0 aet, 2:4 pens")
        #expect(try reader.lookup.match("31").resultText == "4:0")
        try tournament.results.recordResult(match: "POR-ESP", home: 1, away: 0, afterExtraTime: true, penalties: nil)
        try tournament.save()
        reader = try test.reopened()
        let corrected = try reader.lookup.match("POR-ESP")
        #expect(corrected.resultText == "1:0 aet")
        #expect(corrected.homePenalties == nil && corrected.awayPenalties == nil)
        #expect(try !reader.lookup.match("31").isPlayed, "Portugal now plays the final, so Spain's win is gone")
        try tournament.results.clearResult(match: "POR-ESP")
        try tournament.save()
        reader = try test.reopened()
        #expect(try !reader.lookup.match("POR-ESP").isPlayed)
    }

    @Test(
        "A result is refused when it breaks the rules, and nothing changes",
        arguments: [
            ("POL-GRE", -1, 0, false, nil, "goals must be 0 to 99, found -1:0"),
            ("POL-GRE", 1, 1, true, nil, "group matches have no extra time"),
            ("POL-GRE", 1, 1, true, (4, 2), "group matches have no extra time"),
            ("CZE-POR", 0, 0, false, (2, 4), "a penalty shoot-out needs extra time (--aet)"),
            ("CZE-POR", 1, 0, true, (2, 4), "a penalty shoot-out needs a draw, found 1:0"),
            ("CZE-POR", 0, 0, true, (3, 3), "a penalty shoot-out has a winner, found 3:3"),
            ("CZE-POR", 0, 0, true, (-1, 3), "penalties must be 0 to 99, found -1:3"),
        ] as [(String, Int, Int, Bool, (Int, Int)?, String)])
    func resultRefusals(match: String, home: Int, away: Int, afterExtraTime: Bool, penalties: (Int, Int)?, reason: String) throws
    {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        // The group stage played, so that the quarter-final CZE-POR (match 25) has its teams.
        try tournament.record(try EuroFixture.load(2012), matches: 1...24)
        try tournament.save()
        let shootOut = penalties.map { (home: $0.0, away: $0.1) }
        #expect(
            plannerKind {
                try tournament.results.recordResult(
                    match: match, home: home, away: away, afterExtraTime: afterExtraTime, penalties: shootOut)
            } == .invalidResult(reason))
        #expect(!tournament.hasChanges)
    }

    @Test("A result for an unknown or ambiguous match is refused")
    func resultNeedsOneMatch() throws {
        let tournament = try TestTournament.seeded(.inMemory).tournament
        #expect(
            plannerKind {
                try tournament.results.recordResult(match: "99", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            }
                == .unknownMatch("99"))
        try tournament.fixtures.scheduleMatch(
            home: "POL", away: "GRE", kickoff: "2012-07-03T20:45:00+02:00", timeZone: nil, venue: "X", city: "Y", group: nil,
            round: "semifinal")
        #expect(
            plannerKind {
                try tournament.results.recordResult(match: "POL-GRE", home: 1, away: 0, afterExtraTime: false, penalties: nil)
            }
                == .ambiguousMatch("POL-GRE", ids: [1, 32]))
    }
}
