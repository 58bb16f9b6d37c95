/// Splits a shell line into words the way a POSIX shell quotes: blanks (ASCII spaces, tabs and
/// line breaks) separate words; single quotes keep everything literally; double quotes keep
/// everything but `\"`, `\\`, `\$` and `` \` ``; a backslash outside quotes keeps the next
/// character; `#` at the start of a word begins a comment.
///
/// ```
/// add-player --team GER --given 'Mario' --name "Götze" # a comment
/// → ["add-player", "--team", "GER", "--given", "Mario", "--name", "Götze"]
/// ```
///
/// It reads UTF-8 bytes, as a shell does: every byte it gives a meaning is ASCII, and the
/// bytes of other characters pass into words unchanged.
enum ShellTokenizer {
    /// The words of `line`.
    ///
    /// - Throws: ``EMError/usage(_:)`` for an unterminated quote or a trailing backslash.
    static func words(in line: String) throws -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        var isInWord = false
        var bytes = line.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case _ where isBlank(byte):
                if isInWord { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
                isInWord = false
            case UInt8(ascii: "#") where !isInWord:
                return words
            case UInt8(ascii: "'"):
                isInWord = true
                try append(until: byte, from: &bytes, escaping: [], to: &word)
            case UInt8(ascii: "\""):
                isInWord = true
                try append(until: byte, from: &bytes, escaping: Array("\"\\$`".utf8), to: &word)
            case UInt8(ascii: "\\"):
                guard let next = bytes.next() else { throw EMError.usage("unexpected end of line after '\\'") }
                isInWord = true
                word.append(next)
            default:
                isInWord = true
                word.append(byte)
            }
        }
        if isInWord { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// Whether `byte` separates words: a space, a tab or a line break.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }

    /// Appends the bytes up to the closing `quote`, which is consumed; a backslash before one of
    /// `escaping` stands for that byte.
    private static func append(
        until quote: UInt8, from bytes: inout String.UTF8View.Iterator, escaping: [UInt8], to word: inout [UInt8]
    ) throws {
        while let byte = bytes.next() {
            if byte == quote { return }
            if byte == UInt8(ascii: "\\"), !escaping.isEmpty, let next = bytes.next() {
                if !escaping.contains(next) { word.append(byte) }
                word.append(next)
            } else {
                word.append(byte)
            }
        }
        throw EMError.usage("unterminated \(Character(Unicode.Scalar(quote))) quote")
    }
}
