import Foundation
import TestSupport
import Testing

@testable import EMPlanner

/// What makes seeding a large setup fast and small: dates worked out without a calendar,
/// and a new store seeded in batches.
@Suite("Seeding at scale")
struct SeedingScaleTests {
    /// Days, valid and not, around leap years, the Gregorian reform and the format's edges.
    static let days = [
        "1990-04-18", "2000-02-29", "1900-02-29", "2024-02-29", "2023-02-29", "1970-01-01", "1969-12-31",
        "1583-01-01", "1582-10-10", "1500-02-29", "0000-01-01", "9999-12-31", "2012-13-01", "2012-00-10",
        "2012-04-31", "2012-06-00", "2012-6-08", "2012/06/08", "20120608", "2012-06-08 ", "٢٠١٢-٠٦-٠٨", "",
    ]

    @Test("Days read by arithmetic as the calendar reads them", arguments: days)
    func quickDays(text: String) {
        let byCalendar = CalendarDay.numbers(text).flatMap {
            CalendarDay.date(year: $0.year, month: $0.month, day: $0.day, in: CalendarDay.utc)
        }
        #expect(CalendarDay.utcMidnight(text) == byCalendar)
    }

    /// Kick-offs in the usual form and in the others the format allows.
    static let kickoffs = [
        "2012-06-08T18:00:00+02:00", "2012-06-08T18:00:00Z", "2012-06-08T23:59:59-05:30", "2024-02-29T00:00:00+00:00",
        "2023-02-29T18:00:00+02:00", "2012-06-08T24:00:00+02:00", "2012-06-08T18:60:00+02:00", "2012-06-08T18:00:60Z",
        "2012-06-08T18:00+02:00", "2012-06-08T18:00:00+0200", "2012-06-08T18:00:00+18:00", "2012-06-08T18:00:00+17:59",
        "2012-06-08T18:00:00+19:00", "1500-06-08T18:00:00+02:00", "1879-06-08T18:45:00+00:00", "2012-06-08 18:00:00Z",
    ]

    @Test("Kick-offs read by arithmetic as the format reads them", arguments: kickoffs)
    func quickKickoffs(text: String) {
        let quick = KickoffFormat.quickParse(text)
        let slow = KickoffFormat.parse(text)
        #expect(quick?.0 == slow?.0)
        #expect(quick?.offset == slow?.offset)
    }

    @Test("A new store seeded in batches holds what one seeded at once holds", arguments: StoreKind.allCases)
    func batchedSeeding(kind: StoreKind) throws {
        let setup = try BundledTournament.euro2024.setup(withResults: true)
        let once = try TestTournament(kind)
        try once.tournament.interchange.seed(from: setup)
        let batched = try TestTournament(kind)
        // Batches smaller than a squad, and not a divisor of the teams' sizes.
        try batched.tournament.interchange.seedNewStore(from: setup, batchSize: 7)
        #expect(!batched.tournament.hasChanges)
        #expect(try batched.reopened().interchange.exportSetup() == once.reopened().interchange.exportSetup())
        // The store lists a match's goals and cards by minute, the bundled events come as
        // openfootball lists them, each team's in turn: compared in one order.
        func inOneOrder(_ setup: SetupData) -> SetupData {
            var setup = setup
            for index in setup.matches.indices {
                setup.matches[index].goals.sort { String(describing: $0) < String(describing: $1) }
                setup.matches[index].cards.sort { String(describing: $0) < String(describing: $1) }
            }
            return setup
        }
        #expect(inOneOrder(try batched.reopened().interchange.exportSetup()) == inOneOrder(setup))
    }
}
