import Testing

@testable import em

/// How a shell line splits into words.
@Suite("Shell words")
struct ShellTokenizerTests {
    @Test(
        "Quotes, escapes, comments and blanks split as a POSIX shell splits them",
        arguments: [
            (
                "add-player --team GER --given 'Mario' --name \"Götze\" # a comment",
                ["add-player", "--team", "GER", "--given", "Mario", "--name", "Götze"]
            ),
            ("  a\tb  \r", ["a", "b"]),
            ("'it''s' \"say \\\"hi\\\" \\n\" a\\ b", ["its", "say \"hi\" \\n", "a b"]),
            ("'#not a comment' x#y # comment", ["#not a comment", "x#y"]),
            ("'' \"\" e\\'", ["", "", "e'"]),
            ("Ødegaard 'Bílek' \\É", ["Ødegaard", "Bílek", "É"]),
            ("# only a comment", []),
        ])
    func words(line: String, expected: [String]) throws {
        #expect(try ShellTokenizer.words(in: line) == expected)
    }

    @Test("An unterminated quote or a trailing backslash is a usage error", arguments: ["'open", "\"open", "end\\"])
    func unterminated(line: String) {
        #expect(throws: EMError.self) { try ShellTokenizer.words(in: line) }
    }
}
