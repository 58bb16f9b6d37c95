extension String {
    /// The columns the text takes in a terminal: a wide character (Chinese, Japanese, Korean,
    /// emoji) takes two, a combining mark or a control character none, any other one.
    var displayWidth: Int {
        // Printable ASCII, most of what em prints, takes a column a byte.
        if utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return utf8.count }
        return reduce(0) { $0 + $1.displayWidth }
    }

    /// The text in at most `width` columns: itself when it fits, else cut after a whole
    /// character and ended with `…`.
    func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var text = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - 1 { break }
            text.append(character)
            used += next
        }
        return text + "…"
    }

    /// The text padded with spaces to `width` columns, after it (`leading` false) or before it.
    func padded(toWidth width: Int, leading: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - displayWidth))
        return leading ? padding + self : self + padding
    }

    /// The text as a paragraph ending in a newline: wrapped at spaces to `width` columns (see
    /// ``wrapped(toWidth:indent:)``) when a width is given, else one line.
    func paragraph(width: Int?, indent: String = "") -> String {
        guard let width else { return self + "\n" }
        return wrapped(toWidth: width, indent: indent).map { $0 + "\n" }.joined()
    }

    /// The text as lines of at most `width` columns, broken at spaces (a word longer than a line
    /// is cut with `…`); the first line keeps the text's leading spaces, the others start with
    /// `indent`.
    func wrapped(toWidth width: Int, indent: String = "") -> [String] {
        let lead = String(prefix { $0 == " " })
        var lines: [String] = []
        var line = lead
        var hasWord = false
        for word in dropFirst(lead.count).split(separator: " ").map(String.init) {
            if !hasWord {
                line += word
                hasWord = true
            } else if (line + " " + word).displayWidth <= width {
                line += " " + word
            } else {
                lines.append(line.truncated(toWidth: width))
                line = indent + word
            }
        }
        lines.append(line.truncated(toWidth: width))
        return lines
    }
}

extension Character {
    /// The columns the character takes in a terminal (see ``String/displayWidth``).
    var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        // Latin letters and signs below the combining marks are narrow; the soft hyphen is a format.
        if first.value < 0x300, first.value != 0xAD, unicodeScalars.count == 1 { return 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if first.properties.isEmojiPresentation || unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode Standard Annex #11), as terminals
    /// draw them.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
