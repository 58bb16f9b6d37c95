import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// A match's sheet: values a renderer reads without touching the store.
@Suite("Match sheets")
struct MatchSheetTests {
    @Test("EURO 2024's opening match as a sheet: teams, result, events by minute, line-ups, local time")
    func openingMatch() throws {
        let tournament = try BundledTournamentTests.seeded(.euro2024, withResults: true).tournament
        let sheet = try tournament.reports.matchSheet("GER-SCO")
        #expect(sheet.id == 1 && sheet.group == "A" && sheet.home == "GER" && sheet.away == "SCO")
        #expect(sheet.pairing == "GER-SCO" && sheet.result == "5:1" && !sheet.waits)
        #expect(sheet.day.hasSuffix("2024-06-14") && sheet.time == "21:00" && sheet.offset == "+02:00")
        #expect(sheet.city == "Munich")
        let goals = sheet.events.filter { $0.kind.hasSuffix("goal") }
        #expect(goals.count == 6)
        #expect(goals.first == MatchSheet.Event(minute: 10, kind: "goal", team: "GER", number: 17, name: "Florian Wirtz"))
        #expect(sheet.events.contains { $0.kind == "own goal" && $0.minute == 87 && $0.name == "Antonio Rüdiger" })
        #expect(sheet.events.contains { $0.kind == "red card" && $0.team == "SCO" && $0.minute == 44 })
        #expect(sheet.lineups.map(\.team) == ["GER", "SCO"])
        #expect(sheet.lineups.first?.text.hasPrefix("Manuel Neuer - Joshua Kimmich") == true)
        #expect(sheet.shootout == nil)
        let utc = try tournament.reports.matchSheet("1", zone: .fixed(try #require(TimeZone(identifier: "UTC"))))
        #expect(utc.time == "19:00" && utc.offset == "+00:00")
    }
}
