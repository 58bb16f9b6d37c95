import Foundation
import TestSupport
import Testing

/// `em scenarios` as a process: EURO 2024 before matchday 3 of group A.
@Suite("em scenarios")
struct ScenariosCommandTests {
    /// A workspace with EURO 2024 and group A's last two results cleared.
    static func groupAOpen() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        try workspace.succeed("result", "25", "--clear")
        try workspace.succeed("result", "26", "--clear")
        return workspace
    }

    @Test("The text names the matches to play, each team's positions, the orders with their results and the flag")
    func text() throws {
        let workspace = try Self.groupAOpen()
        let before = try workspace.snapshot()
        let text = try workspace.succeed("scenarios", "A")
        #expect(text.hasPrefix("Group A: to play 25 SUI-GER, 26 SCO-HUN\n"))
        #expect(text.contains("GER   1, 2       certain\n"))
        #expect(text.contains("HUN   3, 4       possible\n"))
        #expect(text.contains("  SUI, GER, HUN, SCO\n    25 SUI-GER SUI win, 26 SCO-HUN HUN win\n"))
        #expect(text.contains("  GER, SCO = SUI, HUN\n    25 SUI-GER GER win, 26 SCO-HUN SCO win (some scores)\n"))
        #expect(text.hasSuffix("A draw in 25 SUI-GER takes SUI and GER through.\n"))
        #expect(try workspace.snapshot() == before)
    }

    @Test("JSON has the issue's shape: group, remaining, teams, outcomes keyed by match id; flags")
    func json() throws {
        let workspace = try Self.groupAOpen()
        let json = try workspace.succeed("scenarios", "--format", "json")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["A", "B", "C", "D", "E", "F"])
        let groupA = groups[0]
        let remaining = try #require(groupA["remaining"] as? [[String: Any]])
        #expect(remaining.map { $0["match"] as? Int } == [25, 26])
        #expect(remaining.map { $0["home"] as? String } == ["SUI", "SCO"])
        #expect(remaining.map { $0["away"] as? String } == ["GER", "HUN"])
        let teams = try #require(groupA["teams"] as? [[String: Any]])
        let germany = try #require(teams.first { $0["team"] as? String == "GER" })
        #expect(germany["positions"] as? [Int] == [1, 2])
        #expect(germany["qualification"] as? String == "certain")
        let outcomes = try #require(groupA["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 9)
        let upset = try #require(
            outcomes.first { $0["results"] as? [String: String] == ["25": "home", "26": "home"] })
        let upsetTeams = try #require(upset["teams"] as? [[String: Any]])
        #expect(upsetTeams.first { $0["team"] as? String == "SUI" }?["positions"] as? [Int] == [1])
        #expect(upset["orders"] as? [[[String]]] == [[["SUI"], ["GER"], ["SCO"], ["HUN"]]])
        let flags = try #require(groupA["flags"] as? [[String: Any]])
        #expect(flags.count == 1)
        #expect(flags.first?["flag"] as? String == "drawTakesBothThrough")
        #expect(flags.first?["match"] as? Int == 25)
        // Group B is over: one outcome, no match to play, its order.
        #expect((groups[1]["remaining"] as? [Any])?.isEmpty == true)
        #expect((groups[1]["outcomes"] as? [Any])?.count == 1)
    }

    @Test("After matchday 1 a group answers with its four matches to play; an unknown group fails with one line")
    func afterMatchdayOne() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        for match in ["GER-HUN", "SCO-SUI", "25", "26"] { try workspace.succeed("result", match, "--clear") }
        let json = try workspace.succeed("scenarios", "A", "--format", "json")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect((groups.first?["remaining"] as? [Any])?.count == 4)
        #expect((groups.first?["outcomes"] as? [Any])?.count == 81)
        try workspace.fail("scenarios", "Z", status: 65, message: "unknown group")
    }

    @Test("The race for the best thirds: EURO 2024 with only group F's last matchday open, as it stood on 26 June 2024")
    func thirdPlaces() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        try workspace.succeed("result", "GEO-POR", "--clear")
        try workspace.succeed("result", "CZE-TUR", "--clear")
        let json = try workspace.succeed("scenarios", "--format", "json")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let thirds = groups.flatMap { $0["thirdPlaces"] as? [[String: Any]] ?? [] }
        func third(_ team: String) throws -> [String: Any] { try #require(thirds.first { $0["team"] as? String == team }) }
        // Slovenia (3 points, 0) is above Hungary and Croatia whatever group F does: through.
        #expect(try third("SVN")["qualification"] as? String == "certain")
        #expect(try third("SVN")["ranks"] as? [Int] == [3, 4])
        #expect(try third("SVN")["opponents"] as? [String] == ["1E", "1F"])
        // Hungary (3 points, -3) goes through only if group F's third ends below it.
        #expect(try third("HUN")["qualification"] as? String == "possible")
        #expect(try third("HUN")["ranks"] as? [Int] == [4, 5])
        #expect(try third("HUN")["opponents"] as? [String] == ["1F"])
        // Croatia (2 points) is below Hungary: out, though group F is still playing.
        #expect(try third("CRO")["qualification"] as? String == "impossible")
        #expect(try third("CRO")["ranks"] as? [Int] == [5, 6])
        #expect(try third("CRO")["opponents"] as? [String] == [])
        #expect(try third("CRO")["best"] as? [String: Int] == ["points": 2, "goalDifference": -3, "goalsScored": 3, "wins": 0])
        let groupB = try #require(groups.first { $0["group"] as? String == "B" }?["teams"] as? [[String: Any]])
        #expect(groupB.first { $0["team"] as? String == "CRO" }?["qualification"] as? String == "impossible")
        // Group F's third, if it qualifies, does so with C, D and E: it meets Spain, 1B (as
        // Georgia did); a third with 4 points can win any goal difference.
        #expect(try third("GEO")["opponents"] as? [String] == ["1B"])
        #expect(try third("GEO")["ranks"] as? [Int] == [1, 6])
        let best = try #require(try third("GEO")["best"] as? [String: Any])
        #expect(best["points"] as? Int == 4)
        #expect(best["goalDifference"] is NSNull)
        let text = try workspace.succeed("scenarios", "B")
        #expect(text.contains("CRO   impossible  5-6   2 pts, GD -3, 3 goals, 0 wins  2 pts, GD -3, 3 goals, 0 wins\n"))
        // em needs says the same.
        #expect(try workspace.succeed("needs", "CRO").contains("CRO: out\n"))
        // Hungary's record is the one group F's third must pass, and not fall below.
        #expect(
            try workspace.succeed("needs", "GEO").contains(
                "\nAs a third: possible, rank 1-6 of the thirds: sure if better than 3 pts, GD -3, 2 goals, 1 win, "
                    + "out if worse than 3 pts, GD -3, 2 goals, 1 win; would meet 1B.\n"))
        let needs = try #require(
            try JSONSerialization.jsonObject(with: Data(workspace.succeed("needs", "HUN", "--format", "json").utf8))
                as? [String: Any])
        let hungary = try #require(needs["thirdPlace"] as? [String: Any])
        #expect(hungary["qualification"] as? String == "possible")
        #expect(hungary["opponents"] as? [String] == ["1F"])
        // Four groups' thirds can reach Slovenia's record or more: Hungary must pass it to be sure.
        #expect(hungary["sureAbove"] as? [String: Int] == ["points": 3, "goalDifference": 0, "goalsScored": 2, "wins": 0])
    }
}
