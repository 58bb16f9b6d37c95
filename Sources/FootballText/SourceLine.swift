/// One line of a source file, split into content and trailing comment.
///
/// A comment starts at a `#` at the start of the line's text or after a space or tab; its text
/// is what follows the run of `#` marks and the spaces after it, trimmed.
struct SourceLine {
    /// The line number, from 1.
    let number: Int
    /// The line's bytes, without `\r\n` or `\n`.
    let bytes: [UInt8]
    /// The start of the content (the first byte that is not a space or tab).
    let contentStart: Int
    /// The end of the content: before the comment, trailing spaces trimmed.
    let contentEnd: Int
    /// The comment's text, or nil if the line has no comment.
    let comment: String?

    /// Whether the line has no content (blank or comment only).
    var isEmpty: Bool { contentStart >= contentEnd }

    /// The content's bytes.
    var content: ArraySlice<UInt8> { bytes[contentStart..<contentEnd] }

    /// The first content byte, or nil.
    var first: UInt8? { isEmpty ? nil : bytes[contentStart] }

    /// The last content byte, or nil.
    var last: UInt8? { isEmpty ? nil : bytes[contentEnd - 1] }

    /// The line's text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The line numbered `number` made of `bytes`.
    init(number: Int, bytes: [UInt8]) {
        self.number = number
        self.bytes = bytes
        var start = 0
        while start < bytes.count, ByteClass.isSpace(bytes[start]) { start += 1 }
        var commentStart: Int? = nil
        var index = start
        while index < bytes.count {
            if bytes[index] == ByteClass.hash, index == start || ByteClass.isSpace(bytes[index - 1]) {
                commentStart = index
                break
            }
            index += 1
        }
        var end = commentStart ?? bytes.count
        while end > start, ByteClass.isSpace(bytes[end - 1]) { end -= 1 }
        self.contentStart = start
        self.contentEnd = max(start, end)
        if let commentStart {
            var textStart = commentStart
            while textStart < bytes.count, bytes[textStart] == ByteClass.hash { textStart += 1 }
            self.comment = ByteClass.cleanText(bytes, textStart..<bytes.count)
        } else {
            self.comment = nil
        }
    }

    /// The lines of `text`; a byte order mark at the start is dropped.
    static func split(_ text: String) -> [SourceLine] {
        var bytes = Array(text.utf8)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes.removeFirst(3)
        }
        var lines: [SourceLine] = []
        lines.reserveCapacity(bytes.count / 40)
        var start = 0
        var number = 1
        var index = 0
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == 0x0A {
                if index == bytes.count && start == index && index > 0 { break }
                var end = index
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                lines.append(SourceLine(number: number, bytes: Array(bytes[start..<end])))
                number += 1
                start = index + 1
            }
            index += 1
        }
        return lines
    }

    /// The column in characters (from 1) of byte `offset` of the line.
    func column(ofByte offset: Int) -> Int {
        let clamped = max(0, min(offset, bytes.count))
        return String(decoding: bytes[0..<clamped], as: UTF8.self).count + 1
    }
}
