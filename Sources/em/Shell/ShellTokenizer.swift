/// Splits a shell line into words the way a POSIX shell quotes: blanks separate words; single
/// quotes keep everything literally; double quotes keep everything but `\"`, `\\`, `\$` and
/// `` \` ``; a backslash outside quotes keeps the next character; `#` at the start of a word
/// begins a comment.
///
/// ```
/// add-player --team GER --given 'Mario' --name "Götze" # a comment
/// → ["add-player", "--team", "GER", "--given", "Mario", "--name", "Götze"]
/// ```
enum ShellTokenizer {
    /// The words of `line`.
    ///
    /// - Throws: ``EMError/usage(_:)`` for an unterminated quote or a trailing backslash.
    static func words(in line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var isInWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case _ where character.isWhitespace:
                if isInWord { words.append(word) }
                word = ""
                isInWord = false
            case "#" where !isInWord:
                return words
            case "'":
                isInWord = true
                word += try until("'", in: &characters, escaping: [])
            case "\"":
                isInWord = true
                word += try until("\"", in: &characters, escaping: ["\"", "\\", "$", "`"])
            case "\\":
                guard let next = characters.next() else { throw EMError.usage("unexpected end of line after '\\'") }
                isInWord = true
                word.append(next)
            default:
                isInWord = true
                word.append(character)
            }
        }
        if isInWord { words.append(word) }
        return words
    }

    /// The characters up to the closing `quote`, which is consumed; a backslash before one of
    /// `escaping` stands for that character.
    private static func until(
        _ quote: Character, in characters: inout String.Iterator, escaping: Set<Character>
    ) throws -> String {
        var text = ""
        while let character = characters.next() {
            if character == quote { return text }
            if character == "\\", !escaping.isEmpty, let next = characters.next() {
                if !escaping.contains(next) { text.append(character) }
                text.append(next)
            } else {
                text.append(character)
            }
        }
        throw EMError.usage("unterminated \(quote) quote")
    }
}
