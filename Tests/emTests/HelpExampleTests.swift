import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import em

/// Every example that `em --help` and each command's `--help` show, run as a user reading the
/// help would paste them into a shell, top to bottom: in a directory of its own with a fresh
/// default store holding the bundled EURO 2012, and the files examples name (`euro.txt`, `euro2028.txt`, `draw.txt`, `euro.plist`,
/// `edits.em`, …).
///
/// An example must succeed, unless its line ends in `# fails: MESSAGE`: then it must fail
/// with MESSAGE on standard error. One ending in `# until Ctrl-C` (a `--watch`) must still run
/// after two seconds, print, and end with status 0 on SIGINT.
@Suite("Help examples")
struct HelpExampleTests {
    /// One example of one help text.
    struct Example: CustomTestStringConvertible, Sendable {
        /// The command whose help shows it (`em schedule add`).
        let command: String
        /// The shell line, continuation lines joined.
        let line: String
        /// The message it must fail with, or `nil` if it must succeed.
        let failure: String?
        /// Whether it runs until interrupted.
        var runsUntilInterrupted = false

        var testDescription: String { line }
    }

    /// Every command of `em`, at any depth, with the words that name it.
    static func commands(under type: any ParsableCommand.Type = EM.self, named words: [String] = []) -> [[String]] {
        var found = [words]
        for subcommand in type.configuration.subcommands {
            guard let name = subcommand.configuration.commandName else { continue }
            found += commands(under: subcommand, named: words + [name])
        }
        return found
    }

    /// The examples of every help text.
    static var examples: [Example] { helps.flatMap(\.self) }

    /// The examples of each help text that has some, in the order shown.
    static let helps: [[Example]] = commands().map { words in
        let help = (try? EMProcess.run(words + ["--help"], home: FileManager.default.temporaryDirectory).stdout) ?? ""
        return examples(in: help, of: (["em"] + words).joined(separator: " "))
    }.filter { !$0.isEmpty }

    /// The lines under `Examples:` in `help`, up to the first empty one, joined across `\`
    /// line ends.
    static func examples(in help: String, of command: String) -> [Example] {
        guard let start = help.range(of: "Examples:\n") else { return [] }
        var examples: [Example] = []
        var pending = ""
        for rawLine in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { break }
            // A line the argument parser wrapped would run as two commands.
            #expect(rawLine.count <= 80, "\(command) --help: example line wider than 80 columns: \(rawLine)")
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let whole = pending + line
            pending = ""
            if let marker = whole.range(of: "# until Ctrl-C") {
                examples.append(
                    Example(
                        command: command, line: String(whole[..<marker.lowerBound]), failure: nil, runsUntilInterrupted: true))
            } else if let marker = whole.range(of: "# fails: ") {
                let message = String(whole[marker.upperBound...])
                examples.append(Example(command: command, line: String(whole[..<marker.lowerBound]), failure: message))
            } else {
                examples.append(Example(command: command, line: whole, failure: nil))
            }
        }
        return examples
    }

    @Test("Every help text has examples, and each is found")
    func everyHelpHasExamples() {
        let commands = Set(Self.examples.map(\.command))
        for words in Self.commands() where !words.isEmpty && words != ["help"] {
            #expect(
                commands.contains((["em"] + words).joined(separator: " ")),
                "no examples in em \(words.joined(separator: " ")) --help")
        }
        #expect(Self.examples.count >= 60)
    }

    @Test("The examples of every help text work, in order, on a fresh bundled store", arguments: helps)
    func examplesWork(_ examples: [Example]) throws {
        let workspace = try ExampleDirectory()
        for example in examples {
            if example.runsUntilInterrupted {
                let result = try workspace.shell("timeout --preserve-status --signal=INT 2 " + example.line)
                #expect(result.status == 0, "\(example.line) exited \(result.status): \(result.stderr)")
                #expect(!result.stdout.isEmpty, "\(example.line) printed nothing")
                continue
            }
            let result = try workspace.shell(example.line)
            if let failure = example.failure {
                #expect(result.status != 0, "\(example.line) succeeded")
                #expect(result.stderr.contains(failure), "\(example.line): \(result.stderr)")
            } else {
                #expect(result.status == 0, "\(example.line) exited \(result.status): \(result.stderr)")
            }
        }
    }
}

/// A directory to run one example in: the default store (`$XDG_DATA_HOME/em/em.sqlite`) holds
/// the bundled EURO 2012, and the files examples name exist.
private struct ExampleDirectory {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
        let defaultStore = workspace.path("xdg/em/em.sqlite")
        try FileManager.default.createDirectory(
            atPath: workspace.path("xdg/em"), withIntermediateDirectories: true)
        try workspace.succeed("init", store: defaultStore)
        try workspace.succeed("init", store: workspace.path("euro.sqlite"))
        try workspace.succeed("save", "--to", workspace.path("euro.plist"), "--as", "plist", store: defaultStore)
        let squads =
            "add-team --name Österreich --english Austria --code AUT\nadd-player --team AUT --given David --name Alaba --number 8 --position DF\n"
        try Data(squads.utf8).write(to: workspace.directory.appending(path: "squads.em"))
        try Data("result 1 2:0\nsave\n".utf8).write(to: workspace.directory.appending(path: "edits.em"))
        // Football.TXT files for `em import`: EURO 1968, and EURO 2024 with its squads.
        try FileManager.default.copyItem(
            at: OpenfootballFixture.url("1968--italy/euro.txt"), to: workspace.directory.appending(path: "euro.txt"))
        try FileManager.default.copyItem(
            at: OpenfootballFixture.url("2024--germany/euro.txt"), to: workspace.directory.appending(path: "euro2024.txt"))
        try FileManager.default.copyItem(
            at: OpenfootballFixture.url("2024--germany/squads"), to: workspace.directory.appending(path: "squads"))
        // EURO 2028 before its draw, and a draw for `em draw --from`.
        try FileManager.default.copyItem(
            at: OpenfootballFixture.url("2028--united_kingdom-ireland/euro.txt"),
            to: workspace.directory.appending(path: "euro2028.txt"))
        try Data("# group B\nB1=WAL\nB2=FRA\n".utf8).write(to: workspace.directory.appending(path: "draw.txt"))
    }

    /// Runs `line` with `/bin/sh` in the directory, the tested em first on `PATH`.
    func shell(_ line: String) throws -> EMResult {
        let bin = workspace.directory.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let link = bin.appending(path: "em")
        if !FileManager.default.fileExists(atPath: link.path) {
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: EMProcess.binary)
        }
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try EMProcess.runShell(
            "cd '\(workspace.directory.path)' && \(line)", home: workspace.directory, environment: ["PATH": path])
    }
}
