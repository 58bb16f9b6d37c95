import Foundation
import Testing

/// The round trip of the issue: seed, edit with `em shell` from a script, save as a setup
/// plist, seed a new store from it, and find the same tournament.
@Suite("Round trip")
struct RoundTripTests {
    /// Edits touching every kind of object: players, coaches, teams, matches and results.
    static let script = """
        # squads
        remove-player --team GER --number 19
        add-player --team GER --given Mario --name Götze --number 19 --position MF --club 'Borussia Dortmund' --born 1992-06-03
        remove-player --team POR --number 23
        remove-player --team ESP --number 23
        update-player --team ESP --number 1 --club "Real Madrid C.F." --new-number 23
        remove-player --team POL --number 23
        update-player --team GER --number 2 --move-to Polen --new-number 23
        set-coach --team ENG --given Gareth --name Southgate
        add-team --name Österreich --english Austria --code AUT
        add-player --team AUT --given David --name Alaba --number 8 --position DF
        schedule add --home AUT --away GER --at 2012-07-08T20:45:00+02:00 --venue 'Ernst-Happel-Stadion' --city Wien --time-zone Europe/Vienna --round semifinal
        result 1 1:1

        """ + Euro2012Results.shellLines(2...28) + """
            result POR-ESP 0:0 --aet --pens 2:4
            save
            quit

            """

    @Test("Seed, edit in the shell, save as plist, init a new store from it: same tournament")
    func roundTrip() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        try workspace.succeed("shell", stdin: Self.script)
        let plist = workspace.path("edited.plist")
        try workspace.succeed("save", "--to", plist, "--as", "plist")
        let copy = workspace.path("copy.sqlite")
        let seeded = try workspace.succeed("init", "--setup", plist, store: copy)
        #expect(seeded == "seeded UEFA EURO 2012: 4 groups, 17 teams, 366 players, 32 matches, 29 results\n")
        #expect(try workspace.snapshot(store: copy) == workspace.snapshot())
        #expect(try workspace.succeed("schedule", store: copy) == workspace.succeed("schedule"))
        #expect(try workspace.succeed("show", "team", "AUT", store: copy) == workspace.succeed("show", "team", "AUT"))
    }

    @Test("The edits of the script are all in the saved store")
    func editsArrive() throws {
        let workspace = try Workspace()
        try workspace.succeed("shell", stdin: Self.script)
        let players = try workspace.succeed("list", "players", "--format", "csv")
        #expect(players.contains("GER,19,Mario,Götze,MF,Borussia Dortmund,1992-06-03\r\n"))
        #expect(players.contains("POL,23,"))
        #expect(players.contains("ESP,23,Iker,Casillas,GK,Real Madrid C.F.,"))
        #expect(try workspace.succeed("list", "coaches", "--team", "ENG", "--format", "csv").contains("ENG,Gareth,Southgate"))
        let matches = try workspace.succeed("list", "matches", "--format", "csv")
        #expect(matches.contains(",AUT,GER,,"))
        #expect(matches.contains(",POR,ESP,0:0 aet, 2:4 pens,") || matches.contains(#",POR,ESP,"0:0 aet, 2:4 pens","#))
    }
}
