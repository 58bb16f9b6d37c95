import Foundation
import Testing

/// `em add-player`, `remove-player` and `update-player`: happy paths, dry runs, and every
/// class of bad input leaving the store unchanged.
@Suite("Player edits")
struct PlayerEditTests {
    @Test("add-player adds a player and saves")
    func add() throws {
        let workspace = try Workspace()
        try workspace.succeed("remove-player", "--team", "GER", "--number", "19")
        let output = try workspace.succeed(
            "add-player", "--team", "GER", "--given", "Mario", "--name", "Götze", "--number", "19", "--position", "mf",
            "--club", "Borussia Dortmund", "--born", "1992-06-03")
        #expect(output == "added player GER 19 Mario Götze\n")
        let listed = try workspace.succeed("list", "players", "--team", "GER", "--where", "number == 19", "--format", "csv")
        #expect(
            listed == "team,number,givenname,name,position,club,born\r\nGER,19,Mario,Götze,MF,Borussia Dortmund,1992-06-03\r\n")
    }

    @Test("add-player --dry-run shows the insert and saves nothing")
    func addDryRun() throws {
        let workspace = try Workspace()
        try workspace.succeed("remove-player", "--team", "GER", "--number", "19")
        let before = try workspace.snapshot()
        let output = try workspace.succeed(
            "add-player", "--team", "GER", "--name", "Götze", "--number", "19", "--position", "MF", "--dry-run")
        #expect(
            output == """
                dry run, nothing saved: 1 change would be made
                would add player GER 19 Götze

                """)
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "Bad input to add-player exits 65 and changes nothing",
        arguments: [
            (["--team", "XYZ", "--number", "23", "--position", "MF"], "unknown team \"XYZ\""),
            (["--team", "GER", "--number", "19", "--position", "MF"], "already has a player with shirt number 19"),
            (["--team", "GER", "--number", "100", "--position", "MF"], "shirt number 100 is out of range"),
            (["--team", "GER", "--number", "0", "--position", "MF"], "shirt number 0 is out of range"),
            (["--team", "GER", "--number", "23", "--position", "XX"], "invalid position \"XX\""),
            (["--team", "GER", "--number", "23", "--position", "MF", "--born", "1992-02-30"], "invalid date \"1992-02-30\""),
            (["--team", "GER", "--number", "23", "--position", "MF", "--born", "yesterday"], "invalid date \"yesterday\""),
        ])
    func addRefused(_ options: [String], _ message: String) throws {
        let workspace = try Workspace()
        // Room in the squad (23 players at EURO 2012) for one more.
        try workspace.succeed("remove-player", "--team", "GER", "--number", "23")
        let before = try workspace.snapshot()
        let result = try EMProcess.run(
            ["add-player", "--name", "Götze"] + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "add-player without a required option or with a non-number exits 64",
        arguments: [
            ["--team", "GER", "--number", "24"],
            ["--team", "GER", "--position", "MF"],
            ["--team", "GER", "--number", "nineteen", "--position", "MF"],
        ])
    func addUsage(_ options: [String]) throws {
        let workspace = try Workspace()
        let result = try EMProcess.run(
            ["add-player", "--name", "Götze"] + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: "")
    }

    @Test("remove-player deletes the player")
    func remove() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("remove-player", "--team", "GER", "--number", "1")
        #expect(output == "removed player GER 1 Manuel Neuer\n")
        #expect(try !workspace.succeed("list", "players", "--team", "GER").contains("Neuer"))
    }

    @Test(
        "Bad input to remove-player exits 65 and changes nothing",
        arguments: [
            (["--team", "XYZ", "--number", "1"], "unknown team \"XYZ\""),
            (["--team", "GER", "--number", "77"], "has no player with shirt number 77"),
        ])
    func removeRefused(_ options: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(
            ["remove-player"] + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("update-player changes number and club, and clears the date of birth")
    func update() throws {
        let workspace = try Workspace()
        try workspace.succeed("remove-player", "--team", "GER", "--number", "23")
        let output = try workspace.succeed(
            "update-player", "--team", "GER", "--number", "1", "--new-number", "23", "--club", "Schalke 04", "--born", "")
        #expect(output == "updated player GER 23 Manuel Neuer\n")
        #expect(
            try workspace.succeed("list", "players", "--team", "GER", "--where", "number == 23", "--format", "csv")
                == "team,number,givenname,name,position,club,born\r\nGER,23,Manuel,Neuer,GK,Schalke 04,\r\n")
    }

    @Test("update-player --move-to moves the player to another team")
    func move() throws {
        let workspace = try Workspace()
        try workspace.succeed("remove-player", "--team", "POL", "--number", "23")
        try workspace.succeed("update-player", "--team", "GER", "--number", "1", "--move-to", "Polen", "--new-number", "23")
        #expect(
            try workspace.succeed("list", "players", "--team", "POL", "--where", "number == 23", "--format", "csv")
                .contains("POL,23,Manuel,Neuer"))
    }

    @Test(
        "Bad input to update-player exits 65 and changes nothing",
        arguments: [
            (["--team", "XYZ", "--number", "1", "--club", "X"], "unknown team \"XYZ\""),
            (["--team", "GER", "--number", "77", "--club", "X"], "has no player with shirt number 77"),
            (["--team", "GER", "--number", "1", "--new-number", "12"], "already has a player with shirt number 12"),
            (["--team", "GER", "--number", "1", "--new-number", "120"], "shirt number 120 is out of range"),
            (["--team", "GER", "--number", "1", "--born", "2012-13-01"], "invalid date \"2012-13-01\""),
            (["--team", "GER", "--number", "1", "--position", "GOALIE"], "invalid position"),
            (["--team", "GER", "--number", "1", "--move-to", "Atlantis"], "unknown team \"Atlantis\""),
            (["--team", "GER", "--number", "1", "--move-to", "POL"], "team \"Polen\" has 23 players already"),
        ])
    func updateRefused(_ options: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(
            ["update-player"] + options + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("update-player without anything to change exits 64")
    func updateNothing() throws {
        let workspace = try Workspace()
        try workspace.fail("update-player", "--team", "GER", "--number", "1", status: 64, message: "Nothing to change")
    }
}
