import Foundation
import Testing

/// What editing commands, `changes`, `undo` and `redo` say they changed: values before and
/// after, counts in words, dry runs in the conditional, no step for a command that changes
/// nothing, and `--format json` for scripts.
@Suite("Change reports")
struct ChangeReportTests {
    /// A workspace with match 1 played 1:1 and saved.
    private static func played() throws -> Workspace {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "1:1")
        try workspace.succeed("remove-player", "--team", "GER", "--number", "23")  // room in the full squad
        return workspace
    }

    @Test("changes and undo show values before and after; a command that changes nothing says so and is no step")
    func valuesInTheShell() throws {
        let workspace = try Self.played()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                add-player --team GER --name Gomez --given Mario --number 23 --position FW
                result 1 2:1
                changes
                result 1 2:1
                update-player --team GER --number 23 --position FW
                undo
                undo
                redo
                rollback

                """)
        #expect(
            output == """
                added player GER 23 Mario Gomez
                recorded 2:1 for match 1 POL-GRE (was 1:1)
                2 unsaved changes
                + player GER 23 Mario Gomez
                ~ match 1 POL-GRE: result 1:1 → 2:1
                nothing changed: already as asked
                nothing changed: already as asked
                undone: 1 change
                ~ match 1 POL-GRE: result 2:1 → 1:1
                undone: 1 change
                - player GER 23 Mario Gomez
                redone: 1 change
                + player GER 23 Mario Gomez
                rolled back 1 unsaved change

                """)
    }

    @Test("A dry run says what would change, in the conditional, and nothing else")
    func dryRun() throws {
        let workspace = try Self.played()
        #expect(
            try workspace.succeed("result", "1", "3:1", "--dry-run") == """
                dry run, nothing saved: 1 change would be made
                would update match 1 POL-GRE: result 1:1 → 3:1

                """)
        #expect(
            try workspace.succeed("update-player", "--team", "GER", "--number", "19", "--new-number", "19", "--dry-run")
                == "dry run, nothing saved: nothing would change\n")
        #expect(try workspace.succeed("result", "1", "1:1") == "nothing changed: already as asked\n")
    }

    @Test("--format json prints the changes with the ids em takes, old and new values, and no prose")
    func json() throws {
        let workspace = try Self.played()
        let scheduled = try Self.json(
            workspace.succeed(
                "schedule", "add", "--home", "GER", "--away", "ESP", "--at", "2012-07-08T20:45:00+02:00",
                "--venue", "Olympiastadion", "--city", "Berlin", "--round", "semifinal", "--format", "json"))
        #expect(scheduled["dryRun"] as? Bool == false)
        let match = try #require((scheduled["changes"] as? [[String: Any]])?.first)
        #expect(match["kind"] as? String == "inserted" && match["entity"] as? String == "match")
        #expect((match["id"] as? [String: Any])?["match"] as? Int == 32)
        #expect(((match["values"] as? [String: Any])?["venue"] as? [String: Any])?["new"] as? String == "Olympiastadion")

        let text = try workspace.succeed("result", "1", "3:1", "--format", "json")
        #expect(text.hasPrefix("{\n  \"dryRun\": false,\n  \"changes\": [\n"))
        let corrected = try #require((Self.json(text)["changes"] as? [[String: Any]])?.first)
        #expect(corrected["kind"] as? String == "updated" && corrected["label"] as? String == "match 1 POL-GRE")
        let result = (corrected["values"] as? [String: Any])?["result"] as? [String: Any]
        #expect(result?["old"] as? String == "1:1" && result?["new"] as? String == "3:1")

        let player = try Self.json(
            workspace.succeed("update-player", "--team", "GER", "--number", "19", "--new-number", "23", "--format", "json"))
        let id = (player["changes"] as? [[String: Any]])?.first?["id"] as? [String: Any]
        #expect(id?["team"] as? String == "GER" && id?["number"] as? Int == 23)

        let nothing = try Self.json(workspace.succeed("result", "1", "3:1", "--format", "json", "--dry-run"))
        #expect(nothing["dryRun"] as? Bool == true && (nothing["changes"] as? [Any])?.isEmpty == true)

        let refused = try workspace.em("result", "99", "1:0", "--format", "json")
        #expect(refused.status == 65 && refused.stdout.isEmpty && refused.stderrLines.count == 1)
    }

    @Test("The JSON of a removal holds the removed object's values, so that a script can make it again")
    func removalKeepsValues() throws {
        let workspace = try Self.played()
        let removed = try Self.json(
            workspace.succeed("remove-player", "--team", "GER", "--number", "19", "--format", "json"))
        let player = try #require((removed["changes"] as? [[String: Any]])?.first)
        #expect(player["kind"] as? String == "deleted")
        let values = try #require(player["values"] as? [String: [String: Any]])
        #expect(values["name"]?["old"] as? String == "Götze" && values["name"]?["new"] is NSNull)
        #expect(values["given"]?["old"] as? String == "Mario" && values["position"]?["old"] as? String == "MF")
        #expect(values["number"]?["old"] as? Int == 19 && values["team"]?["old"] as? String == "GER")
        #expect(values["born"]?["old"] as? String == "1992-06-03")
        // What the values say makes the player again.
        try workspace.succeed(
            "add-player", "--team", "GER", "--given", "Mario", "--name", "Götze", "--number", "19", "--position", "MF")

        let match = try Self.json(workspace.succeed("schedule", "remove", "1", "--force", "--format", "json"))
        let matchValues = try #require(
            (match["changes"] as? [[String: Any]])?.first { $0["entity"] as? String == "match" }?["values"]
                as? [String: [String: Any]])
        #expect(matchValues["result"]?["old"] as? String == "1:1")
        #expect(matchValues["home"]?["old"] as? String == "POL" && matchValues["venue"]?["old"] != nil)
    }

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
