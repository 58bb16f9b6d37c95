import Foundation
import Testing

/// The first session the package's README shows, run word for word: each `$ ` line of its
/// `console` block through `/bin/sh`, in a fresh home with no store, must print exactly the
/// lines under it (standard output and standard error as a terminal shows them).
@Suite("README session")
struct ReadmeSessionTests {
    /// The package's root directory, found from this file's place in it.
    private static let packageRoot = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The commands of the README's first `console` block, each with the lines it prints.
    static func session() throws -> [(command: String, output: String)] {
        let readme = try String(contentsOf: packageRoot.appending(path: "README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```console\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        var steps: [(command: String, output: String)] = []
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), ""))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output += line + "\n"
            }
        }
        return steps
    }

    @Test("The README's session works verbatim on a fresh machine")
    func sessionWorks() throws {
        let steps = try Self.session()
        #expect(steps.count >= 5)
        let workspace = try Workspace()
        let bin = workspace.directory.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appending(path: "em"), withDestinationURL: EMProcess.binary)
        // One shell for the whole session; a marker line separates the steps' outputs, and `$?`
        // is set back after it, for `echo $?`.
        let marker = "--- next step ---"
        let script =
            "status=0\n" + steps.map { "echo '\(marker)'\n(exit $status)\n\($0.command) 2>&1\nstatus=$?" }.joined(separator: "\n")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try EMProcess.runShell(
            "cd '\(workspace.directory.path)' && HOME='\(workspace.directory.path)' && export HOME\n" + script,
            home: workspace.directory, environment: ["PATH": path])
        let outputs = result.stdout.components(separatedBy: marker + "\n").dropFirst()
        try #require(outputs.count == steps.count, "\(result.stdout)\(result.stderr)")
        for (step, output) in zip(steps, outputs) {
            #expect(output == step.output, "$ \(step.command)")
        }
    }

    @Test("The README's inline alias example works on the bundled EURO 2012")
    func aliasExampleWorks() throws {
        let readme = try String(contentsOf: Self.packageRoot.appending(path: "README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "`em team alias "))
        let end = try #require(readme.range(of: "`", range: start.upperBound..<readme.endIndex))
        let arguments = readme[readme.index(after: start.lowerBound)..<end.lowerBound].split(separator: " ").dropFirst()
        let workspace = try Workspace()
        try workspace.succeed(arguments.map(String.init))
        let alias = try #require(arguments.last)
        #expect(try !workspace.succeed("list", "players", "--team", String(alias), "--limit", "1").isEmpty)
    }
}
