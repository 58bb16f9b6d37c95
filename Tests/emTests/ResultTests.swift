import Foundation
import Testing

/// `em result`: recording, correcting and clearing results.
@Suite("em result")
struct ResultTests {
    @Test("A result by match id is recorded")
    func byID() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("result", "1", "1:1") == "recorded 1:1 for match 1 POL-GRE\n")
        #expect(
            try workspace.succeed("list", "matches", "--where", "homeGoals != nil", "--format", "csv")
                .contains("1,2012-06-08T18:00:00+02:00,Europe/Warsaw,group,A,POL,GRE,1:1,1,1,false,,,"))
    }

    @Test("A result by pairing, with extra time and penalties in a knockout round")
    func byPairing() throws {
        let workspace = try Workspace()
        // The knockout teams come from the results: the group stage and the quarter-finals.
        try workspace.play2012(1...28)
        let output = try workspace.succeed("result", "POR-ESP", "0:0", "--aet", "--pens", "4:2")
        #expect(output == "recorded 0:0 aet, 4:2 pens for match 29 POR-ESP\nmatch 29 winner: ? → POR\nmatch 31 home: ? → POR\n")
    }

    @Test("A corrected result replaces the old one; --clear forgets it")
    func correctAndClear() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "GER-POR", "2:0")
        try workspace.succeed("result", "GER-POR", "1:0")
        #expect(try workspace.succeed("schedule", "--team", "GER", "--format", "csv").contains(",GER,POR,1:0,1,0,"))
        try workspace.succeed("result", "GER-POR", "--clear")
        #expect(try workspace.succeed("schedule", "--team", "GER", "--format", "csv").contains(",GER,POR,,,,false,"))
    }

    @Test("--clear deletes the match's goals and cards, which need it, and says how many")
    func clearDeletesGoals() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "1:1")
        try workspace.succeed("goal", "1", "POL", "9", "17")
        try workspace.succeed("goal", "1", "GRE", "14", "51")
        try workspace.succeed("card", "1", "POL", "9", "yellow", "20")
        #expect(
            try workspace.succeed("result", "1", "--clear")
                == "cleared the result of match 1 POL-GRE (was 1:1) and removed 2 goals and 1 card\n")
        let shown = try workspace.succeed("show", "match", "1")
        #expect(shown.contains("POL-GRE not played\n") && shown.hasSuffix("No goals or cards recorded.\n"))
        #expect(
            try workspace.succeed("stats", "scorers", "--format", "csv") == "rank,team,number,name,goals,penalties,ownGoals\r\n")
        #expect(try workspace.succeed("result", "1", "--clear") == "nothing changed: already as asked\n")
    }

    @Test("A knockout match whose teams are not known yet goes by its slots, a known team by its code")
    func slotLabels() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("show", "match", "25").contains("\n1A-2B not played\n"))
        try workspace.play2012([1, 2, 9, 10, 17])
        let output = try workspace.succeed("result", "18", "1:0", "--dry-run")
        #expect(output.contains("\nwould update match 25 CZE-2B: home none → CZE\n"))
        #expect(output.contains("\nwould update match 26 1B-GRE: away none → GRE\n"))
        let json = try workspace.succeed("show", "match", "29", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["homeSlot"] as? String == "W25" && object["awaySlot"] as? String == "W27")
        #expect(object["home"] is NSNull && object["away"] is NSNull)
    }

    @Test("An ambiguous pairing asks for the id")
    func ambiguous() throws {
        let workspace = try Workspace()
        try workspace.succeed(
            "schedule", "add", "--home", "GER", "--away", "POR", "--at", "2012-07-08T20:45:00+02:00",
            "--venue", "Olympiastadion", "--city", "Berlin", "--round", "semifinal")
        let before = try workspace.snapshot()
        try workspace.fail("result", "GER-POR", "1:0", status: 65, message: "ambiguous: give one of the ids")
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "Bad results exit 65 and change nothing",
        arguments: [
            (["99", "1:0"], "unknown match \"99\""),
            (["GER-ESP", "1:0"], "unknown match \"GER-ESP\""),
            (["RUS-POL", "1:1"], "unknown match \"RUS-POL\": did you mean match 10 POL-RUS?"),
            (["1", "1:1", "--aet"], "invalid result"),
            (["1", "1:0", "--pens", "4:2"], "invalid result"),
            (["1", "100:0"], "invalid result"),
            (["25", "1:0"], "the teams of match 25 (1A v 2B) are not known yet"),
        ])
    func refused(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(["result"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "A knockout result without a winner exits 65 and changes nothing",
        arguments: [
            (["25", "1:1"], "a knockout match needs a winner: a draw after 90 minutes goes to extra time (--aet)"),
            (["25", "1:1", "--aet"], "a knockout match needs a winner: a draw after extra time goes to penalties (--pens)"),
            (["25", "2:2", "--aet", "--pens", "3:3"], "a penalty shoot-out has a winner"),
        ])
    func refusedKnockout(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        try workspace.play2012(1...24)
        let before = try workspace.snapshot()
        let result = try EMProcess.run(["result"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test("A knockout draw stands with extra time and a shoot-out")
    func knockoutWinner() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...24)
        #expect(try workspace.succeed("result", "28", "0:0", "--aet", "--pens", "2:4").contains("match 28 ENG-ITA"))
    }

    @Test(
        "A malformed or missing score exits 64 and shows the accepted forms",
        arguments: [["1", "2_1"], ["1", "two:one"], ["1"], ["1", "2:1:0"], ["1", "1:0", "--pens", "4/2"]])
    func usage(_ arguments: [String]) throws {
        let workspace = try Workspace()
        let result = try EMProcess.run(["result"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(
            result, status: 64,
            message: "the goals home first as HOME:AWAY or HOME-AWAY, whole numbers of 0 or more, e.g. 2:1 or 0-0")
    }

    @Test(
        "A negative score exits 64 saying so, in the shell too, wherever its minus sign is",
        arguments: [
            (["ESP-CRO", "-1:0"], "-1:0"), (["1", "1:-2"], "1:-2"), (["ESP-CRO", "2:-1"], "2:-1"),
            (["1", "1:1", "--pens", "-4:2"], "-4:2"),
        ])
    func negative(_ arguments: [String], _ score: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let message = "the score \(score) is negative: a goal count is 0 or more"
        let result = try EMProcess.run(["result"] + arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: message)
        let shell = try workspace.em("shell", stdin: (["result"] + arguments).joined(separator: " ") + "\n")
        #expect(shell.stderr.hasPrefix("em: line 1: ") && shell.stderr.contains(message), "\(shell.stderr)")
        #expect(try workspace.snapshot() == before)
    }

    @Test("A score may be written HOME-AWAY, after a HOME-AWAY pairing too")
    func dashedScore() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("result", "1", "2-1") == "recorded 2:1 for match 1 POL-GRE\n")
        let knockout = try Workspace()
        try knockout.play2012(1...28)
        let output = try knockout.succeed("result", "POR-ESP", "0-0", "--aet", "--pens", "4-2")
        #expect(output.hasPrefix("recorded 0:0 aet, 4:2 pens for match 29 POR-ESP\n"), "\(output)")
    }

    @Test("A score with --clear exits 64")
    func clearWithScore() throws {
        let workspace = try Workspace()
        let result = try EMProcess.run(
            ["result", "1", "1:0", "--clear", "--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: "--clear takes no score")
    }
}
