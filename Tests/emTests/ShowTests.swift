import Foundation
import Testing

/// `em show team`: the team card in three formats.
@Suite("em show team")
struct ShowTests {
    @Test("The card shows group, coach and the squad by position")
    func card() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("show", "team", "ger")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.prefix(5) == [
                "Deutschland (GER), English: Germany",
                "Group:  B",
                "Coach:  Joachim Löw",
                "Squad:  23 players",
                "",
            ])
        #expect(lines[5].hasPrefix("POS  NO  GIVEN NAME"))
        #expect(lines[6].hasPrefix("GK    1  Manuel"))
        let positions = lines.dropFirst(6).compactMap { $0.split(separator: " ").first }
        #expect(
            positions
                == positions.sorted {
                    ["GK", "DF", "MF", "FW"].firstIndex(of: String($0))! < ["GK", "DF", "MF", "FW"].firstIndex(of: String($1))!
                })
    }

    @Test("As JSON the card is one object with the coach and the squad")
    func json() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("show", "team", "Germany", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["code"] as? String == "GER")
        #expect((object["coach"] as? [String: Any])?["name"] as? String == "Löw")
        #expect((object["players"] as? [Any])?.count == 23)
        #expect(output.hasPrefix("{\n  \"code\": \"GER\",\n  \"name\": \"Deutschland\",\n  \"englishName\": \"Germany\","))
    }

    @Test("As CSV the card is the squad")
    func csv() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("show", "team", "GER", "--format", "csv")
        let lines = output.split(separator: "\r\n")
        #expect(lines.first == "position,number,givenname,name,club,born")
        #expect(lines.count == 24)
        #expect(lines[1] == "GK,1,Manuel,Neuer,Bayern Munich,1986-03-27")
    }

    @Test("An unknown team exits 65")
    func unknownTeam() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        try workspace.fail("show", "team", "Atlantis", status: 65, message: "unknown team \"Atlantis\"")
        try workspace.fail(
            "show", "team", "Deutschlnd", status: 65, message: "unknown team \"Deutschlnd\": did you mean Deutschland (GER)?")
        #expect(try workspace.snapshot() == before)
    }

    @Test("A missing team argument exits 64")
    func missingTeam() throws {
        let workspace = try Workspace()
        try workspace.fail("show", "team", status: 64, message: "team")
    }
}
