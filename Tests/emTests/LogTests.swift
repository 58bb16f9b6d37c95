import Foundation
import TestSupport
import Testing

/// `em log`: every save to the store, the newest first, with who made it, with which command,
/// and what it changed.
@Suite("em log")
struct LogTests {
    @Test("em log lists each save with its time, author, command and changes, the newest first")
    func listsSaves() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results")
        try workspace.succeed("result", "36", "--clear")
        try workspace.succeed("result", "36", "1:2")
        let rows = try workspace.succeed("log", "--format", "csv").components(separatedBy: "\r\n").dropFirst().dropLast()
        let store = workspace.store.path
        #expect(rows.first?.hasSuffix(",em result 36 1:2 --store \(store),\"Match: 1 changed (awayGoals, homeGoals)\"") == true)
        #expect(rows.dropFirst().first?.contains(",em result 36 --clear --store \(store),\"Goal: 3 removed;") == true)
        #expect(rows.last?.contains(",em init --tournament 2024 --with-results --store \(store),") == true)
        let json = try JSONSerialization.jsonObject(
            with: Data(try workspace.succeed("log", "--format", "json", "--limit", "1").utf8))
        let entries = try #require(json as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        let time = try #require(entry["time"] as? String)
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)/) != nil, "\(time)")
        let author = try #require(entry["author"] as? String)
        #expect(author.split(separator: "@").count == 2, "\(author)")
        #expect(entry["command"] as? String == "em result 36 1:2 --store \(store)")
        let changes = try #require(entry["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["entity"] as? String == "Match")
        #expect(changes.first?["changed"] as? Int == 1)
        #expect(changes.first?["properties"] as? [String] == ["awayGoals", "homeGoals"])
        let table = try workspace.succeed("log", "--limit", "2")
        #expect(table.hasPrefix("NO  TIME"))
        #expect(table.split(separator: "\n").count == 3)
    }

    @Test("A command is recorded as a shell reads it back")
    func quotesAndEmpty() throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2012")
        try workspace.succeed("team", "rename", "GER", "--english", "West Germany's heir")
        let command = try workspace.succeed("log", "--limit", "1", "--format", "json")
        #expect(command.contains(#""command": "em team rename GER --english 'West Germany'\\''s heir' --store"#), "\(command)")
    }
}
