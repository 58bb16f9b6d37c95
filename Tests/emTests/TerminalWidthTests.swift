import Foundation
import Testing

/// Output fitted to the terminal's width (`$COLUMNS` here, as the tests have no terminal), and
/// tables aligned by the columns characters take on screen.
@Suite("Output fits the terminal")
struct TerminalWidthTests {
    /// The columns `text` takes in a terminal: CJK ideographs two, combining marks none.
    private static func displayWidth(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            if scalar.properties.generalCategory == .nonspacingMark { return width }
            return width + ((0x4E00...0x9FFF).contains(scalar.value) ? 2 : 1)
        }
    }

    @Test(
        "At 60 columns no line is wider and no word is broken: words are whole, or cut with …",
        arguments: [
            ["schedule"], ["standings", "--thirds", "--explain"], ["bracket"], ["list", "matches"], ["list", "players"],
            ["list", "teams"], ["standings"],
        ])
    func sixtyColumns(_ command: [String]) throws {
        let workspace = try Workspace()
        try workspace.succeed("init", "--tournament", "2024", "--with-results", "--force")
        let wide = try workspace.succeed(command)
        let narrow = try workspace.run(command, environment: ["COLUMNS": "60"])
        #expect(narrow.status == 0 && narrow.stderr.isEmpty, "\(narrow.stderr)")
        let lines = narrow.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(Self.displayWidth(line) <= 60, "\(Self.displayWidth(line)) columns: \(line)")
        }
        let words = Set(wide.split(whereSeparator: \.isWhitespace))
        for word in narrow.stdout.split(whereSeparator: \.isWhitespace) where !words.contains(word) {
            #expect(word.hasSuffix("…"), "\(word) is no word of the full output")
            #expect(words.contains { $0.hasPrefix(word.dropLast()) }, "\(word) begins no word of the full output")
        }
    }

    @Test("Without a terminal and without $COLUMNS, output keeps its width: em list matches has its venues")
    func noTerminal() throws {
        let workspace = try Workspace()
        let lines = try workspace.succeed("list", "matches").split(separator: "\n")
        #expect(lines.contains { $0.count > 100 && $0.hasSuffix("Warsaw") })
        let narrow = try workspace.run(["list", "matches"], environment: ["COLUMNS": "60"]).stdout
        #expect(!narrow.contains("VENUE"))
        #expect(narrow.contains("KICK-OFF"))
    }

    @Test("Columns line up by display width with wide characters and combining marks in names")
    func wideCharacters() throws {
        let workspace = try Workspace()
        try workspace.succeed("add-team", "--name", "日本", "--english", "Japan", "--code", "JPN")
        try workspace.succeed("add-player", "--team", "JPN", "--given", "翼", "--name", "大空", "--number", "10", "--position", "FW")
        try workspace.succeed(
            "add-player", "--team", "JPN", "--given", "Zoe\u{301}", "--name", "Ange\u{301}lique", "--number", "2", "--position",
            "DF")
        let players = try workspace.succeed("list", "players", "--team", "JPN").split(separator: "\n")
        #expect(players.count == 3)
        let columns = try players.map { line in
            let position = try #require(line.firstMatch(of: /\s\s(POS|FW|DF)/))
            return Self.displayWidth(line[..<position.range.lowerBound])
        }
        #expect(Set(columns).count == 1, "\(players)")
        let teams = try workspace.succeed("list", "teams").split(separator: "\n")
        let header = try #require(teams.first)
        let japan = try #require(teams.first { $0.hasPrefix("JPN") })
        let english = try #require(header.range(of: "ENGLISH"))
        let japanEnglish = try #require(japan.range(of: "Japan"))
        #expect(Self.displayWidth(header[..<english.lowerBound]) == Self.displayWidth(japan[..<japanEnglish.lowerBound]))
    }
}
