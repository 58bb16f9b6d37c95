import ArgumentParser
import Foundation
import Testing

@testable import em

/// The fast path's syntax is read from a command's declared properties: a command declared
/// here, and nowhere else, parses as swift-argument-parser parses it.
@Suite("Script syntax read from the declaration")
struct ScriptSyntaxDerivationTests {
    /// Options shared as a group.
    struct Shared: ParsableArguments {
        @Flag(help: "A flag of the group.") var quiet = false
        @Option(help: "An optional option of the group.") var homeURL: String?
    }

    /// A command of every kind of property the fast path sets.
    struct Sample: ParsableCommand, ScriptParsable {
        @OptionGroup var shared: Shared
        @Argument(help: "A required argument.") var match: String
        @Argument(help: "An optional argument.") var score: Int?
        @Option(help: "A required option.") var moveTo: Int
        @Option(help: "A repeatable option.") var sort: [String] = []
        @Flag(help: "A flag.") var dryRun = false
        @Option(help: "An optional option.") var format: OutputFormat?

        func validate() throws {
            if let score, score > 99 { throw ValidationError("a score over 99") }
        }
    }

    /// A command whose positional arguments are all taken by one array.
    struct Variadic: ParsableCommand, ScriptParsable {
        @Argument(help: "The words.") var words: [String] = []
        @Option(help: "An optional option.") var group: String?
    }

    /// A command with a counted flag, which the fast path does not take.
    struct Counted: ParsableCommand, ScriptParsable {
        @Flag(name: .shortAndLong, help: "More output.") var verbose: Int
    }

    /// A command with an option declared with a default value.
    struct Defaulted: ParsableCommand, ScriptParsable {
        @Option(help: "A limit.") var limit = 10
    }

    static let sampleLines = [
        "M1 --move-to 3",
        "M1 2 --move-to=3 --sort name --dry-run --format json --quiet --home-url http://x",
        "--home-url x M1 --move-to 4 7",
    ]

    @Test("A line makes the command swift-argument-parser makes", arguments: sampleLines)
    func sameAsParser(line: String) throws {
        let words = try ShellTokenizer.words(in: line)
        let syntax = try #require(ScriptSyntax<Sample>())
        let fast = try #require(syntax.parse(words[...]), "the fast path refused \(line)")
        let parsed = try Sample.parse(words)
        #expect(Self.dump(fast) == Self.dump(parsed))
    }

    static let unsureLines = [
        "M1", "M1 --move-to x", "M1 -3 --move-to 3", "M1 --move-to 3 --sort a --sort b", "M1 2 3 --move-to 1",
        "M1 --moveTo 3",
    ]

    @Test("What the declaration refuses or the fast path is unsure of is left to swift-argument-parser", arguments: unsureLines)
    func leftToParser(line: String) throws {
        let syntax = try #require(ScriptSyntax<Sample>())
        #expect(syntax.parse(try ShellTokenizer.words(in: line)[...]) == nil)
    }

    @Test("A command that does not validate is left to swift-argument-parser, which refuses it")
    func validation() throws {
        let syntax = try #require(ScriptSyntax<Sample>())
        #expect(syntax.parse(["M1", "99", "--move-to", "1"]) != nil)
        #expect(syntax.parse(["M1", "100", "--move-to", "1"]) == nil)
        #expect(throws: (any Error).self) { _ = try Sample.parse(["M1", "100", "--move-to", "1"]) }
    }

    @Test("An array argument takes every positional word")
    func variadic() throws {
        let syntax = try #require(ScriptSyntax<Variadic>())
        for line in ["A1=ENG A2=SCO --group B", "", "--group C one"] {
            let words = try ShellTokenizer.words(in: line)
            let fast = try #require(syntax.parse(words[...]))
            #expect(Self.dump(fast) == Self.dump(try Variadic.parse(words)))
        }
    }

    @Test("A counted flag leaves the command to swift-argument-parser")
    func unsupported() {
        #expect(ScriptSyntax<Counted>() == nil)
    }

    @Test("An option with a default value reads as required, so a line without it goes to swift-argument-parser")
    func defaulted() throws {
        let syntax = try #require(ScriptSyntax<Defaulted>())
        #expect(syntax.parse([]) == nil)
        let fast = try #require(syntax.parse(["--limit", "3"]))
        #expect(fast.limit == 3)
    }

    @Test("Option names are the properties' names as swift-argument-parser makes them")
    func names() throws {
        let syntax = try #require(ScriptSyntax<Sample>())
        let names = Set(syntax.fields.flatMap { $0.property.options.map(\.name) })
        #expect(names == ["quiet", "home-url", "move-to", "sort", "dry-run", "format"])
        #expect(ScriptSyntax<Sample>.optionName("URLSession") == "url-session")
        #expect(ScriptSyntax<Sample>.optionName("afterExtraTime") == "after-extra-time")
        #expect(ScriptSyntax<Sample>.optionName("aet") == "aet")
        let usage = Sample.usageString()
        for name in names { #expect(usage.contains("--\(name)"), "\(name) in \(usage)") }
    }

    /// Every property of a command, as `dump` prints it.
    private static func dump(_ command: Any) -> String {
        var text = ""
        Swift.dump(command, to: &text)
        return text
    }
}
