import Foundation
import TestSupport
import Testing

/// `em init` and seeding: once, from the bundled setup or a file, never twice.
@Suite("em init")
struct InitTests {
    @Test("init seeds an empty store with the bundled EURO 2012")
    func seedsBundled() throws {
        let workspace = try Workspace()
        let output = try workspace.succeed("init")
        #expect(output == "seeded UEFA EURO 2012: 4 groups, 16 teams, 368 players, 31 matches\n")
        let teams = try workspace.succeed("list", "teams", "--format", "csv")
        #expect(teams.split(separator: "\r\n").count == 17)
    }

    @Test("init on a store that holds a tournament changes nothing")
    func initTwice() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let output = try workspace.succeed("init")
        #expect(output == "the store holds UEFA EURO 2012 already; nothing changed (--force seeds it afresh)\n")
        #expect(try workspace.snapshot() == before)
        #expect(
            try workspace.succeed("init", "--tournament", "2024")
                == "the store holds UEFA EURO 2012 already; nothing changed (--force replaces it with UEFA EURO 2024)\n")
        #expect(try workspace.snapshot() == before)
    }

    @Test("Running em twice does not seed twice")
    func noDoubleSeed() throws {
        let workspace = try Workspace()
        let first = try workspace.succeed("list", "players", "--format", "csv")
        let second = try workspace.succeed("list", "players", "--format", "csv")
        #expect(first == second)
        #expect(first.split(separator: "\r\n").count == 369)
        try workspace.succeed("schedule")
        #expect(try workspace.succeed("list", "matches", "--format", "csv").split(separator: "\r\n").count == 32)
    }

    @Test("A seeded store that users edited is never seeded again")
    func editedStoreStays() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        try workspace.succeed("remove-player", "--team", "GER", "--number", "1")
        try workspace.succeed("init")
        let players = try workspace.succeed("list", "players", "--team", "GER", "--format", "csv")
        #expect(players.split(separator: "\r\n").count == 23)
    }

    @Test(
        "init --force replaces an edited tournament, keeping a backup that opens and holds it",
        arguments: [StoreKind.sqlite, .postgreSQL])
    func force(_ kind: StoreKind) throws {
        let workspace = try Workspace(kind)
        try workspace.succeed("init")
        let players = try workspace.succeed("list", "players", "--format", "csv")
        try workspace.succeed("remove-player", "--team", "GER", "--number", "1")
        let edited = try workspace.succeed("list", "players", "--format", "csv")
        let output = try workspace.succeed("init", "--force").split(separator: "\n")
        #expect(output.count == 2)
        #expect(output.last?.hasPrefix("seeded UEFA EURO 2012") == true)
        #expect(try workspace.succeed("list", "players", "--format", "csv") == players)
        let backup: String
        if kind == .postgreSQL {
            let schema = try #require(
                output.first?.firstMatch(of: /^kept a backup of UEFA EURO 2012 in .+ \(schema (\w+_backup_\d{8}_\d{6})\)$/))
            let server = try #require(TournamentLocationURL(workspace.storeArgument))
            backup = server.connection + "?schema=" + schema.1
        } else {
            let path = try #require(output.first?.firstMatch(of: /^kept a backup of UEFA EURO 2012 in (.+\.\d{8}-\d{6}\.bak)$/))
            backup = String(path.1)
            #expect(URL(filePath: backup).deletingLastPathComponent() == workspace.store.deletingLastPathComponent())
        }
        #expect(try workspace.succeed("list", "players", "--format", "csv", store: backup) == edited)
    }

    @Test("init --setup with a missing file exits 66 and leaves the store alone")
    func missingSetup() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        try workspace.fail("init", "--force", "--setup", workspace.path("nope.plist"), status: 66, message: "nope.plist")
        #expect(try workspace.snapshot() == before)
    }

    @Test("init --setup with a malformed plist exits 65 naming the key path, and seeds nothing")
    func malformedSetup() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let plist = workspace.path("broken.plist")
        try Data(Self.brokenSetup.utf8).write(to: URL(filePath: plist))
        try workspace.fail("init", "--force", "--setup", plist, status: 65, message: "groups[0].teams[0].code")
        #expect(try workspace.snapshot() == before)
    }

    @Test("init --force with a setup that fails while seeding leaves the old tournament, not an empty store")
    func forceIsOneTransaction() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        let plist = workspace.path("euro2024.plist")
        try workspace.succeed("save", "--to", plist, "--as", "plist")
        try workspace.succeed("remove-player", "--team", "GER", "--number", "1")
        let before = try workspace.snapshot()
        // The setup passes validation; its 37th match names a team its results contradict,
        // which only seeding finds, after the old tournament is deleted.
        var setup = try #require(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(filePath: plist)), format: nil)
                as? [String: Any])
        var matches = try #require(setup["matches"] as? [[String: Any]])
        matches[36]["home"] = "Schottland"
        setup["matches"] = matches
        try PropertyListSerialization.data(fromPropertyList: setup, format: .xml, options: 0).write(to: URL(filePath: plist))
        try workspace.fail("init", "--force", "--setup", plist, status: 65, message: "matches[36].home")
        #expect(try workspace.snapshot() == before)
        // A refused replacement keeps no backup either.
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(!names.contains { $0.hasSuffix(".bak") }, "\(names)")
    }

    @Test("A failed init on a new path leaves no file there, nor beside it")
    func failedInitLeavesNoFile() throws {
        let workspace = try Workspace()
        let plist = workspace.path("broken.plist")
        try Data(Self.brokenSetup.utf8).write(to: URL(filePath: plist))
        let store = workspace.path("new.sqlite")
        try workspace.fail(
            "init", "--setup", plist, status: 65, message: "groups[0].teams[0].code", store: store)
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(left.filter { $0.contains("new.sqlite") }.isEmpty, "\(left)")
    }

    @Test(
        "The temporary files an em killed while making the store left beside it are removed by the next command on it; those a writer holds are not",
        arguments: [["init", "--force"], ["add-team", "--name", "Österreich", "--code", "AUT"]])
    func abandonedTemporariesBesideTheStore(_ command: [String]) throws {
        let workspace = try Workspace()
        try workspace.seeded()
        // Killed between making its file and renaming it, and after renaming it.
        let abandoned = ["11111111-2222-3333-4444-555555555555.new", "0A7F6C1E-0000-0000-0000-000000000000.tmp"]
            .map { workspace.path(".em.sqlite.\($0)") }
        let held = ["22222222-2222-3333-4444-555555555555.new", "0A7F6C1E-1111-1111-1111-111111111111.tmp"]
            .map { workspace.path(".em.sqlite.\($0)") }
        for path in abandoned + held { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
        // Writers still at work hold their files locked.
        let descriptors = held.map { open($0, O_RDONLY) }
        defer {
            for descriptor in descriptors { close(descriptor) }
        }
        for descriptor in descriptors { #expect(flock(descriptor, LOCK_EX) == 0) }
        try workspace.succeed(command)
        for path in abandoned { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        for path in held { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test("init --setup with a file that is no plist at all exits 65")
    func notAPlist() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let plist = workspace.path("text.plist")
        try Data("hello, world\n".utf8).write(to: URL(filePath: plist))
        try workspace.fail("init", "--force", "--setup", plist, status: 65, message: "text.plist")
        #expect(try workspace.snapshot() == before)
    }

    @Test("init --tournament 2024 seeds EURO 2024's schedule; --with-results its real results, tables and bracket too")
    func seedsEuro2024() throws {
        let workspace = try Workspace()
        #expect(
            try workspace.succeed("init", "--tournament", "2024")
                == "seeded UEFA EURO 2024: 6 groups, 24 teams, 622 players, 51 matches\n")
        #expect(try workspace.succeed("show", "match", "37").contains("1A-2C"))
        #expect(try workspace.succeed("standings", "--group", "A").contains("GER   Deutschland  0"))
        let results = workspace.path("results.sqlite")
        try workspace.succeed("init", "--tournament", "2024", "--with-results", store: results)
        let groupC = try workspace.succeed("standings", "--group", "C", "--explain", store: results)
        #expect(groupC.contains("DEN ahead of SVN: official order (level: no ranking given)"))
        let thirds = try workspace.succeed("standings", "--thirds", store: results)
        #expect(thirds.contains("Allocation: third-placed teams of C D E F"))
        #expect(try workspace.succeed("bracket", store: results).hasSuffix("Winner: ESP\n"))
        let replaced = try workspace.succeed("init", "--tournament", "2012", "--with-results", "--force", store: results)
        #expect(replaced.hasPrefix("kept a backup of UEFA EURO 2024 in \(results)."))
        #expect(replaced.hasSuffix("\nseeded UEFA EURO 2012: 4 groups, 16 teams, 368 players, 31 matches, 31 results\n"))
        #expect(
            try workspace.succeed("bracket", store: results).hasSuffix("Winner: ESP\n"), "slots keep their meaning after --force")
    }

    @Test("init --tournament 2024 --with-results records the goals, cards and line-ups too")
    func seedsEuro2024Events() throws {
        let workspace = try Workspace()
        let store = workspace.path("results.sqlite")
        try workspace.succeed("init", "--tournament", "2024", "--with-results", store: store)
        let scorers = try workspace.succeed("stats", "scorers", "--format", "csv", store: store)
        #expect(scorers.split(separator: "\r\n").filter { $0.hasPrefix("1,") }.count == 6, "six players on 3 goals")
        #expect(scorers.contains("1,ESP,10,Dani Olmo,3,0,0"))
        #expect(try workspace.succeed("stats", "cards", store: store).contains("SCO   15  Ryan Porteous"))
        #expect(try workspace.succeed("suspensions", store: store).contains("red card in match 1"))
        let final = try workspace.succeed("show", "match", "51", store: store)
        #expect(final.contains(" 47  goal   ESP   17  Nico Williams\n") && !final.contains("No goals or cards recorded"))
        #expect(try workspace.succeed("show", "match", "1", store: store).contains("Line-ups\nGER  Manuel Neuer - "))
    }

    @Test("init refuses --setup with --tournament or --with-results, and an unknown year, changing nothing")
    func tournamentOptionsRefused() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let plist = workspace.path("x.plist")
        try workspace.fail("init", "--setup", plist, "--tournament", "2024", status: 64, message: "not both")
        try workspace.fail("init", "--setup", plist, "--with-results", status: 64, message: "bundled tournament")
        try workspace.fail("init", "--tournament", "2016", "--force", status: 64, message: "'2016'")
        #expect(try workspace.snapshot() == before)
    }

    /// A setup whose only team has a code that is not three letters.
    static let brokenSetup = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>tournament</key><string>Broken</string>
            <key>groups</key>
            <array>
                <dict>
                    <key>name</key><string>A</string>
                    <key>teams</key>
                    <array>
                        <dict>
                            <key>name</key><string>Polen</string>
                            <key>code</key><string>POLAND</string>
                            <key>players</key><array/>
                        </dict>
                    </array>
                </dict>
            </array>
            <key>matches</key><array/>
        </dict>
        </plist>
        """
}
