import Foundation
import Testing

/// `em schedule` and `em schedule add`.
@Suite("em schedule")
struct ScheduleTests {
    @Test("The schedule is grouped by local day with ids, local times, venues")
    func byDay() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("schedule")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Friday 2012-06-08")
        #expect(lines[1].hasPrefix("   1  18:00 "))
        #expect(lines[1].contains("Polen"))
        #expect(lines[1].contains("Griechenland"))
        #expect(lines[1].contains(" Group A "))
        #expect(lines[1].hasSuffix("  National Stadium, Warsaw"))
        #expect(output.contains("\nSunday 2012-07-01\n"))
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("  ") }.count == 31)
    }

    @Test("The schedule fits in 100 columns, shortening venues as far as needed", arguments: ["2012", "2024"])
    func width(_ year: String) throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", year, "--with-results")
        let lines = try workspace.succeed("schedule").split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.contains { $0.hasSuffix(year == "2012" ? "  Warsaw" : "  Munich") })
        let csv = try workspace.succeed("schedule", "--format", "csv")
        #expect(csv.contains(year == "2012" ? "National Stadium (Stadion Narodowy)" : "Arena AufSchalke (Arena Gelsenkirchen)"))
    }

    @Test("Kick-offs show the venue's local time: 21:45 in Ukraine is 20:45 CEST")
    func localTimes() throws {
        let workspace = try Workspace()
        let final = try workspace.succeed("schedule", "--on", "2012-07-01")
        #expect(final.contains("21:45 "))
        #expect(final.contains("W29  -  W30"), "the final's teams are not known yet")
        #expect(final.contains("Final"))
        let json = try workspace.succeed("schedule", "--on", "2012-07-01", "--format", "json")
        #expect(json.contains(#""kickoff": "2012-07-01T21:45:00+03:00""#))
        #expect(json.contains(#""timeZone": "Europe/Kiev""#))
    }

    @Test("--team and --group filter the schedule")
    func filters() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("schedule", "--team", "GER", "--format", "csv").split(separator: "\r\n").count == 4)
        #expect(try workspace.succeed("schedule", "--group", "A", "--format", "csv").split(separator: "\r\n").count == 7)
    }

    @Test("A recorded result shows in the schedule")
    func result() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "1:1")
        #expect(try workspace.succeed("schedule", "--on", "2012-06-08").contains(" 1:1 "))
    }

    @Test(
        "Bad filters exit 65",
        arguments: [
            (["schedule", "--on", "2012-06-31"], "invalid date \"2012-06-31\""),
            (["schedule", "--team", "XYZ"], "unknown team \"XYZ\""),
            (["schedule", "--group", "Q"], "unknown group \"Q\""),
        ])
    func badFilters(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let result = try EMProcess.run(arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
    }

    @Test("schedule add schedules a match and prints its id")
    func add() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed(
            "schedule", "add", "--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45:00+02:00",
            "--venue", "Olympiastadion", "--city", "Berlin", "--time-zone", "Europe/Berlin", "--round", "semifinal")
        #expect(output == "scheduled match 32 GER-ESP\n")
        #expect(try workspace.succeed("schedule", "--on", "2012-07-08").contains("  32  20:45 "))
    }

    @Test(
        "schedule add takes every knockout round by its documented spelling, in any case; its help lists them all",
        arguments: [
            ("thirdPlace", "thirdPlace"), ("THIRDPLACE", "thirdPlace"), ("Round16", "round16"), ("quarterFinal", "quarterfinal"),
        ])
    func addRound(_ typed: String, _ stored: String) throws {
        let workspace = try Workspace()
        let output = try workspace.succeed(
            "schedule", "add", "--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45:00+02:00",
            "--venue", "Olympiastadion", "--city", "Berlin", "--round", typed)
        #expect(output == "scheduled match 32 GER-ESP\n")
        let matches = try workspace.succeed("list", "matches", "--where", "number == 32", "--format", "json")
        #expect(matches.contains("\"round\" : \"\(stored)\"") || matches.contains("\"round\": \"\(stored)\""), "\(matches)")
        let help = try workspace.succeed("schedule", "add", "--help")
        let roundHelp = help.split(separator: "\n").drop { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--round <round>") }
            .prefix(3).joined(separator: " ")
        for round in ["round16", "quarterfinal", "semifinal", "thirdPlace", "final"] {
            #expect(roundHelp.contains(round), "\(roundHelp)")
        }
    }

    @Test("schedule add refuses a second final, one line, nothing saved")
    func secondFinal() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        try workspace.fail(
            "schedule", "add", "--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45:00+02:00",
            "--venue", "Olympiastadion", "--city", "Berlin", "--round", "final",
            status: 65, message: "the tournament has its final already (match 31)")
        #expect(try workspace.snapshot() == before)
    }

    @Test("schedule add --dry-run shows the match and saves nothing")
    func addDryRun() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let output = try workspace.succeed(
            "schedule", "add", "--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45:00+02:00",
            "--venue", "Olympiastadion", "--city", "Berlin", "--round", "semifinal", "--dry-run")
        #expect(output.contains("would add match 32 GER-ESP\n"))
        #expect(try workspace.snapshot() == before)
    }

    static let base = ["schedule", "add", "--venue", "Olympiastadion", "--city", "Berlin"]

    @Test(
        "Scheduling conflicts and bad data exit 65 and change nothing",
        arguments: [
            (["--home", "GER", "--away", "GER", "--at", "2012-07-08T20:45+02:00", "--round", "final"], "cannot play itself"),
            (["--home", "GER", "--away", "ESP", "--at", "2012-06-09T12:00+02:00", "--round", "final"], "already plays on"),
            (["--home", "GER", "--away", "XYZ", "--at", "2012-07-08T20:45+02:00", "--round", "final"], "unknown team \"XYZ\""),
            (["--home", "GER", "--away", "ESP", "--at", "2012-07-08 20:45", "--round", "final"], "invalid date"),
            (
                [
                    "--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45+02:00", "--round", "final", "--time-zone",
                    "Mars/Olympus",
                ], "unknown time zone"
            ),
            (["--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45+02:00", "--group", "B"], "not in group"),
            (["--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45+02:00", "--round", "playoff"], "unknown round"),
        ])
    func addRefused(_ options: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(Self.base + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("A venue used twice at once exits 65")
    func venueInUse() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        try workspace.fail(
            "schedule", "add", "--home", "NED", "--away", "ESP", "--at", "2012-06-08T19:00:00+02:00",
            "--venue", "National Stadium (Stadion Narodowy)", "--city", "Warsaw", "--round", "round16",
            status: 65, message: "already hosts a match")
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "--group and --round together, or neither, exit 64",
        arguments: [
            ["--group", "B", "--round", "final"], [],
        ])
    func groupOrRound(_ options: [String]) throws {
        let workspace = try Workspace()
        let result = try EMProcess.run(
            Self.base + ["--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45+02:00"] + options
                + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: "--round")
    }
}
