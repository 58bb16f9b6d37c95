import Foundation
import TestSupport
import Testing

/// Everything `em goal` and `em card` can change, as text: the tournament, the goals and the
/// cards.
func eventSnapshot(_ workspace: Workspace) throws -> String {
    try workspace.snapshot() + workspace.succeed("stats", "scorers", "--format", "csv")
        + workspace.succeed("stats", "cards", "--format", "csv")
}

/// `em goal` and `em card`: recording, removing, dry runs and bad input.
///
/// Every class of bad input leaves the store unchanged. The bundled EURO 2012 opens with
/// match 1, Poland–Greece 1:1.
@Suite("em goal and em card")
struct EventCommandTests {
    /// A seeded store with the result of match 1, POL-GRE 1:1.
    static func played() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "1:1")
        return workspace
    }

    @Test("em goal records goals; em show match lists them")
    func goal() throws {
        let workspace = try Self.played()
        #expect(
            try workspace.succeed("goal", "POL-GRE", "POL", "9", "17")
                == "recorded goal 17' POL 9 Robert Lewandowski in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("goal", "1", "Griechenland", "14", "51")
                == "recorded goal 51' GRE 14 Dimitris Salpigidis in match 1 POL-GRE\n")
        let shown = try workspace.succeed("show", "match", "1")
        #expect(shown.contains("POL-GRE 1:1\n"))
        #expect(shown.contains("\n 17  goal   POL    9  Robert Lewandowski\n"))
        #expect(shown.contains("\n 51  goal   GRE   14  Dimitris Salpigidis\n"))
    }

    @Test("An own goal and a penalty are marked; em goal --remove takes a goal back")
    func ownGoalAndRemove() throws {
        let workspace = try Self.played()
        #expect(
            try workspace.succeed("goal", "1", "GRE", "15", "30", "--own-goal")
                == "recorded goal 30' GRE 15 Vasilis Torosidis (own goal) in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("goal", "1", "GRE", "10", "70", "--penalty")
                == "recorded goal 70' GRE 10 Giorgos Karagounis (penalty) in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("show", "match", "1", "--format", "csv")
                == "minute,event,team,number,name,official\r\n30,own goal,GRE,15,Vasilis Torosidis,\r\n70,penalty goal,GRE,10,Giorgos Karagounis,\r\n"
        )
        #expect(
            try workspace.succeed("goal", "1", "GRE", "15", "30", "--remove")
                == "removed goal 30' GRE 15 Vasilis Torosidis (own goal) in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("stats", "scorers", "--format", "csv")
                == "rank,team,number,name,goals,penalties,ownGoals\r\n1,GRE,10,Giorgos Karagounis,1,1,0\r\n")
    }

    @Test("em goal --dry-run shows the goal and saves nothing")
    func goalDryRun() throws {
        let workspace = try Self.played()
        let before = try eventSnapshot(workspace)
        let output = try workspace.succeed("goal", "1", "POL", "9", "17", "--dry-run")
        #expect(
            output == """
                dry run, nothing saved: 1 change would be made
                would add goal 17' POL 9 Robert Lewandowski in match 1 POL-GRE

                """)
        #expect(try eventSnapshot(workspace) == before)
    }

    @Test(
        "Bad goals exit 65 and change nothing",
        arguments: [
            (["99", "POL", "9", "17"], "unknown match \"99\""),
            (["1", "GER", "9", "17"], "team \"Deutschland\" does not play match 1"),
            (["1", "POL", "42", "17"], "team \"Polen\" has no player with shirt number 42"),
            (["1", "POL", "9", "131"], "minute 131 is out of range: expected 1 to 130"),
            (["1", "POL", "9", "0"], "minute 0 is out of range"),
            (["2", "RUS", "10", "15"], "match 2 has no result: record the score before its goals"),
            (["1", "POL", "9", "17", "--own-goal", "--penalty"], "an own goal cannot be a penalty kick"),
            (["1", "POL", "9", "18", "--remove"], "match 1 has no goal by Polen player 9 in minute 18"),
        ])
    func goalRefused(_ arguments: [String], _ message: String) throws {
        let workspace = try Self.played()
        try workspace.succeed("goal", "1", "POL", "9", "17")
        let before = try eventSnapshot(workspace)
        let result = try EMProcess.run(["goal"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try eventSnapshot(workspace) == before)
    }

    @Test("A second goal beyond the score is refused, and so is a score below the goals")
    func scoreAndGoals() throws {
        let workspace = try Self.played()
        try workspace.succeed("goal", "1", "POL", "9", "17")
        let before = try eventSnapshot(workspace)
        try workspace.fail(
            "goal", "1", "POL", "10", "80", status: 65,
            message: "team \"Polen\" scored 1 in match 1, and 1 goal is recorded already")
        try workspace.fail(
            "result", "1", "0:1", status: 65,
            message: "team \"Polen\" has 1 goal recorded in match 1, more than a score of 0: remove goals first")
        #expect(try eventSnapshot(workspace) == before)
    }

    @Test(
        "Malformed goals exit 64 and change nothing",
        arguments: [["1", "POL", "nine", "17"], ["1", "POL", "9"], ["1", "POL", "9", "17", "--remove", "--penalty"]])
    func goalUsage(_ arguments: [String]) throws {
        let workspace = try Self.played()
        let before = try eventSnapshot(workspace)
        let result = try EMProcess.run(["goal"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: "")
        #expect(try eventSnapshot(workspace) == before)
    }

    @Test("em card books players and officials; a second yellow follows a yellow")
    func card() throws {
        let workspace = try Self.played()
        #expect(
            try workspace.succeed("card", "POL-GRE", "GRE", "19", "yellow", "35")
                == "recorded yellow card 35' GRE 19 Sokratis Papastathopoulos in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("card", "1", "GRE", "19", "second-yellow", "44")
                == "recorded second yellow card 44' GRE 19 Sokratis Papastathopoulos in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("card", "1", "POL", "--official", "Franciszek Smuda", "yellow")
                == "recorded yellow card POL official Franciszek Smuda in match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("stats", "cards", "--format", "csv")
                == "team,number,name,official,yellow,secondYellow,red\r\nGRE,19,Sokratis Papastathopoulos,,1,1,0\r\nPOL,,Franciszek Smuda (official),Franciszek Smuda,1,0,0\r\n"
        )
        let json = try workspace.succeed("show", "match", "1", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["event"] as? String } == ["yellow card", "second yellow card", "yellow card"])
        #expect(events.last?["official"] as? String == "Franciszek Smuda")
        #expect(object["home"] as? String == "POL" && object["id"] as? Int == 1)
    }

    @Test("em card --remove takes a card back; a yellow stays while its second yellow does")
    func removeCard() throws {
        let workspace = try Self.played()
        try workspace.succeed("card", "1", "GRE", "19", "yellow", "35")
        try workspace.succeed("card", "1", "GRE", "19", "second-yellow", "44")
        try workspace.fail("card", "1", "GRE", "19", "yellow", "--remove", status: 65, message: "remove it first")
        #expect(
            try workspace.succeed("card", "1", "GRE", "19", "second-yellow", "--remove")
                == "removed second yellow card 44' GRE 19 Sokratis Papastathopoulos in match 1 POL-GRE\n")
        try workspace.succeed("card", "1", "GRE", "19", "yellow", "--remove")
        #expect(try workspace.succeed("show", "match", "1").hasSuffix("No goals or cards recorded.\n"))
    }

    @Test(
        "Bad cards exit 65 and change nothing",
        arguments: [
            (
                ["1", "GRE", "20", "second-yellow"],
                "a second yellow card for Griechenland player 20 needs a first yellow card in match 1"
            ),
            (["1", "GRE", "19", "yellow"], "has a yellow card in match 1 already"),
            (["1", "POL", "1", "yellow", "80"], "Polen player 1 was sent off in match 1 already (red card)"),
            (["1", "GER", "1", "yellow"], "team \"Deutschland\" does not play match 1"),
            (["1", "POL", "77", "red"], "team \"Polen\" has no player with shirt number 77"),
            (["1", "POL", "9", "red", "200"], "minute 200 is out of range"),
            (["1", "POL", "--official", " ", "red"], "the official's name must not be empty"),
            (["10", "POL", "1", "yellow"], "Polen player 1 is suspended for match 10 (red card in match 1)"),
            (["2", "RUS", "1", "yellow", "10"], "match 2 has no result: record the score before its goals and cards"),
        ])
    func cardRefused(_ arguments: [String], _ message: String) throws {
        let workspace = try Self.played()
        try workspace.succeed("result", "POL-RUS", "1:1")
        try workspace.succeed("card", "1", "GRE", "19", "yellow", "35")
        try workspace.succeed("card", "1", "POL", "1", "red", "68")
        let before = try eventSnapshot(workspace)
        let result = try EMProcess.run(["card"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try eventSnapshot(workspace) == before)
    }

    @Test("A goal or card for a team whose opponent is not known yet is refused, saying so")
    func opponentNotKnown() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024")
        let groupA = try EuroFixture.load(2024).matches.filter { $0.group == "A" }
        let script = groupA.map { "result \($0.matchNumber) \($0.homeGoals):\($0.awayGoals)\n" }.joined() + "save\nquit\n"
        try workspace.succeed("shell", stdin: script)
        #expect(try workspace.succeed("show", "match", "37").contains("GER-2C"))
        let before = try eventSnapshot(workspace)
        let opponent = "the opponent of team \"Deutschland\" in match 37 is not known yet"
        try workspace.fail("card", "37", "GER", "2", "yellow", "10", status: 65, message: opponent)
        try workspace.fail("goal", "37", "GER", "7", "10", status: 65, message: opponent)
        try workspace.fail(
            "card", "45", "GER", "2", "yellow", status: 65,
            message: "team \"Deutschland\" is not in match 45 so far: its teams are not known yet")
        #expect(try eventSnapshot(workspace) == before)
    }

    @Test(
        "Malformed cards exit 64 and change nothing",
        arguments: [
            (["1", "GRE", "19", "orange"], "Unknown kind 'orange'"),
            (["1", "GRE", "19"], "Missing the kind"),
            (["1", "GRE"], "Missing the player's shirt number"),
            (["1", "GRE", "x", "red"], "is not a whole number"),
            (["1", "GRE", "19", "red", "soon"], "The minute 'soon' is not a whole number"),
            (["1", "GRE", "19", "red", "10", "11"], "Unexpected argument '11'"),
            (["1", "GRE", "19", "red", "10", "--remove"], "--remove takes no minute"),
        ])
    func cardUsage(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(["card"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("em show match of an unknown match exits 65")
    func showUnknown() throws {
        let workspace = try Workspace()
        try workspace.fail("show", "match", "99", status: 65, message: "unknown match \"99\"")
    }
}
