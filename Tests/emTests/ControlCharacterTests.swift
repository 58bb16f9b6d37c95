import Foundation
import Testing

@testable import ObjectGraphSQLite

/// Control characters in the text em stores: refused everywhere with one message, so that
/// tables print whole rows and an exported property list stays well-formed XML.
@Suite("Control characters in text")
struct ControlCharacterTests {
    /// A command storing `text` as a name, for each kind of name.
    static func commands(storing text: String) -> [[String]] {
        [
            ["update-player", "--team", "GER", "--number", "1", "--name", text],
            ["update-player", "--team", "GER", "--number", "1", "--club", text],
            ["add-team", "--name", text, "--code", "ZZZ"],
            ["set-coach", "--team", "GER", "--name", text],
            ["team", "alias", "GER", text],
            [
                "schedule", "add", "--home", "GER", "--away", "POR", "--at", "2012-06-30T18:00+02:00", "--venue", text,
                "--city", "Lwiw", "--group", "B",
            ],
        ]
    }

    @Test(
        "A name made only of a line feed or a carriage return, or holding a tab, is refused like an empty one is: 65, one message, nothing changed",
        arguments: ["\n", "\r", "Müller\nX", "Müller\tX", "\u{1B}[31mRot"])
    func controlCharactersInNames(text: String) throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        for command in Self.commands(storing: text) {
            let result = try EMProcess.run(command + ["--store", workspace.store.path], home: workspace.directory)
            expectFailure(result, status: 65, message: "must not hold control characters (line breaks, tabs, NUL)\n")
        }
        #expect(try workspace.snapshot() == before)
    }

    @Test("A NUL in a name typed in em shell is refused, and save --as plist writes well-formed XML")
    func nulInTheShell() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let result = try workspace.em("shell", stdin: "add-team --name \"Null\u{0}land\" --code NUL\nsave\n")
        #expect(result.status == 65)
        #expect(result.stderr == "em: line 1: team name must not hold control characters (line breaks, tabs, NUL)\n")
        #expect(try workspace.snapshot() == before)
        let plist = workspace.path("euro.plist")
        try workspace.succeed("save", "--to", plist, "--as", "plist")
        let data = try Data(contentsOf: URL(filePath: plist))
        #expect(!data.contains(0))
        #expect(try PropertyListSerialization.propertyList(from: data, format: nil) is [String: Any])
    }

    @Test("A setup whose text holds a control character is refused naming its key path; a match's notes may hold line feeds")
    func controlCharactersInSetups() throws {
        let workspace = try Workspace()
        let exported = workspace.path("euro.plist")
        try workspace.seeded()
        try workspace.succeed("save", "--to", exported, "--as", "plist")
        let setup = try String(contentsOf: URL(filePath: exported), encoding: .utf8)
        for (original, changed, keyPath) in [
            ("<string>Franciszek</string>", "<string>Fran&#9;ciszek</string>", ".coach.givenname"),
            ("<string>Warsaw</string>", "<string>War&#13;saw</string>", ".city"),
        ] {
            let plist = workspace.path("broken.plist")
            try setup.replacingOccurrences(of: original, with: changed).write(
                to: URL(filePath: plist), atomically: true, encoding: .utf8)
            let result = try workspace.fail(
                "init", "--force", "--setup", plist, status: 65,
                message: "must not hold control characters (line breaks, tabs, NUL)")
            #expect(result.stderr.contains("\(keyPath): must not hold control characters"), "\(result.stderr)")
        }
        let notes = workspace.path("notes.plist")
        try setup.replacingOccurrences(
            of: "<key>round</key>", with: "<key>notes</key>\n<string>first line&#10;second line</string>\n<key>round</key>"
        ).write(to: URL(filePath: notes), atomically: true, encoding: .utf8)
        try workspace.succeed("init", "--force", "--setup", notes)
    }

    @Test("A control character another program wrote into the store is named by save --as plist, which writes nothing")
    func controlCharacterInTheStore() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        try SQLiteConnection(path: workspace.store.path).execute(
            "UPDATE ZTEAM SET ZENGLISHNAME = 'Ger' || char(0) || 'many' WHERE ZCODE = 'GER'")
        let plist = workspace.path("euro.plist")
        let result = try workspace.fail(
            "save", "--to", plist, "--as", "plist", status: 65,
            message: "the tournament: groups[1].teams[")
        #expect(result.stderr.hasSuffix("].englishName: must not hold control characters (line breaks, tabs, NUL)\n"))
        #expect(!FileManager.default.fileExists(atPath: plist))
    }
}
