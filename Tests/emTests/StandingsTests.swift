import Foundation
import TestSupport
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

    @Test("--if shows the tables and the thirds as they would be with a result, and saves nothing")
    func whatIf() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let before = try workspace.succeed("standings", "--format", "csv")
        let assumed = try workspace.succeed(
            "standings", "--group", "A", "--if", "SUI-GER 3:0", "--if", "26 2:2", "--format", "csv")
        #expect(
            assumed.split(whereSeparator: \.isNewline) == [
                "group,rank,team,name,played,won,drawn,lost,goalsFor,goalsAgainst,goalDifference,points",
                "A,1,SUI,Schweiz,3,2,1,0,7,2,5,7", "A,2,GER,Deutschland,3,2,0,1,7,4,3,6",
                "A,3,SCO,Schottland,3,0,2,1,4,8,-4,2", "A,4,HUN,Ungarn,3,0,1,2,3,7,-4,1",
            ])
        let text = try workspace.succeed("standings", "--group", "A", "--if", "SUI-GER 3:0")
        #expect(text.hasPrefix("What if: match 25 SUI-GER 3:0 (nothing saved)\n"))
        let thirds = try workspace.succeed("standings", "--thirds", "--if", "SCO-HUN 2:2", "--format", "csv")
        #expect(
            thirds.split(whereSeparator: \.isNewline).suffix(2) == [
                "5,B,CRO,Kroatien,3,0,2,1,3,6,-3,2,out,false", "6,A,SCO,Schottland,3,0,2,1,4,8,-4,2,out,false",
            ])
        #expect(try workspace.succeed("standings", "--format", "csv") == before)
        try workspace.fail("standings", "--if", "SUI-GER", status: 64, message: "expected MATCH SCORE")
        try workspace.fail("standings", "--if", "37 1:0", status: 65, message: "knockout match")
        try workspace.fail("standings", "--if", "SUI-GER 1:0", "--if", "25 2:0", status: 65, message: "assumed twice")
    }

    @Test("In the shell, --if counts the session's unsaved results and leaves them as they were")
    func whatIfInShell() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed(
            "shell",
            stdin: """
                result POL-GRE 2:0
                standings --group A --if "RUS-CZE 4:1" --format csv
                changes
                rollback
                quit

                """)
        let lines = output.split(whereSeparator: \.isNewline)
        #expect(lines.contains("A,1,RUS,Russland,1,1,0,0,4,1,3,3"))
        #expect(lines.contains("A,2,POL,Polen,1,1,0,0,2,0,2,3"))
        #expect(lines.contains("1 unsaved change"))
        // Nothing played: the coefficient ranking orders the group, Czech Republic third.
        #expect(try workspace.succeed("standings", "--group", "A", "--format", "csv").contains("A,3,CZE,Tschechien,0,"))
    }

    @Test("Bad requests get one line and a data error")
    func refusals() throws {
        let workspace = try Workspace()
        try workspace.fail("standings", "--group", "Z", status: 65, message: "Z")
        try workspace.fail("standings", "--thirds", status: 65, message: "no third-placed team")
        try workspace.fail("standings", "--thirds", "--group", "A", status: 64, message: "--thirds")
    }

    @Test("In week two of EURO 2024, --thirds ranks each group's current third, marked provisional")
    func provisionalThirds() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024")
        let played = try EuroFixture.load(2024).matches.filter { $0.matchNumber <= 18 }
        let script = played.map { "result \($0.matchNumber) \($0.homeGoals):\($0.awayGoals)\n" }.joined() + "save\nquit\n"
        try workspace.succeed("shell", stdin: script)
        let table = try workspace.succeed("standings", "--thirds")
        #expect(
            table.hasPrefix("Third-placed teams (the best 4 go through), provisional: groups A, B, C, D, E, F still playing\n"))
        #expect(table.contains("\nNot ranked: group C's third place is level: DEN, SVN\n"))
        let csv = try workspace.succeed("standings", "--thirds", "--format", "csv")
        #expect(
            csv.split(whereSeparator: \.isNewline) == [
                "rank,group,team,name,played,won,drawn,lost,goalsFor,goalsAgainst,goalDifference,points,status,provisional",
                "1,B,ALB,Albanien,2,0,1,1,3,4,-1,1,qualifying,true", "2,A,SCO,Schottland,2,0,1,1,2,6,-4,1,qualifying,true",
                "3,D,POL,Polen,1,0,0,1,1,2,-1,0,qualifying,true", "3,F,CZE,Tschechien,1,0,0,1,1,2,-1,0,qualifying,true",
                "5,E,BEL,Belgien,1,0,0,1,0,1,-1,0,out,true",
            ])
        let json = try workspace.succeed("standings", "--thirds", "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(report["provisional"] as? Bool == true)
        #expect(report["groupsStillPlaying"] as? [String] == ["A", "B", "C", "D", "E", "F"])
        #expect((report["notRanked"] as? [[String: String]])?.map { $0["group"] } == ["C"])
    }
}
