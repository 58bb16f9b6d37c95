import Foundation
import Testing

/// `em stats` and `em suspensions`: the lists in each format.
@Suite("em stats and em suspensions")
struct StatsTests {
    @Test("em stats scorers ranks by goals, in a table and as JSON")
    func scorers() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "1:1")
        try workspace.succeed("result", "2", "4:1")
        for (minute, number) in [(15, 17), (79, 17), (24, 6), (82, 10)] {
            try workspace.succeed("goal", "2", "RUS", String(number), String(minute))
        }
        try workspace.succeed("goal", "1", "POL", "9", "17")
        let table = try workspace.succeed("stats", "scorers")
        let lines = table.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#  TEAM  NO  NAME") == true)
        #expect(lines.count == 5)
        #expect(lines[1].hasPrefix("1  RUS   17  Alan Dzagoev"))
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("2  ") })
        let json = try workspace.succeed("stats", "scorers", "--format", "json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.first?["goals"] as? Int == 2 && rows.first?["team"] as? String == "RUS")
        #expect(
            rows.map { $0.keys.sorted() }.allSatisfy {
                $0 == ["goals", "name", "number", "ownGoals", "penalties", "rank", "team"]
            })
    }

    @Test("Own goals are listed apart: unranked, under their own heading in a table, in their own column in JSON")
    func ownGoalsApart() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "2", "4:1")
        try workspace.succeed("goal", "2", "RUS", "17", "15")
        try workspace.succeed("goal", "2", "CZE", "3", "20", "--own-goal")
        #expect(
            try workspace.succeed("stats", "scorers")
                == """
                #  TEAM  NO  NAME          GOALS  PEN
                1  RUS   17  Alan Dzagoev      1    0

                Own goals
                TEAM  NO  NAME           OG
                CZE    3  Michal Kadlec   1

                """)
        let json = try workspace.succeed("stats", "scorers", "--format", "json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["rank"] as? Int } == [1, nil])
        #expect(rows.last?["ownGoals"] as? Int == 1 && rows.last?["goals"] as? Int == 0)
    }

    @Test("Nothing recorded: empty lists, which a table says in one line")
    func empty() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("stats", "scorers") == "no goals recorded\n")
        #expect(try workspace.succeed("stats", "cards") == "no cards recorded\n")
        #expect(try workspace.succeed("suspensions") == "no suspensions\n")
        #expect(try workspace.succeed("stats", "cards", "--format", "json") == "[]\n")
        #expect(
            try workspace.succeed("suspensions", "--format", "csv")
                == "team,number,name,official,match,fixture,day,reason,served\r\n")
    }

    @Test("em stats of an unknown list exits 64")
    func unknownList() throws {
        let workspace = try Workspace()
        try workspace.fail("stats", "assists", status: 64, message: "")
    }

    @Test("em suspensions names the match each suspended player misses, and why")
    func suspensions() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "1", "1:1")
        try workspace.succeed("card", "1", "POL", "1", "red", "68")
        try workspace.succeed("card", "1", "GRE", "19", "yellow", "35")
        try workspace.succeed("card", "1", "GRE", "19", "second-yellow", "44")
        try workspace.succeed("card", "1", "GRE", "10", "yellow", "10")
        let json = try workspace.succeed("suspensions", "--format", "json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.count == 2 && rows[0]["served"] as? Bool == false && rows[0]["match"] as? Int == 9)
        try workspace.succeed("result", "9", "1:2")
        try workspace.succeed("card", "GRE-CZE", "GRE", "10", "yellow", "60")
        try workspace.succeed("card", "GRE-CZE", "GRE", "--official", "Fernando Santos", "red")
        let csv = try workspace.succeed("suspensions", "--format", "csv")
        #expect(
            csv == """
                team,number,name,official,match,fixture,day,reason,served\r
                GRE,19,Sokratis Papastathopoulos,,9,GRE-CZE,2012-06-12,second yellow card in match 1,true\r
                POL,1,Wojciech Szczęsny,,10,POL-RUS,2012-06-12,red card in match 1,false\r
                GRE,10,Giorgos Karagounis,,18,GRE-RUS,2012-06-16,yellow cards in matches 1 and 9,false\r
                GRE,,Fernando Santos (official),Fernando Santos,18,GRE-RUS,2012-06-16,red card in match 9,false\r

                """)
        let served = try workspace.succeed("suspensions").split(separator: "\n").filter { $0.hasSuffix("true") }
        #expect(served.count == 1 && served[0].contains("Papastathopoulos"))
    }

    @Test("em suspensions --help states the rule and its source")
    func help() throws {
        let workspace = try Workspace()
        let help = try workspace.emWithoutStore(["suspensions", "--help"]).stdout
        #expect(help.contains("expire on completion of the quarter-finals"))
        #expect(help.contains("Art. 52.02 (b) and 52.05"))
    }
}
