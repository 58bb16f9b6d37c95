import Foundation
import Testing

/// `em list`: kinds, filters, predicates, sorting, limits and the three formats.
@Suite("em list")
struct ListTests {
    @Test(
        "Every kind lists in a table with a header",
        arguments: [
            ("groups", "GROUP", 5), ("teams", "CODE", 17), ("players", "TEAM", 369), ("coaches", "TEAM", 17),
            ("matches", "ID", 32),
        ])
    func kinds(_ kind: String, _ header: String, _ lines: Int) throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("list", kind)
        #expect(output.hasPrefix(header))
        #expect(output.split(separator: "\n").count == lines)
    }

    @Test("Teams are listed in the order of the codes they are shown by; --sort team sorts by code")
    func orderFollowsCodes() throws {
        let workspace = try Workspace()
        let teams = try workspace.succeed("list", "teams", "--group", "A").split(separator: "\n").dropFirst()
        #expect(teams.map { String($0.prefix(3)) } == ["CZE", "GRE", "POL", "RUS"])
        let players = try workspace.succeed("list", "players", "--sort", "-team", "--limit", "1", "--format", "csv")
        #expect(players.split(separator: "\r\n").last?.hasPrefix("UKR,") == true)
    }

    @Test("Groups as JSON: keys in column order, pretty-printed")
    func groupsJSON() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("list", "groups", "--limit", "1", "--format", "json")
        #expect(
            output == """
                [
                  {
                    "name": "A",
                    "teams": [
                      "CZE",
                      "GRE",
                      "POL",
                      "RUS"
                    ]
                  }
                ]

                """)
    }

    @Test("Players of a team as CSV, filtered by a predicate and sorted descending")
    func playersCSV() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed(
            "list", "players", "--team", "GER", "--where", #"position == "GK""#, "--sort", "-number", "--format", "csv")
        #expect(
            output == """
                team,number,givenname,name,position,club,born\r
                GER,22,Ron-Robert,Zieler,GK,Hannover 96,1989-02-12\r
                GER,12,Tim,Wiese,GK,Werder Bremen,1981-12-17\r
                GER,1,Manuel,Neuer,GK,Bayern Munich,1986-03-27\r

                """)
    }

    @Test("CSV quotes fields with commas and quotes (RFC 4180)")
    func csvQuoting() throws {
        let workspace = try Workspace()
        try workspace.succeed("remove-player", "--team", "GER", "--number", "23")
        try workspace.succeed(
            "add-player", "--team", "GER", "--given", "Max", "--name", #"Mustermann, "Jr.""#, "--number", "23", "--position", "FW"
        )
        let output = try workspace.succeed("list", "players", "--team", "GER", "--where", "number == 23", "--format", "csv")
        #expect(output.contains(#"GER,23,Max,"Mustermann, ""Jr.""",FW,,"#))
    }

    @Test("JSON and CSV output are the same on every run")
    func stable() throws {
        let workspace = try Workspace()
        for format in ["json", "csv"] {
            let first = try workspace.succeed("list", "matches", "--format", format)
            #expect(try workspace.succeed("list", "matches", "--format", format) == first)
        }
    }

    @Test("Teams of a group; coaches of a team; matches of a team")
    func filters() throws {
        let workspace = try Workspace()
        #expect(try workspace.succeed("list", "teams", "--group", "b", "--format", "csv").split(separator: "\r\n").count == 5)
        #expect(
            try workspace.succeed("list", "coaches", "--team", "Deutschland", "--format", "csv")
                == "team,givenname,name\r\nGER,Joachim,Löw\r\n")
        #expect(
            try workspace.succeed("list", "matches", "--team", "germany", "--format", "csv").split(separator: "\r\n").count == 4)
    }

    @Test("A blank --where is no condition, so that a script may pass an empty filter")
    func blankWhere() throws {
        let workspace = try Workspace()
        let everyone = try workspace.succeed("list", "players", "--format", "csv")
        for blank in ["", "  "] {
            #expect(try workspace.succeed("list", "players", "--where", blank, "--format", "csv") == everyone)
        }
    }

    @Test(
        "An empty listing prints the table's header and says so; JSON prints [] and CSV the header",
        arguments: [
            ("groups", #"name == "Z""#, "GROUP  TEAMS", "no groups match", "name,teams"),
            ("teams", #"name == "Atlantis""#, "CODE  NAME  ENGLISH  GROUP  COACH  PLAYERS", "no teams match", "code,"),
            (
                "players", "number > 99", "TEAM  NO  GIVEN NAME  NAME  POS  CLUB  BORN", "no players match",
                "team,number,givenname,name,position,club,born"
            ),
            ("coaches", #"name == "Nobody""#, "TEAM  GIVEN NAME  NAME", "no coaches match", "team,givenname,name"),
            ("matches", #"venue == "Nowhere""#, "ID  KICK-OFF  ROUND", "no matches found", "id,kickoff,timeZone,"),
        ])
    func emptyListing(_ kind: String, _ condition: String, _ header: String, _ message: String, _ csvHeader: String) throws {
        let workspace = try Workspace()
        let table = try workspace.succeed("list", kind, "--where", condition)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "\(table)")
        #expect(lines.first?.hasPrefix(header) == true, "\(table)")
        #expect(lines.dropFirst().first == Substring(message))
        #expect(try workspace.succeed("list", kind, "--where", condition, "--format", "json") == "[]\n")
        let csv = try workspace.succeed("list", kind, "--where", condition, "--format", "csv")
        #expect(csv.hasPrefix(csvHeader) && csv.hasSuffix("\r\n") && csv.split(separator: "\r\n").count == 1, "\(csv)")
    }

    @Test("A date of birth compares with an ISO 8601 date in --where and in CAST")
    func isoDates() throws {
        let workspace = try Workspace()
        let young = try workspace.succeed("list", "players", "--where", #"born > "1992-01-01""#, "--format", "csv")
        #expect(young.contains("DEN,8,Christian,Eriksen,MF,Ajax,1992-02-14\r\n"))
        let rows = young.split(separator: "\r\n").dropFirst()
        #expect(!rows.isEmpty && rows.allSatisfy { $0.suffix(10) > "1992-01-01" })
        let cast = try workspace.succeed(
            "list", "players", "--where", #"born > CAST("1992-01-01T00:00:00+00:00", "NSDate")"#, "--format", "csv")
        #expect(cast == young)
    }

    @Test(
        "A literal of the wrong type exits 65 naming the attribute, its type and the literal",
        arguments: [
            ("born < 1985", "'born' (Date) cannot be compared with the number 1985"),
            (#"number > "5""#, #"'number' (Integer 16) cannot be compared with the string "5""#),
        ])
    func wrongTypes(_ condition: String, _ message: String) throws {
        let workspace = try Workspace()
        try workspace.fail(
            "list", "players", "--where", condition, status: 65,
            message: "em: invalid --where predicate: predicate type error: \(message)")
    }

    @Test("A predicate syntax error exits 65 naming the column")
    func predicateSyntax() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        try workspace.fail("list", "players", "--where", "number <= ", status: 65, message: "column 11")
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "Bad data in a listing exits 65",
        arguments: [
            (["list", "players", "--team", "XYZ"], "unknown team \"XYZ\""),
            (["list", "teams", "--group", "Z"], "unknown group \"Z\""),
            (["list", "players", "--sort", "shoeSize"], "invalid sort key \"shoeSize\""),
            (["list", "players", "--where", "shoeSize > 40"], "shoeSize"),
        ])
    func dataErrors(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try EMProcess.run(arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 65, message: message)
        #expect(try workspace.snapshot() == before)
    }

    @Test(
        "Usage errors exit 64 with one line",
        arguments: [
            (["list", "referees"], "referees"),
            (["list", "players", "--limit", "0"], "--limit"),
            (["list", "players", "--limit", "many"], "many"),
            (["list", "groups", "--team", "GER"], "--team"),
            (["list", "players", "--format", "xml"], "xml"),
            (["list"], "kind"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let workspace = try Workspace()
        let result = try EMProcess.run(arguments + ["--store", workspace.store.path], home: workspace.directory)
        expectFailure(result, status: 64, message: message)
    }

    @Test("An unknown command exits 64")
    func unknownCommand() throws {
        let workspace = try Workspace()
        expectFailure(try workspace.emWithoutStore(["lsit", "players"]), status: 64, message: "lsit")
    }
}

extension ListTests {
    @Test(
        "A --where of hundreds of AND or OR terms is a bad predicate, 65, with a short message and no SQL",
        arguments: [" OR ", " AND ", " || "], [201, 997, 5_000])
    func longChains(joiner: String, terms: Int) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let condition = (1...terms).map { "number == \($0 % 99 + 1)" }.joined(separator: joiner)
        let result = try workspace.fail(
            "list", "players", "--where", condition, status: 65, message: "at most 200 terms joined by AND or OR")
        #expect(result.stderr.count < 200, "\(result.stderr.count) characters")
        #expect(!result.stderr.contains("SELECT"))
    }

    @Test("A --where of 200 OR terms is read")
    func longestChain() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let condition = (1...199).map { "name == 'Spieler \($0)'" }.joined(separator: " OR ") + " OR name == 'Lahm'"
        #expect(try workspace.succeed("list", "players", "--where", condition, "--format", "csv").contains("Lahm"))
    }
}
