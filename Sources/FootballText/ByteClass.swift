/// Classes of the ASCII bytes the Football.TXT syntax is made of.
enum ByteClass {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let hash: UInt8 = 0x23
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let comma: UInt8 = 0x2C
    static let semicolon: UInt8 = 0x3B
    static let colon: UInt8 = 0x3A
    static let dash: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let period: UInt8 = 0x2E
    static let apostrophe: UInt8 = 0x27
    static let at: UInt8 = 0x40
    static let bar: UInt8 = 0x7C
    static let equals: UInt8 = 0x3D
    static let slash: UInt8 = 0x2F

    /// Whether `byte` is a space or a tab.
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == tab }
    /// Whether `byte` is an ASCII digit.
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    /// Whether `byte` is an ASCII letter.
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
    /// `byte` in lower case if it is an ASCII capital.
    @inline(__always) static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// The text of `bytes[range]` with spaces and tabs trimmed at both ends and each inner run
    /// of them made one space.
    static func cleanText(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var needsCollapse = false
        var index = start
        while index < end {
            if bytes[index] == tab || (bytes[index] == space && index + 1 < end && isSpace(bytes[index + 1])) {
                needsCollapse = true
                break
            }
            index += 1
        }
        if !needsCollapse { return String(decoding: bytes[start..<end], as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(end - start)
        var lastWasSpace = false
        for byte in bytes[start..<end] {
            if isSpace(byte) {
                if !lastWasSpace { result.append(space) }
                lastWasSpace = true
            } else {
                result.append(byte)
                lastWasSpace = false
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `bytes[range]`, compared without regard to ASCII case, equals `word` (lower case ASCII).
    static func equalsLowercased(_ bytes: [UInt8], _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        var offset = 0
        for index in range {
            if lowercased(bytes[index]) != pointer[offset] { return false }
            offset += 1
        }
        return true
    }
}
