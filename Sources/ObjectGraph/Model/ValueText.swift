import Foundation

// Values written as text, read strictly: the whole text or nothing. Foundation's readers are
// lenient (`Decimal(string: "1x")` is 1, `UUID(uuidString:)` skips spaces and line breaks
// inside), which would turn a typo into another value.

extension Decimal {
    /// The number `text` writes in decimal notation (`-12`, `0.5`, `1.25e-3`), or `nil` when
    /// the text is anything more or less.
    init?(decimalNotation text: String) {
        guard text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}

extension UUID {
    /// The UUID `text` writes in the standard form, 32 hexadecimal digits (either case) in
    /// groups of 8-4-4-4-12 joined by hyphens, or `nil` when the text is anything else.
    init?(standardForm text: String) {
        let hyphens: Set = [8, 13, 18, 23]
        let bytes = Array(text.utf8)
        guard bytes.count == 36,
            bytes.indices.allSatisfy({ index in
                hyphens.contains(index) ? bytes[index] == UInt8(ascii: "-") : bytes[index].isHexDigit
            }),
            let value = UUID(uuidString: text)
        else { return nil }
        self = value
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
