import Foundation
import TestSupport
import Testing

/// `em needs` as a process: EURO 2024 before matchday 3 of group A.
@Suite("em needs")
struct NeedsCommandTests {
    @Test("The text names the matches to play, what is certain and each target's conditions")
    func text() throws {
        let workspace = try ScenariosCommandTests.groupAOpen()
        let before = try workspace.snapshot()
        let text = try workspace.succeed("needs", "Deutschland")
        #expect(text.hasPrefix("GER, group A: to play 25 SUI-GER, 26 SCO-HUN\nGER: through, first or second\n"))
        #expect(text.contains("\n  first       avoid defeat\n"))
        #expect(text.contains("\n  top two     certain\n"))
        #expect(text.contains("\n  best third  impossible\n"))
        #expect(try workspace.snapshot() == before)
    }

    @Test("JSON: the team, the matches, and per target a status and structured conditions")
    func json() throws {
        let workspace = try ScenariosCommandTests.groupAOpen()
        let json = try workspace.succeed("needs", "SUI", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["team"] as? String == "SUI")
        #expect(object["group"] as? String == "A")
        let remaining = try #require(object["remaining"] as? [[String: Any]])
        #expect(remaining.map { $0["match"] as? Int } == [25, 26])
        let targets = try #require(object["targets"] as? [[String: Any]])
        #expect(
            targets.map { $0["target"] as? String } == ["first", "second", "topTwo", "third", "bestThird", "through"])
        let first = try #require(targets.first)
        #expect(first["status"] as? String == "possible")
        // Switzerland (4 points) are first only by beating Germany (6).
        let conditions = try #require(first["conditions"] as? [[String: Any]])
        #expect(conditions.map { $0["sentence"] as? String } == ["win"])
        let results = try #require(conditions.first?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["match"] as? Int == 25)
        #expect(results.first?["team"] as? String == "SUI")
        #expect(results.first?["outcomes"] as? [String] == ["win"])
        #expect(results.first?["minimumMargin"] is NSNull)
        #expect(conditions.first?["decidedBy"] is NSNull)
        // Every other group is complete: a third place with 4 points is above Croatia's (2)
        // and Slovenia's (3) whatever the goals, so Switzerland are through.
        #expect(object["summary"] as? String == "through")
        #expect((object["thirdPlace"] as? [String: Any])?["qualification"] as? String == "certain")
        // Proven for every scoreline.
        #expect(object["goalLimit"] is NSNull)
        #expect(!(try workspace.succeed("needs", "SUI")).contains("exact up to"))
    }

    @Test("Conditions the proof cannot carry beyond the search say up to where they are exact")
    func goalLimit() throws {
        let workspace = try ScenariosCommandTests.groupAOpen()
        // Scotland 1:12 down after the opener: overtaking Switzerland on goal difference
        // takes margins adding up to 14, more than a condition states.
        try workspace.succeed("result", "1", "12:1")
        let text = try workspace.succeed("needs", "SCO")
        #expect(text.contains("\nThese conditions are exact up to 10 goals a side; beyond, they are not proven.\n"))
        let json = try workspace.succeed("needs", "SCO", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["goalLimit"] as? Int == 10)
    }

    @Test("A third whose fate is in other groups: which thirds must finish behind, by those groups' outcomes (25 June 2024)")
    func otherGroups() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        for match in ["SVK-ROU", "UKR-BEL", "GEO-POR", "CZE-TUR"] { try workspace.succeed("result", match, "--clear") }
        // Hungary, third of group A on 3 points (GD -3), need two of the five other thirds
        // behind: Croatia's 2 points are, Slovenia's and the Netherlands' records are not.
        // Group E's four teams are level on 3 points: a draw gives its third 4; two winners
        // leave a third on 3 points whose goal difference the margins decide. Group F's third
        // is behind when neither Georgia nor the Czechs win (2 points at most), on 4 points
        // ahead when Georgia win, and Türkiye's goal difference decides when the Czechs win.
        let text = try workspace.succeed("needs", "HUN")
        #expect(
            text.hasSuffix(
                """
                Through as a third if at least 2 of the other 5 thirds finish behind:
                  B  behind
                  C  ahead
                  D  ahead
                  E  the goals decide if SVK-ROU is not a draw and UKR-BEL is not a draw; ahead otherwise
                  F  behind if GEO do not win and CZE do not win; the goals decide if GEO do not win and CZE win; ahead otherwise

                """))
        let json = try workspace.succeed("needs", "HUN", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cases = try #require((object["thirdPlace"] as? [String: Any])?["cases"] as? [[String: Any]])
        #expect(cases.count == 1)
        // Group A is complete: one case, under no condition of its own.
        #expect((cases.first?["when"] as? [[String: String]]) == [[:]])
        #expect(cases.first?["neededBehind"] as? Int == 2)
        let rivals = try #require(cases.first?["rivals"] as? [[String: Any]])
        #expect(rivals.map { $0["group"] as? String } == ["B", "C", "D", "E", "F"])
        #expect(rivals.map { $0["standing"] as? String } == ["behind", "ahead", "ahead", "undecided", "undecided"])
        let groupF = try #require(rivals.last?["outcomes"] as? [[String: Any]])
        #expect(groupF.count == 9)
        // As it ended: Georgia beat Portugal, Türkiye beat the Czechs; Georgia third on 4 points.
        #expect(
            groupF.first { ($0["results"] as? [String: String]) == ["35": "home", "36": "away"] }?["standing"] as? String
                == "ahead")
        #expect(
            groupF.first { ($0["results"] as? [String: String]) == ["35": "draw", "36": "draw"] }?["standing"] as? String
                == "behind")
        // A team whose third place is settled lists no cases.
        #expect(!(try workspace.succeed("needs", "SVN")).contains("finish behind"))
    }

    @Test("In the shell, as on the command line")
    func shell() throws {
        let workspace = try ScenariosCommandTests.groupAOpen()
        let output = try workspace.succeed("shell", stdin: "needs GER\n")
        #expect(output.contains("  first       avoid defeat\n"))
    }

    @Test("An unknown team and a group still at matchday 1 fail with one line")
    func refusals() throws {
        let workspace = try Workspace()
        try workspace.succeed("init")
        try workspace.fail("needs", "Atlantis", status: 65, message: "unknown team")
        try workspace.fail("needs", "GER", status: 65, message: "group B has 6 matches to play")
    }
}
