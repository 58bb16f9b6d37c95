import Foundation
import Testing

/// `em schedule move|remove`, `em team rename|remove`, `em group add|rename|remove`,
/// `em set-coach --none`, and the squad rules of `add-player`: what they print, and that a
/// refused edit exits 65 with one line and leaves the store as it was.
@Suite("Structure edits")
struct StructureEditTests {
    @Test("init --force keeps the match ids: match 1 stays match 1")
    func initForceKeepsIDs() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        try workspace.succeed("init", "--force")
        let first = try workspace.succeed("list", "matches", "--limit", "1", "--format", "csv")
        #expect(first.split(separator: "\r\n").dropFirst().first?.hasPrefix("1,") == true, "\(first)")
        #expect(try workspace.succeed("schedule", "remove", "31") == "removed match 31 W29-W30\n")
    }

    @Test("schedule move and remove; no other match changes its id, a new one gets the next")
    func moveAndRemove() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        #expect(
            try workspace.succeed("schedule", "move", "GER-POR", "--on", "2012-06-10", "--at", "18:00")
                == "moved match 4 GER-POR to 2012-06-10 18:00 (+03:00) at Arena Lviv, Lviv\n")
        #expect(try workspace.succeed("schedule", "remove", "5") == "removed match 5 ESP-ITA\n")
        let ids = try workspace.succeed("list", "matches", "--format", "csv").split(separator: "\r\n").dropFirst()
            .compactMap { $0.split(separator: ",").first.flatMap { Int($0) } }
        #expect(ids.sorted() == Array(1...31).filter { $0 != 5 })
        #expect(
            try workspace.succeed(
                "schedule", "add", "--home", "ESP", "--away", "ITA", "--group", "C", "--at", "2012-06-10T18:00+02:00",
                "--venue", "PGE Arena", "--city", "Gdańsk") == "scheduled match 32 ESP-ITA\n")
    }

    @Test(
        "Refused edits exit 65 with one line and change nothing",
        arguments: [
            (["schedule", "move", "1", "--on", "2012-06-12"], "already plays on 2012-06-12"),
            (["schedule", "move", "99", "--on", "2012-06-12"], "unknown match \"99\""),
            (["schedule", "move", "1", "--on", "12.6.2012"], "invalid date \"12.6.2012\""),
            (["schedule", "remove", "25"], "match 25 1A-2B decides knockout slots (W25 of match 29), so it cannot go"),
            (["team", "remove", "GER"], "team \"Deutschland\" is in 3 matches: 4 GER-POR, 12 NED-GER, 20 DEN-GER"),
            (["team", "rename", "GER", "--code", "POR"], "a team named or coded \"POR\" already exists"),
            (["group", "add", "a"], "a group named \"a\" already exists"),
            (["group", "rename", "B", "--to", "X"], "group \"B\" is named by knockout slots (2B of match 25, 1B of match 26)"),
            (["group", "remove", "C"], "group \"C\" still has 4 teams (CRO, ESP, IRL, ITA) and 6 matches (5 ESP-ITA"),
            (
                ["add-player", "--team", "GER", "--name", "Götze", "--number", "24", "--position", "MF"],
                "team \"Deutschland\" has 23 players already"
            ),
            (["update-player", "--team", "GER", "--number", "1", "--position", "DF"], "shirt number 1 is a goalkeeper's"),
            (
                ["update-player", "--team", "GER", "--number", "19", "--born", "2099-01-01"],
                "implausible date of birth \"2099-01-01\""
            ),
        ])
    func refused(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("A played match goes only with --force")
    func removePlayed() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        try workspace.succeed("result", "1", "1:1")
        let before = try workspace.snapshot()
        try workspace.fail(
            "schedule", "remove", "1", status: 65, message: "match 1 POL-GRE has a result: --force removes them with it")
        #expect(try workspace.snapshot() == before)
        #expect(try workspace.succeed("schedule", "remove", "1", "--force") == "removed match 1 POL-GRE\n")
    }

    @Test("team rename and remove, group add, rename and remove, set-coach --none")
    func teamsGroupsCoaches() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        #expect(try workspace.succeed("team", "rename", "IRL", "--english", "Republic of Ireland") == "renamed team IRL Irland\n")
        try workspace.succeed("add-team", "--name", "Österreich", "--english", "Austria", "--code", "AUT")
        #expect(try workspace.succeed("team", "remove", "Austria") == "removed team AUT Österreich\n")
        #expect(try workspace.succeed("group", "add", "E") == "added group E\n")
        #expect(try workspace.succeed("group", "rename", "e", "--to", "F") == "renamed group F\n")
        #expect(try workspace.succeed("group", "remove", "F") == "removed group F\n")
        #expect(try workspace.succeed("set-coach", "--team", "GER", "--none") == "removed coach GER Joachim Löw\n")
        try workspace.fail("set-coach", "--team", "GER", "--none", status: 65, message: "team \"Deutschland\" has no coach")
        try workspace.fail("set-coach", "--team", "GER", "--none", "--name", "X", status: 64, message: "--none takes no")
        #expect(try workspace.succeed("list", "coaches", "--team", "GER", "--format", "csv") == "team,givenname,name\r\n")
    }

    @Test("init refuses a setup breaking the squad rules, naming the key path")
    func initRefusesSquad() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let setup = workspace.path("euro.plist")
        try workspace.succeed("save", "--to", setup, "--as", "plist")
        var text = try String(contentsOfFile: setup, encoding: .utf8)
        let born = try #require(text.range(of: "<string>1990-04-18</string>"))
        text.replaceSubrange(born, with: "<string>2099-04-18</string>")
        try text.write(toFile: setup, atomically: true, encoding: .utf8)
        let before = try workspace.snapshot()
        try workspace.fail(
            "init", "--force", "--setup", setup, status: 65, message: "groups[0].teams[0].players[0].born")
        #expect(try workspace.snapshot() == before)
    }

    @Test("team alias: an alias names the team in every command, shows on its card, goes with --remove; refusals change nothing")
    func aliases() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        #expect(
            try workspace.succeed("team", "alias", "NED", "Holland", "Oranje")
                == "added alias \"Holland\" of team NED\nadded alias \"Oranje\" of team NED\n")
        #expect(try workspace.succeed("result", "oranje-DEN", "0:1").hasPrefix("recorded 0:1 for match 3 NED-DEN\n"))
        let card = try workspace.succeed("show", "team", "holland")
        #expect(card.contains("Niederlande (NED), English: Netherlands\nAliases:  Holland, Oranje\n"), "\(card)")
        let json = try workspace.succeed("show", "team", "NED", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["aliases"] as? [String] == ["Holland", "Oranje"])
        try workspace.fail(
            "team", "alias", "GER", "oranje", status: 65, message: "a team named or coded \"oranje\" already exists")
        try workspace.fail("team", "alias", "GER", status: 64, message: "Give at least one alias")
        try workspace.fail(
            "team", "alias", "GER", "--remove", "Oranje", status: 65,
            message: "team \"Deutschland\" has no alias \"Oranje\": it has none")
        #expect(try workspace.succeed("team", "alias", "NED", "--remove", "oranje") == "removed alias \"Oranje\" of team NED\n")
        try workspace.fail("show", "team", "Oranje", status: 65, message: "unknown team \"Oranje\"")
    }
}
