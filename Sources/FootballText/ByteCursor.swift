/// A reading position in the bytes of one source unit (a line, or lines joined into one).
struct ByteCursor {
    /// The unit's bytes.
    let bytes: [UInt8]
    /// The position of the next byte to read.
    var position: Int
    /// The end of the readable range.
    let end: Int

    /// A cursor over `bytes[from..<to]` (to the end if `to` is nil).
    init(_ bytes: [UInt8], from: Int = 0, to: Int? = nil) {
        self.bytes = bytes
        self.position = from
        self.end = to ?? bytes.count
    }

    /// Whether all bytes have been read.
    var isAtEnd: Bool { position >= end }

    /// The next byte, or nil at the end.
    var current: UInt8? { position < end ? bytes[position] : nil }

    /// The byte `offset` places after the next one, or nil beyond the end.
    func peek(_ offset: Int) -> UInt8? {
        let index = position + offset
        return index < end && index >= 0 ? bytes[index] : nil
    }

    /// Whether the next byte is `byte`.
    func at(_ byte: UInt8) -> Bool { current == byte }

    /// Whether the next byte is an ASCII digit.
    var atDigit: Bool {
        guard let current else { return false }
        return ByteClass.isDigit(current)
    }

    /// Moves past one byte.
    mutating func advance() { position += 1 }

    /// Moves past the next byte if it is `byte`, and tells whether it did.
    mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    /// Moves past spaces and tabs.
    mutating func skipSpaces() {
        while position < end, ByteClass.isSpace(bytes[position]) { position += 1 }
    }

    /// Reads up to `maxDigits` digits as a number; nil (not moving) if there is no digit.
    mutating func readNumber(maxDigits: Int = 9) -> Int? {
        var value = 0
        var count = 0
        while position < end, count < maxDigits, ByteClass.isDigit(bytes[position]) {
            value = value * 10 + Int(bytes[position] - 0x30)
            position += 1
            count += 1
        }
        return count == 0 ? nil : value
    }

    /// Whether the next byte is the end, a space or a tab.
    var atBoundary: Bool {
        guard let current else { return true }
        return ByteClass.isSpace(current)
    }

    /// Reads a run of ASCII letters and returns its range (empty if there is none).
    mutating func readLetters() -> Range<Int> {
        let start = position
        while position < end, ByteClass.isLetter(bytes[position]) { position += 1 }
        return start..<position
    }

    /// The cleaned text of `range` (see `ByteClass.cleanText`).
    func text(_ range: Range<Int>) -> String { ByteClass.cleanText(bytes, range) }

    /// The position of the `)` that closes the `(` at `open`, or nil if it is not closed.
    func closingParen(from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < end {
            if bytes[index] == ByteClass.openParen {
                depth += 1
            } else if bytes[index] == ByteClass.closeParen {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}
