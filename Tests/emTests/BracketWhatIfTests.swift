import Foundation
import Testing

/// `em bracket --if`: the bracket as it would be with results assumed, nothing saved.
@Suite("em bracket --if")
struct BracketWhatIfTests {
    /// The knockout matches of `em bracket --format json`'s output, by number.
    static func matches(_ json: some StringProtocol) throws -> [Int: [String: Any]] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: array.map { ($0["number"] as? Int ?? 0, $0) })
    }

    /// A match's teams as `HOME-AWAY`, `?` for a side not known.
    static func pairing(_ match: [String: Any]?) -> String {
        "\(match?["home"] as? String ?? "?")-\(match?["away"] as? String ?? "?")"
    }

    /// The JSON array in a shell's output, from its `[` line to its `]` line.
    static func jsonArray(in output: String) throws -> Substring {
        let start = try #require(output.range(of: "\n[\n"))
        let end = try #require(output.range(of: "\n]\n", range: start.upperBound..<output.endIndex))
        return output[start.lowerBound..<end.upperBound]
    }

    @Test("Assumed group results move teams into the round of 16; assumed knockout results carry the winner on; nothing is saved")
    func textAndJSON() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let before = try workspace.snapshot()
        let recorded = try workspace.succeed("bracket")
        let text = try workspace.succeed("bracket", "--if", "SCO-HUN 0:4", "--if", "SUI-GER 2:0")
        #expect(text.hasPrefix("What if: match 26 SCO-HUN 0:4, match 25 SUI-GER 2:0 (nothing saved)\n\nRound of 16 "))
        #expect(text.contains("\n HUN ") && !text.contains(" SVN ") && !text.contains("Winner:"))
        #expect(recorded.contains(" SVN ") && recorded.hasSuffix("\nWinner: ESP\n"))
        let groups = try Self.matches(
            try workspace.succeed("bracket", "--if", "SCO-HUN 0:4", "--if", "SUI-GER 2:0", "--format", "json"))
        #expect(
            (37...44).map { Self.pairing(groups[$0]) } == [
                "SUI-DEN", "GER-ITA", "ESP-SVK", "ENG-GEO", "POR-HUN", "FRA-BEL", "ROU-NED", "AUT-TUR",
            ])
        #expect(groups[41]?["score"] is NSNull && groups[41]?["winner"] is NSNull)
        #expect(groups[42]?["winner"] as? String == "FRA" && groups[42]?["assumed"] as? Bool == false)

        let knockout = try Self.matches(
            try workspace.succeed(
                "bracket", "--if", "ESP-GER 1:2 --aet", "--if", "49 1:1 --aet --pens 4:3", "--format", "json"))
        #expect(knockout[45]?["assumed"] as? Bool == true && knockout[45]?["winner"] as? String == "GER")
        let semiFinal = try #require(knockout[49]?["score"] as? [String: Any])
        #expect(semiFinal["afterExtraTime"] as? Bool == true && (semiFinal["penalties"] as? [String: Any])?["home"] as? Int == 4)
        #expect(Self.pairing(knockout[51]) == "GER-ENG" && knockout[51]?["winner"] is NSNull)
        #expect(knockout[50]?["assumed"] as? Bool == false && knockout[50]?["winner"] as? String == "ENG")

        let final = try workspace.succeed(
            "bracket", "--ascii", "--if", "ESP-GER 1:2 --aet", "--if", "GER-FRA 1:1 --aet --pens 4:3", "--if", "GER-ENG 3:0")
        #expect(final.hasPrefix("What if: match 45 ESP-GER 1:2 aet, match 49 GER-FRA 1:1 aet, 4:3 pens, match 51 GER-ENG 3:0"))
        #expect(final.contains("45 a.e.t. (assumed)") && final.contains("49 a.e.t., 4:3 pens (assumed)"))
        #expect(final.hasSuffix("\nWinner: GER\n"))
        #expect(try workspace.snapshot() == before)
        #expect(try workspace.succeed("bracket") == recorded)
    }

    @Test(
        "An unknown match, a knockout match whose teams are not known, a negative score or a draw get one line, and nothing changes"
    )
    func refusals() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let before = try workspace.snapshot()
        try workspace.fail("bracket", "--if", "99 1:0", status: 65, message: "unknown match \"99\"")
        try workspace.fail(
            "bracket", "--if", "51 1:0", "--if", "ESP-GER 1:2 --aet", status: 65,
            message:
                "the teams of match 51 (W49 v W50) are not known under the assumptions: W49: the result of match 49 is for ESP v FRA"
        )
        try workspace.fail(
            "bracket", "--if", "ESP-GER 1:2 --aet", "--if", "ESP-FRA 2:1", status: 65,
            message: "ESP-FRA do not meet under the assumptions: match 49 (W45 v W46) is GER-FRA")
        try workspace.fail("bracket", "--if", "SCO-HUN -1:0", status: 64, message: "the score -1:0 is negative")
        try workspace.fail(
            "bracket", "--if", "45 1:1", status: 65, message: "a draw after 90 minutes goes to extra time (--aet)")
        try workspace.fail("bracket", "--if", "45 1:1 --aet --pens", status: 64, message: "--pens needs the shoot-out's score")
        try workspace.fail("bracket", "--if", "45 2:1 --extra", status: 64, message: "got \"--extra\"")
        try workspace.fail("bracket", "--if", "45 1:0", "--if", "ESP-GER 2:0", status: 65, message: "assumed twice")
        #expect(try workspace.snapshot() == before)
    }

    @Test("In the shell and in a script, bracket --if counts the unsaved results and leaves them as they were")
    func shellAndScript() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let before = try workspace.snapshot()
        let lines = """
            result SCO-HUN 0:4
            bracket --if "SUI-GER 2:0" --format json

            """
        let shell = try workspace.succeed("shell", stdin: lines + "rollback\nquit\n")
        let assumed = try Self.matches(try Self.jsonArray(in: shell))
        // Hungary's unsaved result takes them to the 3A slot, the assumed one Switzerland to 1A.
        #expect(Self.pairing(assumed[37]) == "SUI-DEN" && Self.pairing(assumed[41]) == "POR-HUN")
        #expect(try workspace.snapshot() == before)

        let script = workspace.path("what-if.em")
        try Data(lines.utf8).write(to: URL(filePath: script))
        let run = try workspace.succeed("run", script)
        #expect(Self.pairing(try Self.matches(try Self.jsonArray(in: run))[37]) == "SUI-DEN")
        // The script's result is saved, the assumed one is not.
        let saved = try Self.matches(try workspace.succeed("bracket", "--format", "json"))
        #expect(Self.pairing(saved[37]) == "GER-DEN" && Self.pairing(saved[41]) == "POR-HUN")
    }
}
