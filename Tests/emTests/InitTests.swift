import Foundation
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
        #expect(output.contains("nothing changed"))
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

    @Test("init --force replaces an edited tournament")
    func force() throws {
        let workspace = try Workspace()
        try workspace.succeed("init")
        let players = try workspace.succeed("list", "players", "--format", "csv")
        try workspace.succeed("remove-player", "--team", "GER", "--number", "1")
        let output = try workspace.succeed("init", "--force")
        #expect(output.hasPrefix("seeded UEFA EURO 2012"))
        #expect(try workspace.succeed("list", "players", "--format", "csv") == players)
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

    @Test("init --setup with a file that is no plist at all exits 65")
    func notAPlist() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let plist = workspace.path("text.plist")
        try Data("hello, world\n".utf8).write(to: URL(filePath: plist))
        try workspace.fail("init", "--force", "--setup", plist, status: 65, message: "text.plist")
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
