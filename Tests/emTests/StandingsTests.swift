import Foundation
import Testing

/// `em standings` as a process.
@Suite("em standings")
struct StandingsCommandTests {
    /// EURO 2012 Group A's real results, entered with `em result`.
    static let groupA = [
        ("POL-GRE", "1:1"), ("RUS-CZE", "4:1"), ("GRE-CZE", "1:2"), ("POL-RUS", "1:1"), ("CZE-POL", "1:0"), ("GRE-RUS", "1:0"),
    ]

    @Test("The real Group A results entered with em result rank Greece above Russia on head-to-head")
    func groupA() throws {
        let workspace = try Workspace()
        for (match, score) in Self.groupA { try workspace.succeed("result", match, score) }
        let csv = try workspace.succeed("standings", "--group", "A", "--format", "csv")
        #expect(
            csv.split(whereSeparator: \.isNewline) == [
                "group,rank,team,name,played,won,drawn,lost,goalsFor,goalsAgainst,goalDifference,points",
                "A,1,CZE,Tschechien,3,2,0,1,4,5,-1,6",
                "A,2,GRE,Griechenland,3,1,1,1,3,3,0,4",
                "A,3,RUS,Russland,3,1,1,1,5,3,2,4",
                "A,4,POL,Polen,3,0,2,1,2,3,-1,2",
            ])
        let table = try workspace.succeed("standings", "--group", "A", "--explain")
        #expect(table.contains("GRE ahead of RUS: head-to-head points 3–0"))
        let json = try workspace.succeed("standings", "--group", "A", "--format", "json")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(groups.first?["decisions"] as? [String] == ["GRE ahead of RUS: head-to-head points 3–0"])
        #expect(groups.first?["complete"] as? Bool == true)
    }

    @Test("Bad requests get one line and a data error")
    func refusals() throws {
        let workspace = try Workspace()
        try workspace.fail("standings", "--group", "Z", status: 65, message: "Z")
        try workspace.fail("standings", "--thirds", status: 65, message: "no third-placed team")
        try workspace.fail("standings", "--thirds", "--group", "A", status: 64, message: "--thirds")
    }
}
