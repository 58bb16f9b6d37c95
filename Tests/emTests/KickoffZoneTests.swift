import Foundation
import Testing

/// `--tz` and `$TZ`: kick-offs in the viewer's time zone.
@Suite("Kick-offs in the viewer's time zone")
struct KickoffZoneTests {
    @Test("--tz shows kick-offs and days in that zone: 18:00 in Warsaw is 01:00 the next day in Tokyo")
    func tz() throws {
        let workspace = try Workspace()
        let tokyo = try workspace.succeed("schedule", "--tz", "Asia/Tokyo", "--on", "2012-06-09")
        let lines = tokyo.split(separator: "\n")
        #expect(lines.first == "Saturday 2012-06-09")
        #expect(lines.contains { $0.hasPrefix("  1  01:00 ") && $0.contains("Polen") })
        #expect(!(try workspace.succeed("schedule", "--on", "2012-06-09").contains("Polen")))
        let newYork = try workspace.succeed("schedule", "--tz", "America/New_York", "--on", "2012-07-01")
        #expect(newYork.contains(" 14:45 "), "the final, 21:45 in Kyiv: \(newYork)")
    }

    @Test("$TZ chooses the zone when --tz is not given; --tz venue shows the venues' own times")
    func environment() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let json = try workspace.em("list", "matches", "--where", "number == 1", "--format", "json", environment: ["TZ": "UTC"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""kickoff": "2012-06-08T16:00:00+00:00""#), "\(json.stdout)")
        let venue = try workspace.em("show", "match", "1", "--tz", "venue", environment: ["TZ": "UTC"])
        #expect(venue.stdout.contains("2012-06-08 18:00 (+02:00)"), "\(venue.stdout)")
        let posix = try workspace.em("show", "match", "1", environment: ["TZ": ":Asia/Tokyo"])
        #expect(posix.stdout.contains("2012-06-09 01:00 (+09:00)"), "\(posix.stdout)")
    }

    @Test("An unknown zone is a one-line error with exit 64, from --tz or from $TZ")
    func unknown() throws {
        let workspace = try Workspace()
        try workspace.fail("schedule", "--tz", "Mars/Olympus", status: 64, message: #"unknown time zone "Mars/Olympus""#)
        try workspace.fail("list", "teams", "--tz", "UTC", status: 64, message: "--tz applies to matches only")
        let result = try workspace.em("schedule", environment: ["TZ": "Mars/Olympus"])
        expectFailure(result, status: 64, message: "$TZ: unknown time zone")
    }
}
