/// One token of a predicate format string.
struct PredicateToken: Equatable {
    /// What a token is.
    enum Kind: Equatable {
        /// A word: a key, a keyword, or with `escaped`, a `#word` that is never a keyword.
        case identifier(String, escaped: Bool)
        /// `$NAME`
        case variable(String)
        /// `@count`, `@max`, …: the name without the `@`.
        case collectionOperator(String)
        /// An integer literal (decimal, `0x`, `0o`, `0b`, possibly negative).
        case integer(Int64)
        /// A floating-point literal (with a fraction or an exponent).
        case double(Double)
        /// A quoted string, escapes resolved.
        case string(String)
        /// A format specifier such as `%@` or `%K`.
        case specifier(FormatSpecifier)
        /// An operator or punctuation, with aliases folded into one spelling (`=` is `==`, `<>`
        /// is `!=`); any character that starts no other token is a symbol of its own.
        case symbol(String)
        /// The end of the format.
        case end
    }

    /// The kind of argument a format specifier takes.
    enum FormatSpecifier: Equatable {
        /// `%@`: any supported value, an array or set, a managed object or ID.
        case object
        /// `%K`: a key path given as a string.
        case keyPath
        /// `%d`, `%i`, `%u`, `%ld`, `%lld`, …: an integer.
        case integer
        /// `%f`, `%lf`, `%g`, `%e`, `%a`, `%la` (and their capitals): a floating-point number.
        case double
    }

    var kind: Kind
    /// The text as written in the format.
    var text: String
    /// The 1-based column of the first character.
    var column: Int

    /// Whether the token can end an operand: a literal, a key, a specifier, a variable, a
    /// closing parenthesis or brace, or a word that is a value (`TRUE`, `NIL`, `SELF`, …).
    var endsOperand: Bool {
        switch kind {
        case .integer, .double, .string, .variable, .specifier, .collectionOperator: return true
        case .identifier(let word, let escaped):
            let upper = word.uppercased()
            return escaped || !PredicateParser.keywords.contains(upper) || Self.valueWords.contains(upper)
        // Not `]`, which mostly closes options: `==[c] -1`.
        case .symbol(let symbol): return symbol == ")" || symbol == "}"
        case .end: return false
        }
    }

    private static let valueWords: Set<String> = ["TRUE", "YES", "FALSE", "NO", "NIL", "NULL", "SELF"]

    /// The token's text for an error's `found`.
    var found: String { kind == .end ? FetchPredicateError.endOfInput : text }
}

/// Splits a predicate format string into tokens, one at a time so the parser reports the first
/// error in reading order.
struct PredicateLexer {
    private let format: String
    private let characters: [Character]
    private var position = 0
    /// Whether the last token read ends an operand, after which `-` subtracts: `a -1` is
    /// `a - 1`, `a == -1` compares with a negative number.
    private var followsOperand = false

    init(format: String) {
        self.format = format
        self.characters = Array(format)
    }

    /// Reads the next token, `.end` once the format is used up.
    mutating func next() throws(FetchPredicateError) -> PredicateToken {
        let token = try read()
        followsOperand = token.endsOperand
        return token
    }

    private mutating func read() throws(FetchPredicateError) -> PredicateToken {
        while let c = peek(), c.isSpace { position += 1 }
        let start = position
        guard let c = peek() else { return token(.end, from: start) }
        position += 1

        switch c {
        case "\"", "'":
            return try string(quote: c, from: start)
        case "-" where peek()?.isDigit == true && !followsOperand:
            return try number(from: start)
        case _ where c.isDigit:
            return try number(from: start)
        case _ where c.isIdentifierStart:
            position = start
            let word = identifierRun()
            return token(.identifier(word, escaped: false), from: start)
        case "#", "$", "@":
            guard let next = peek(), next.isIdentifierStart else {
                let what = c == "#" ? "a key after '#'" : c == "$" ? "a variable name after '$'" : "an operator name after '@'"
                throw error(expected: what, found: peek().map(String.init) ?? FetchPredicateError.endOfInput, at: position)
            }
            let name = identifierRun()
            let kind: PredicateToken.Kind =
                c == "#" ? .identifier(name, escaped: true) : c == "$" ? .variable(name) : .collectionOperator(name)
            return token(kind, from: start)
        case "%":
            return try specifier(from: start)
        case "=":
            if take("=") { return token(.symbol("=="), from: start) }
            if take("<") { return token(.symbol("<="), from: start) }
            if take(">") { return token(.symbol(">="), from: start) }
            return token(.symbol("=="), from: start)
        case "<":
            if take("=") { return token(.symbol("<="), from: start) }
            if take(">") { return token(.symbol("!="), from: start) }
            return token(.symbol("<"), from: start)
        case ">":
            return token(.symbol(take("=") ? ">=" : ">"), from: start)
        case "!":
            return token(.symbol(take("=") ? "!=" : "!"), from: start)
        case "&" where take("&"):
            return token(.symbol("&&"), from: start)
        case "|" where take("|"):
            return token(.symbol("||"), from: start)
        default:
            return token(.symbol(String(c)), from: start)
        }
    }

    // MARK: Literals

    private mutating func string(quote: Character, from start: Int) throws(FetchPredicateError) -> PredicateToken {
        var value = ""
        while let c = peek() {
            position += 1
            if c == quote { return token(.string(value), from: start) }
            guard c == "\\" else {
                value.append(c)
                continue
            }
            let escapeStart = position - 1
            guard let e = peek() else { break }
            position += 1
            switch e {
            case "\"", "'", "\\": value.append(e)
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "u":
                value.append(try unicodeEscape(from: escapeStart))
            default:
                throw error(
                    expected: #"an escape sequence (\", \', \\, \n, \t, \r, \0 or \u{…})"#,
                    found: "\\\(e)", at: escapeStart)
            }
        }
        throw error(expected: "a closing \(quote) (unterminated string)", found: FetchPredicateError.endOfInput, at: start)
    }

    /// Reads `{hex}` after `\u`.
    private mutating func unicodeEscape(from escapeStart: Int) throws(FetchPredicateError) -> Character {
        let expected = #"a Unicode scalar in hexadecimal after \u, as in \u{E9}"#
        guard take("{") else {
            throw error(expected: expected, found: text(from: escapeStart, to: position), at: escapeStart)
        }
        let digitsStart = position
        while let c = peek(), c.isHexDigit { position += 1 }
        let digits = text(from: digitsStart, to: position)
        guard take("}"), let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw error(
                expected: expected, found: text(from: escapeStart, to: min(position + 1, characters.count)), at: escapeStart)
        }
        return Character(scalar)
    }

    private mutating func number(from start: Int) throws(FetchPredicateError) -> PredicateToken {
        let isNegative = characters[start] == "-"
        position = isNegative ? start + 1 : start
        if peek() == "0", let marker = peek(1), let radix = Self.radixes[marker] {
            position += 2
            let runStart = position
            while let c = peek(), c.isIdentifierPart { position += 1 }
            let digits = text(from: runStart, to: position)
            let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary"
            guard !digits.isEmpty, digits.allSatisfy({ $0.hexDigitValue.map { $0 < radix } ?? false }) else {
                throw error(expected: "\(name) digits after '0\(marker)'", found: text(from: start, to: position), at: start)
            }
            guard let value = Int64((isNegative ? "-" : "") + digits, radix: radix) else {
                throw error(expected: "an integer that fits in 64 bits", found: text(from: start, to: position), at: start)
            }
            return token(.integer(value), from: start)
        }

        var isDouble = false
        skipDigits()
        if peek() == ".", peek(1)?.isDigit == true {
            isDouble = true
            position += 1
            skipDigits()
        }
        if let e = peek(), e == "e" || e == "E" {
            let sign = peek(1) == "+" || peek(1) == "-" ? 1 : 0
            if peek(1 + sign)?.isDigit == true {
                isDouble = true
                position += 1 + sign
                skipDigits()
            }
        }
        if let c = peek(), c.isIdentifierPart {
            while let c = peek(), c.isIdentifierPart { position += 1 }
            throw error(expected: "a number", found: text(from: start, to: position), at: start)
        }
        let literal = text(from: start, to: position)
        if isDouble, let value = Double(literal) {
            return token(.double(value), from: start)
        }
        guard let value = Int64(literal) else {
            throw error(expected: "an integer that fits in 64 bits", found: literal, at: start)
        }
        return token(.integer(value), from: start)
    }

    private static let radixes: [Character: Int] = ["x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2]

    private mutating func specifier(from start: Int) throws(FetchPredicateError) -> PredicateToken {
        // Length modifiers (`l`, `ll`, `h`, `q`, `z`) change nothing for a Swift argument.
        while let c = peek(), "lhqz".contains(c) { position += 1 }
        let conversion = peek()
        if conversion != nil { position += 1 }
        let kind: PredicateToken.FormatSpecifier? =
            switch conversion {
            case "@": position - start == 2 ? .object : nil
            case "K": position - start == 2 ? .keyPath : nil
            case "d", "i", "u": .integer
            case "f", "g", "e", "a", "F", "G", "E", "A": .double
            default: nil
            }
        guard let kind else {
            throw error(
                expected: "a format specifier (%@, %K, %d, %i, %u, %f, %g, %e, %a)",
                found: conversion == nil && position - start == 1 ? "%" : text(from: start, to: position), at: start)
        }
        return token(.specifier(kind), from: start)
    }

    // MARK: Characters

    private func peek(_ offset: Int = 0) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private mutating func take(_ c: Character) -> Bool {
        guard peek() == c else { return false }
        position += 1
        return true
    }

    private mutating func skipDigits() {
        while let c = peek(), c.isDigit { position += 1 }
    }

    private mutating func identifierRun() -> String {
        let start = position
        while let c = peek(), c.isIdentifierPart { position += 1 }
        return text(from: start, to: position)
    }

    private func text(from start: Int, to end: Int) -> String {
        String(characters[start..<end])
    }

    private func token(_ kind: PredicateToken.Kind, from start: Int) -> PredicateToken {
        PredicateToken(kind: kind, text: text(from: start, to: position), column: start + 1)
    }

    private func error(expected: String, found: String, at index: Int) -> FetchPredicateError {
        FetchPredicateError(format: format, column: index + 1, .syntax(expected: expected, found: found))
    }
}

extension Character {
    /// An ASCII decimal digit.
    fileprivate var isDigit: Bool { isASCII && isWholeNumber }
    /// Whitespace and nothing else: a combining mark after a space makes one character with
    /// it, which is not skipped.
    fileprivate var isSpace: Bool { unicodeScalars.allSatisfy(\.properties.isWhitespace) }
    /// A letter or underscore, which may start a key; not a combining mark, which would join
    /// the space or symbol written before the key.
    fileprivate var isIdentifierStart: Bool {
        guard isLetter else { return self == "_" }
        switch unicodeScalars.first!.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
    }
    /// A letter, digit or underscore, which may continue a key.
    fileprivate var isIdentifierPart: Bool { isLetter || isNumber || self == "_" }
}
