import Foundation
import Testing

/// `em set-coach` and `em add-team`.
@Suite("Team edits")
struct TeamEditTests {
    @Test("Common names find teams wherever a team is asked for, and a renamed team keeps its old name")
    func commonNamesAndRenames() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("result", "Holland-Denmark", "0:1") == "recorded 0:1 for match 3 NED-DEN\n")
        #expect(try workspace.succeed("show", "team", "Republic of Ireland").hasPrefix("Irland (IRL)"))
        try workspace.succeed("team", "rename", "CZE", "--english", "Czechia")
        #expect(try workspace.succeed("show", "team", "Czech Republic").contains("Aliases:  Czech Republic\n"))
    }

    @Test("set-coach replaces the head coach")
    func setCoach() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("set-coach", "--team", "GER", "--given", "Hansi", "--name", "Flick")
        #expect(output == "set coach GER Hansi Flick\n")
        #expect(
            try workspace.succeed("list", "coaches", "--team", "GER", "--format", "csv")
                == "team,givenname,name\r\nGER,Hansi,Flick\r\n")
        #expect(try workspace.succeed("list", "coaches", "--format", "csv").split(separator: "\r\n").count == 17)
    }

    @Test("set-coach --dry-run shows the new coach and the deleted one, and saves nothing")
    func setCoachDryRun() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let output = try workspace.succeed("set-coach", "--team", "GER", "--name", "Flick", "--dry-run")
        #expect(output.contains("would add coach GER Flick\n"))
        #expect(output.contains("would remove coach GER Joachim Löw\n"))
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "Bad input to set-coach exits 65 and changes nothing",
        arguments: [
            (["--team", "XYZ", "--name", "Flick"], "unknown team \"XYZ\""),
            (["--team", "GER", "--name", " "], "must not be empty"),
        ])
    func setCoachRefused(_ options: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(["set-coach"] + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("add-team adds a team that then takes players")
    func addTeam() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("add-team", "--name", "Österreich", "--english", "Austria", "--code", "aut")
        #expect(output == "added team AUT Österreich\n")
        try workspace.succeed(
            "add-player", "--team", "austria", "--name", "Alaba", "--given", "David", "--number", "8", "--position", "DF")
        #expect(
            try workspace.succeed("list", "teams", "--where", "code == \"AUT\"", "--format", "csv")
                == "code,name,englishName,group,coach,players\r\nAUT,Österreich,Austria,,,1\r\n")
    }

    @Test(
        "Bad input to add-team exits 65 and changes nothing",
        arguments: [
            (["--name", "Deutschland", "--code", "DEU"], "a team named or coded \"Deutschland\" already exists"),
            (["--name", "Österreich", "--code", "GER"], "\"GER\" already exists"),
            (["--name", "Österreich", "--code", "AUSTRIA"], "invalid FIFA code"),
            (["--name", "Österreich", "--code", "AUT", "--group", "Z"], "unknown group \"Z\""),
        ])
    func addTeamRefused(_ options: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(["add-team"] + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }
}
