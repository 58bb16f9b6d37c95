import Foundation
import Testing

/// `em run SCRIPT`: a script's lines as one transaction.
@Suite("em run")
struct RunTests {
    /// A script that adds a team and a player and sets a coach.
    static let script = """
        # Austria, for a friendly
        add-team --name Österreich --english Austria --code AUT
        add-player --team AUT --given David --name Alaba --number 8 --position DF
        set-coach --team AUT --given Marcel --name Koller

        """

    @Test("Every line runs, and the script is saved at its end without a save line")
    func savesAtTheEnd() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let file = try Self.write(Self.script, to: "austria.em", in: workspace)
        let output = try workspace.succeed("run", file)
        #expect(output == "added team AUT Österreich\nadded player AUT 8 David Alaba\nset coach AUT Marcel Koller\n")
        #expect(try workspace.succeed("list", "players", "--team", "AUT", "--format", "csv").contains("Alaba"))
    }

    @Test("A failing line names the script and the line, and nothing is saved, a save line before it neither")
    func failingLineSavesNothing() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let file = try Self.write(
            Self.script + "save\nadd-player --team AUT --name Arnautović --number 8 --position FW\n", to: "austria.em",
            in: workspace)
        let result = try workspace.em("run", file)
        expectFailure(
            result, status: 65, message: "\(file):6: team \"Österreich\" already has a player with shirt number 8")
        #expect(try workspace.snapshot() == before)
    }

    @Test("A usage error in a line stops the script with status 64")
    func usageError() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let file = try Self.write(
            "add-team --name Österreich --code AUT\nadd-player --team AUT --nmae X\n", to: "bad.em", in: workspace)
        let result = try workspace.em("run", file)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("em: \(file):2: "), "\(result.stderr)")
        #expect(try workspace.snapshot() == before)
    }

    @Test("--dry-run prints what the script would change and saves nothing")
    func dryRun() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        let copy = workspace.path("copy.sqlite")
        let file = try Self.write(Self.script + "save\nsave --to '\(copy)'\n", to: "austria.em", in: workspace)
        let output = try workspace.succeed("run", "--dry-run", file)
        #expect(output.contains("added player AUT 8 David Alaba\n"))
        #expect(output.contains("dry run, nothing saved: "))
        #expect(output.contains("would add team AUT Österreich\n"))
        #expect(output.contains("would add player AUT 8 David Alaba\n"))
        #expect(output.contains("dry run: \(copy) not written"))
        #expect(try workspace.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test("- reads the script from standard input")
    func standardInput() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let output = try workspace.succeed("run", "-", stdin: Self.script)
        #expect(output.hasSuffix("set coach AUT Marcel Koller\n"))
        #expect(try workspace.succeed("show", "team", "AUT").contains("Koller"))
    }

    @Test("A missing script is status 66, one that is not UTF-8 status 65; the store stays as it was")
    func unreadableScripts() throws {
        let workspace = try Workspace()
        let before = try workspace.seeded()
        expectFailure(try workspace.em("run", workspace.path("missing.em")), status: 66, message: "missing.em")
        let binary = workspace.path("binary.em")
        try Data([0x61, 0x64, 0x64, 0xFF, 0xFE, 0x0A]).write(to: URL(filePath: binary))
        expectFailure(try workspace.em("run", binary), status: 65, message: "binary.em: not UTF-8 text")
        #expect(try workspace.snapshot() == before)
    }

    @Test("Lines that end in CRLF run as those ending in LF")
    func crlf() throws {
        let workspace = try Workspace()
        try workspace.seeded()
        let file = try Self.write(Self.script.replacingOccurrences(of: "\n", with: "\r\n"), to: "crlf.em", in: workspace)
        #expect(try workspace.succeed("run", file).hasSuffix("set coach AUT Marcel Koller\n"))
    }

    private static func write(_ text: String, to name: String, in workspace: Workspace) throws -> String {
        let path = workspace.path(name)
        try Data(text.utf8).write(to: URL(filePath: path))
        return path
    }
}
