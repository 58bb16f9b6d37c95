import Foundation
import TestSupport
import Testing

/// `em import`: a Football.TXT file becomes a store; a bad file is refused at its line and
/// column and writes nothing.
@Suite("Import")
struct ImportTests {
    @Test("em import's help replaces a store with --force only with the edition an earlier example put there")
    func forceExampleKeepsTheEdition() throws {
        let help = try Workspace().emWithoutStore(["import", "--help"]).stdout
        var storeOfFile: [String: String] = [:]
        for line in help.split(separator: "\n") where line.hasPrefix("  em import ") {
            let words = line.split(separator: " ").map(String.init)
            let file = words[2]
            let store = try #require(words.firstIndex(of: "--store").map { words[$0 + 1] })
            if words.contains("--force") {
                #expect(storeOfFile[file] == store, "\(line)")
            } else {
                storeOfFile[file] = store
            }
        }
        #expect(help.contains("--force --store"))
    }

    @Test("EURO 1968 imports: the coin toss, the third-place match and the replayed final")
    func euro1968() throws {
        let workspace = try Workspace()
        let store = workspace.path("1968.sqlite")
        #expect(
            try workspace.succeed("import", OpenfootballFixture.url("1968--italy/euro.txt").path, store: store)
                == "imported Euro 1968: no groups, 4 teams, 5 matches, 5 results\n")
        let schedule = try workspace.succeed("schedule", store: store)
        #expect(schedule.contains("3  15:00 +02:00      England  -  Sowjetunion  2:0      Third place  Stadio Olimpico, Rome"))
        #expect(try workspace.succeed("show", "match", "2", store: store).contains(" 86  goal   YUG       Džajić\n"))
        // The final's tree first, the semi-final the toss decided marked; third place after it.
        let bracket = try workspace.succeed("bracket", store: store)
        #expect(bracket.hasPrefix("Semi-finals            Final\n1 a.e.t., ITA on lots\n"), "\(bracket)")
        #expect(bracket.contains("\nThird place\n3\n"))
        let json = try workspace.succeed("show", "match", "1", "--format", "json", store: store)
        #expect(json.contains("\"result\": \"0:0 aet\""), "\(json)")
    }

    @Test("EURO 2024 with its squads: the official tables, scorers from the squads")
    func euro2024() throws {
        let workspace = try Workspace()
        let store = workspace.path("2024.sqlite")
        try workspace.succeed(
            "import", OpenfootballFixture.url("2024--germany/euro.txt").path, "--squads",
            OpenfootballFixture.url("2024--germany/squads").path, store: store)
        let standings = try workspace.succeed("standings", "--group", "C", "--format", "csv", store: store)
        #expect(
            standings.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[2] } == ["ENG", "DEN", "SVN", "SRB"])
        let opener = try workspace.succeed("show", "match", "1", store: store)
        #expect(opener.contains(" 87  own goal      GER    2  Antonio Rüdiger\n"))
        #expect(opener.contains("\nLine-ups\nGER  Manuel Neuer - Joshua Kimmich, Antonio Rüdiger, Jonathan Tah [Y], "))
        #expect(opener.contains("\nSCO  Angus Gunn - Ryan Porteous [R 44'], "))
        #expect(
            try workspace.succeed("list", "players", "--team", "GER", "--format", "csv", store: store).split(separator: "\r\n")
                .count == 27)
    }

    @Test("EURO 1976: the final's shoot-out kick by kick and the line-ups, in text and JSON")
    func euro1976() throws {
        let workspace = try Workspace()
        let store = workspace.path("1976.sqlite")
        try workspace.succeed("import", OpenfootballFixture.url("1976--yugoslavia/euro.txt").path, store: store)
        let final = try workspace.succeed("show", "match", "4", store: store)
        #expect(final.contains("TCH-FRG 2:2 aet, 5:3 pens\n"))
        #expect(final.contains("\nFRG  Maier, Vogts, Schwarzenbeck, Beckenbauer, Dietz, Wimmer (Flohe 46'), "))
        #expect(
            final.hasSuffix(
                "\nPenalties  1-0 Masny, 1-1 Bonhof, 2-1 Nehoda, 2-2 Flohe, 3-2 Ondrus, 3-3 Bongarts, "
                    + "4-3 Jurkemik, U.Hoeneß (over), 5-3 Panenka\n"))
        let json = try workspace.succeed("show", "match", "4", "--format", "json", store: store)
        #expect(json.contains("\"penalties\": \"1-0 Masny, "))
        #expect(json.contains("\"team\": \"FRG\",\n      \"players\": \"Maier, Vogts, "))
    }

    @Test("em export --as football-txt writes what em import reads back: the same tournament")
    func exportRoundTrip() throws {
        let workspace = try Workspace()
        let store = workspace.path("1968.sqlite")
        try workspace.succeed("import", OpenfootballFixture.url("1968--italy/euro.txt").path, store: store)
        let text = try workspace.succeed("export", "--as", "football-txt", store: store)
        #expect(text.hasPrefix("= Euro 1968\n"))
        #expect(text.contains("    # Italy won on coin toss\n"))
        let file = workspace.path("copy.txt")
        #expect(try workspace.succeed("export", "--to", file, store: store) == "wrote \(file)\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        try workspace.fail("export", "--to", file, status: 73, message: "exists", store: store)
        let copy = workspace.path("copy.sqlite")
        try workspace.succeed("import", file, store: copy)
        for kind in ["teams", "matches"] {
            #expect(
                try workspace.succeed("list", kind, "--format", "csv", store: copy)
                    == workspace.succeed("list", kind, "--format", "csv", store: store))
        }
        #expect(try workspace.succeed("export", "--as", "football-txt", store: copy) == text)
    }

    @Test("An unknown team: exit 65, the file, line and column, a suggestion, and no store")
    func unknownTeam() throws {
        let workspace = try Workspace()
        let file = workspace.path("euro.txt")
        try (try OpenfootballFixture.text("1968--italy/euro.txt")).replacingOccurrences(
            of: "Yugoslavia   v", with: "Yugoslavja   v"
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
        let store = workspace.path("new.sqlite")
        try workspace.fail(
            "import", file, status: 65,
            message:
                "euro.txt:16:13: unknown team \"Yugoslavja\": did you mean Yugoslavia? in line \"21:15     Yugoslavja   v England",
            store: store)
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("--lenient skips a line it does not understand, with a warning and a count")
    func lenient() throws {
        let workspace = try Workspace()
        let file = workspace.path("euro.txt")
        try (try OpenfootballFixture.text("1968--italy/euro.txt") + "\n  this is no match line\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let store = workspace.path("new.sqlite")
        try workspace.fail("import", file, status: 65, message: "euro.txt:", store: store)
        #expect(!FileManager.default.fileExists(atPath: store))
        let result = try workspace.em("import", file, "--lenient", store: store)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("em: warning: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("skipped 1 line\n"), "\(result.stderr)")
        // A store with a tournament is left alone without --force.
        let refused = try workspace.succeed("import", OpenfootballFixture.url("1964--spain/euro.txt").path, store: store)
        #expect(refused.hasPrefix("the store holds "), "\(refused)")
        #expect(refused.contains(" already; nothing changed (--force replaces it with "), "\(refused)")
        #expect(refused.contains("1964"), "\(refused)")
        let replaced = try workspace.succeed(
            "import", OpenfootballFixture.url("1964--spain/euro.txt").path, "--force", store: store)
        #expect(try workspace.succeed("schedule", store: store).contains("Spanien"))
        // --force kept the tournament it replaced.
        let backup = try #require(replaced.firstMatch(of: /^kept a backup of Euro 1968 in (.+\.bak)\n/))
        #expect(try workspace.succeed("list", "matches", "--format", "csv", store: String(backup.1)).contains("YUG"))
    }
}
