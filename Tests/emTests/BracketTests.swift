import Foundation
import Testing

/// `em bracket`, and `em result` filling the knockout teams in.
@Suite("em bracket")
struct BracketTests {
    @Test("The tree fits 100 columns, with placeholders until the teams are known")
    func placeholders() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("bracket")
        #expect(output.hasPrefix("Quarter-finals"))
        for label in ["1A", "2B", "W25", "W29", "W30"] { #expect(output.contains(" \(label)"), "\(label)") }
        #expect(output.contains("┐") && output.contains("├"))
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    @Test("The real results fill the tree: teams, scores with a.e.t. and pens, the winner")
    func filled() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...31)
        let output = try workspace.succeed("bracket")
        #expect(output.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(!output.contains("W25"))
        #expect(output.contains("28 a.e.t., 2:4 pens"))
        #expect(output.contains("29 a.e.t., 2:4 pens"))
        #expect(output.hasSuffix("\nWinner: ESP\n"))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        // The tree: quarter-finals 25, 27 (feeding 29), then 26, 28 (feeding 30).
        let order = ["25", "27", "26", "28"].map { number in lines.firstIndex { $0.hasPrefix(number) }! }
        #expect(order == order.sorted())
    }

    @Test("--ascii draws with ASCII only")
    func ascii() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...31)
        let output = try workspace.succeed("bracket", "--ascii")
        #expect(output.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(output.contains("-+"))
        #expect(output.hasSuffix("\nWinner: ESP\n"))
    }

    @Test("JSON lists every knockout match with number, round, slots, teams, score and winner")
    func json() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...28)
        let output = try workspace.succeed("bracket", "--format", "json")
        let matches = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(matches.map { $0["number"] as? Int } == Array(25...31))
        let quarterFinal = try #require(matches.first { $0["number"] as? Int == 28 })
        #expect(quarterFinal["round"] as? String == "quarterfinal")
        #expect(quarterFinal["homeSlot"] as? String == "1D" && quarterFinal["awaySlot"] as? String == "2C")
        #expect(quarterFinal["home"] as? String == "ENG" && quarterFinal["away"] as? String == "ITA")
        #expect(quarterFinal["winner"] as? String == "ITA")
        let score = try #require(quarterFinal["score"] as? [String: Any])
        #expect(score["home"] as? Int == 0 && score["afterExtraTime"] as? Bool == true)
        #expect((score["penalties"] as? [String: Any])?["away"] as? Int == 4)
        let semiFinal = try #require(matches.first { $0["number"] as? Int == 29 })
        #expect(semiFinal["home"] as? String == "POR" && semiFinal["away"] as? String == "ESP")
        #expect(semiFinal["score"] is NSNull && semiFinal["winner"] is NSNull)
        let final = try #require(matches.first { $0["number"] as? Int == 31 })
        #expect(final["home"] is NSNull && final["homeSlot"] as? String == "W29")
    }

    @Test("em result prints the knockout teams it fills in")
    func resultPrintsWhatMoved() throws {
        let workspace = try Workspace()
        try workspace.play2012([1, 2, 9, 10, 17])
        #expect(
            try workspace.succeed("result", "18", "1:0")
                == "recorded 1:0 for match 18 GRE-RUS\nmatch 25 home: ? → CZE\nmatch 26 away: ? → GRE\n")
    }

    @Test("A corrected result moves the team, clears the result other teams play now, says how to have it back")
    func correctionMoves() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...31)
        #expect(
            try workspace.succeed("result", "18", "0:0")
                == """
                recorded 0:0 for match 18 GRE-RUS (was 1:0)
                match 26 away: GRE → RUS
                match 26 winner: GER → ?
                match 30 home: GER → ?
                match 30 winner: ITA → ?
                match 31 away: ITA → ?
                match 31 winner: ESP → ?
                match 30 (GER-ITA 1:2) waits: it counts again once GER and ITA play it again
                match 31 (ESP-ITA 4:0) waits: it counts again once ESP and ITA play it again
                cleared the result of match 26 (GER-GRE 4:2): other teams play it now
                to have them back, record the earlier result again, then the results of match 26 (em result)

                """)
        #expect(try workspace.succeed("bracket", "--format", "json").contains(#""away": "RUS""#))
    }

    @Test("In the shell, a cleared knockout result says that undo brings it back, and undo does")
    func shellSaysUndo() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...31)
        let output = try workspace.succeed("shell", stdin: "result 18 0:0\nundo\nsave\nquit\n")
        #expect(
            output.contains(
                "cleared the result of match 26 (GER-GRE 4:2): other teams play it now\nundo brings back the results of match 26\n"
            ))
        #expect(try workspace.succeed("show", "match", "26").contains("GER-GRE 4:2\n"))
    }

    @Test("A correction deletes the goals and cards of a knockout match other teams play now, and says so")
    func correctionDeletesEvents() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...31)
        try workspace.succeed("goal", "26", "GER", "16", "39")
        try workspace.succeed("card", "26", "GRE", "3", "yellow", "45")
        #expect(
            try workspace.succeed("result", "18", "0:0").contains(
                "cleared the result of match 26 (GER-GRE 4:2) and removed 1 goal and 1 card: other teams play it now\n"))
        #expect(
            try workspace.succeed("show", "match", "26").hasSuffix("GER-RUS not played\nNo goals or cards recorded.\n"))
    }

    @Test("A knockout result whose teams become unknown waits, shown as waiting, and counts again when they are back")
    func resultWaitsForItsTeams() throws {
        let workspace = try Workspace()
        try workspace.play2012(1...31)
        try workspace.succeed("goal", "31", "ESP", "21", "14")
        try workspace.succeed("card", "31", "ITA", "3", "yellow", "45")
        let cleared = try workspace.succeed("result", "1", "--clear")
        #expect(!cleared.contains("cleared the result of match 31"))
        #expect(cleared.contains("match 31 (ESP-ITA 4:0) waits: it counts again once ESP and ITA play it again\n"))
        #expect(try workspace.succeed("schedule", "--on", "2012-07-01").contains("W29  -  W30  ESP-ITA 4:0 waits"))
        #expect(
            try workspace.succeed("show", "match", "31").contains(
                "ESP-ITA 4:0\nWaits for its teams (W29 v W30): the result counts again once ESP-ITA play it\n"))
        #expect(try workspace.succeed("bracket").contains("31 waits: ESP-ITA"))
        let json = try workspace.succeed("bracket", "--format", "json")
        let matches = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(matches.filter { $0["waiting"] as? Bool == true }.map { $0["number"] as? Int } == [25, 26, 29, 30, 31])
        let final = try #require(matches.first { $0["number"] as? Int == 31 })
        #expect(final["home"] as? String == "ESP" && final["winner"] is NSNull)
        #expect(try workspace.succeed("stats", "scorers", "--format", "json") == "[]\n")
        let back = try workspace.succeed("result", "1", "1:1")
        #expect(back.contains("match 31 (ESP-ITA 4:0) counts again: its teams are back\n"))
        #expect(try workspace.succeed("bracket").contains("Winner: ESP"))
        #expect(try workspace.succeed("stats", "scorers").contains("Silva"))
        #expect(try workspace.succeed("show", "match", "31").contains("yellow card"))
    }

    @Test("A knockout result is refused in one line until its teams are known, and nothing changes")
    func refusedWithoutTeams() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        try workspace.fail(
            "result", "25", "1:0", status: 65,
            message: "the teams of match 25 (1A v 2B) are not known yet: 1A: group A is not complete; 2B: group B is not complete"
        )
        #expect(try workspace.snapshot() == before)
    }
}
