import Foundation
import TestSupport
import Testing

/// `em export --as football-txt --to FILE`: the match file and the squads beside it, which
/// `em import` reads back, and a warning for what the format cannot hold.
@Suite("Football.TXT export")
struct FootballTextExportTests {
    @Test("Exported with its squads and imported into a fresh store, EURO 2024 is the same: matches, goals, cards, squads")
    func roundTrip() throws {
        let workspace = try Workspace()
        let store = workspace.path("2024.sqlite")
        try workspace.succeed(
            "import", OpenfootballFixture.url("2024--germany/euro.txt").path, "--squads",
            OpenfootballFixture.url("2024--germany/squads").path, store: store)
        try FileManager.default.createDirectory(atPath: workspace.path("out"), withIntermediateDirectories: true)
        let file = workspace.path("out/euro.txt")
        #expect(
            try workspace.succeed("export", "--to", file, store: store)
                == "wrote \(file) and 24 squad files in squads/ beside it\n")
        #expect(FileManager.default.fileExists(atPath: workspace.path("out/squads/germany.txt")))
        #expect(FileManager.default.fileExists(atPath: workspace.path("out/squads/czech-republic.txt")))
        let copy = workspace.path("copy.sqlite")
        try workspace.succeed("import", file, "--squads", workspace.path("out/squads"), store: copy)
        for listing in [["list", "matches"], ["list", "players"], ["stats", "cards"], ["stats", "scorers"], ["suspensions"]] {
            #expect(
                try workspace.succeed(listing + ["--format", "csv"], store: copy)
                    == workspace.succeed(listing + ["--format", "csv"], store: store), "\(listing)")
        }
        for match in 1...51 {
            #expect(
                try workspace.succeed("show", "match", "\(match)", store: copy)
                    == workspace.succeed("show", "match", "\(match)", store: store), "match \(match)")
        }
        try workspace.fail("export", "--to", file, status: 73, message: "exists already", store: store)
    }

    @Test("What the format cannot hold is named on standard error, one line per kind, counted")
    func losses() throws {
        let workspace = try Workspace()
        try workspace.succeed("result", "POL-GRE", "1:1")
        try workspace.succeed("result", "9", "1:2")
        try workspace.succeed("card", "POL-GRE", "GRE", "15", "yellow", "35")
        try workspace.succeed("card", "9", "CZE", "--official", "Michal Bílek", "yellow")
        let file = workspace.path("euro.txt")
        let written = try workspace.em("export", "--to", file)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == "wrote \(file) and 16 squad files in squads/ beside it\n")
        #expect(
            written.stderrLines == [
                "em: warning: Football.TXT has no place for head coaches: 16 not written",
                "em: warning: Football.TXT keeps cards in line-ups only: 2 of 2 cards (of players in no line-up, or of officials) not written",
                "em: warning: squad files keep the year of birth only, which em import does not read: 368 dates of birth not written",
                "em: warning: squad files write a player's names as one, which em import splits after the first word: 1 given names of several words not kept apart",
            ])
        let printed = try workspace.em("export", "--as", "football-txt")
        #expect(printed.status == 0)
        #expect(
            printed.stderrLines.last
                == "em: warning: squads are written as files beside a match file (--to FILE.txt): 368 players not written")
        let copy = workspace.path("copy.sqlite")
        try workspace.succeed("import", file, "--squads", workspace.path("squads"), store: copy)
        #expect(
            try workspace.succeed("list", "players", "--team", "GER", "--format", "csv", store: copy).split(separator: "\r\n")
                .count
                == 24)
    }
}
