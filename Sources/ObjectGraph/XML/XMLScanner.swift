/// The package's one XML tokenizer: reads a UTF-8 document's bytes as a sequence of
/// ``XMLToken``s, checking each for well-formedness, for ``XMLTree`` (Xcode's data models) and
/// the planner's property list reader alike.
///
/// It checks what one token can tell: names, quoted attribute values, references (the five
/// predefined entities, `&#10;`, `&#x41;`), and the ends of comments, CDATA sections,
/// processing instructions and the document type declaration. How tokens nest is for its
/// reader to check, with ``error(_:at:)`` naming the line and column.
///
/// ```swift
/// var scanner = XMLScanner(bytes)
/// while case let token = try scanner.next(), token != .end { … }
/// ```
package struct XMLScanner {
    /// The document.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading goes on.
    package private(set) var position = 0
    /// Where the token ``next()`` returned last starts.
    package private(set) var tokenStart = 0
    /// The line that token starts on, from 1.
    package private(set) var tokenLine = 1
    /// The line `position` is on.
    private var line = 1

    /// A scanner at the start of `bytes`, past a UTF-8 byte order mark.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The next token.
    ///
    /// - Throws: ``XMLSyntaxError`` where the token is not well-formed.
    /// - Complexity: O(*n*) in the token's length.
    package mutating func next() throws(XMLSyntaxError) -> XMLToken {
        tokenStart = position
        tokenLine = line
        guard position < bytes.count else { return .end }
        if bytes[position] != ascii("<") { return .text(try textRun()) }
        if starts(with: "<?") {
            try skip(past: "?>", what: "processing instruction")
            return .processingInstruction(tokenStart..<position)
        }
        if starts(with: "<!--") {
            try skip(past: "-->", what: "comment")
            return .comment
        }
        if starts(with: "<![CDATA[") {
            try skip(past: "]]>", what: "CDATA section")
            return .cdata(content: (tokenStart + 9)..<(position - 3))
        }
        if starts(with: "<!DOCTYPE") { return .documentType(hasInternalSubset: try skipDocumentType()) }
        if starts(with: "<!") { throw error("unknown markup \"<!\"") }
        if starts(with: "</") {
            position += 2
            let name = try self.name(of: "an end tag")
            skipSpaces()
            try expect(">", after: "</\(name)")
            return .endTag(name: name)
        }
        return try startTag()
    }

    /// The text of `run`, its references replaced.
    ///
    /// - Throws: ``XMLSyntaxError`` when the run is not UTF-8.
    package func text(of run: XMLTextRun) throws(XMLSyntaxError) -> String {
        guard run.hasReferences else { return try text(bytes[run.range], at: run.range.lowerBound) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(run.range.count)
        var index = run.range.lowerBound
        while index < run.range.upperBound {
            if bytes[index] == ascii("&") {
                var reader = self
                reader.position = index
                decoded += try reader.reference().utf8
                index = reader.position
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw error("invalid UTF-8", at: run.range.lowerBound)
        }
        return text
    }

    /// The bytes of `range` as text.
    ///
    /// - Throws: ``XMLSyntaxError`` when they are not UTF-8.
    package func text(_ range: Range<Int>) throws(XMLSyntaxError) -> String {
        try text(bytes[range], at: range.lowerBound)
    }

    /// An error at byte `offset` (the reading position by default), with its line and column.
    package func error(_ reason: String, at offset: Int? = nil) -> XMLSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Characters, not bytes: UTF-8 continuation bytes do not start one.
        let column = bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 } + 1
        return XMLSyntaxError(line: line, column: column, reason: reason)
    }

    /// Whether `byte` is XML white space.
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Tokens

    /// A start tag (or empty-element tag) at `<`.
    private mutating func startTag() throws(XMLSyntaxError) -> XMLToken {
        position += 1
        let name = try self.name(of: "an element")
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpaces()
            guard position < bytes.count else { throw error("the start tag <\(name)> is not closed") }
            if bytes[position] == ascii(">") {
                position += 1
                return .startTag(name: name, attributes: attributes, isEmpty: false)
            }
            if starts(with: "/>") {
                position += 2
                return .startTag(name: name, attributes: attributes, isEmpty: true)
            }
            guard spaced else { throw error("expected a space, \">\" or \"/>\" in the start tag <\(name)>") }
            let attributeStart = position
            let attribute = try self.name(of: "an attribute or the end of the start tag <\(name)>")
            skipSpaces()
            try expect("=", after: "attribute \(attribute)")
            skipSpaces()
            let value = try quotedValue(of: attribute)
            guard attributes.updateValue(value, forKey: attribute) == nil else {
                throw error("attribute \(attribute) appears twice in <\(name)>", at: attributeStart)
            }
        }
    }

    /// Character data up to the next `<`, its references checked.
    private mutating func textRun() throws(XMLSyntaxError) -> XMLTextRun {
        var run = XMLTextRun(range: position..<position, firstNonSpace: nil, firstCarriageReturn: nil, hasReferences: false)
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii("<") { break }
            if byte == ascii("&") {
                run.firstNonSpace = run.firstNonSpace ?? position
                run.hasReferences = true
                _ = try reference()
                continue
            }
            if byte == 0x0A {
                line += 1
            } else if byte == 0x0D {
                run.firstCarriageReturn = run.firstCarriageReturn ?? position
            } else if byte != 0x20, byte != 0x09 {
                run.firstNonSpace = run.firstNonSpace ?? position
            }
            position += 1
        }
        run.range = run.range.lowerBound..<position
        return run
    }

    /// Skips `<!DOCTYPE …>`, with its internal subset in brackets if any; whether it had one.
    private mutating func skipDocumentType() throws(XMLSyntaxError) -> Bool {
        var depth = 0
        var hasInternalSubset = false
        while position < bytes.count {
            switch bytes[position] {
            case ascii("["):
                depth += 1
                hasInternalSubset = true
            case ascii("]"): depth -= 1
            case ascii(">") where depth == 0:
                position += 1
                return hasInternalSubset
            default: break
            }
            advance()
        }
        throw error("the document type declaration is not closed", at: tokenStart)
    }

    // MARK: Pieces

    private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }

    /// Whether `byte` may be part of a name: ASCII letters, `_`, `:` and anything beyond ASCII
    /// anywhere; digits, `-` and `.` after the first byte.
    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    /// Whether the bytes at the reading position are `literal`.
    package func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let literalBytes = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != literalBytes[offset] { return false }
        return true
    }

    /// Moves past one byte, counting lines.
    private mutating func advance() {
        if bytes[position] == 0x0A { line += 1 }
        position += 1
    }

    /// Skips white space; whether there was any.
    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { advance() }
        return position > start
    }

    private mutating func skip(past terminator: StaticString, what: String) throws(XMLSyntaxError) {
        while position < bytes.count {
            if starts(with: terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            advance()
        }
        throw error("the \(what) is not closed", at: tokenStart)
    }

    private mutating func expect(_ byte: Unicode.Scalar, after context: @autoclosure () -> String) throws(XMLSyntaxError) {
        guard position < bytes.count, bytes[position] == ascii(byte) else {
            throw error("expected \"\(byte)\" after \(context())")
        }
        position += 1
    }

    /// The name at the reading position (of an element or attribute, `what` says for errors).
    private mutating func name(of what: @autoclosure () -> String) throws(XMLSyntaxError) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else { throw error("expected the name of \(what())") }
        return try text(bytes[start..<position], at: start)
    }

    /// A quoted attribute value, its references replaced and its white space normalized.
    private mutating func quotedValue(of attribute: String) throws(XMLSyntaxError) -> String {
        guard position < bytes.count, bytes[position] == ascii("\"") || bytes[position] == ascii("'") else {
            throw error("expected a quoted value for attribute \(attribute)")
        }
        let quote = bytes[position]
        let start = position
        position += 1
        var value: [UInt8] = []
        while true {
            guard position < bytes.count else { throw error("the value of attribute \(attribute) is not closed", at: start) }
            let byte = bytes[position]
            switch byte {
            case quote:
                position += 1
                return try text(value[...], at: start)
            case ascii("<"):
                throw error("\"<\" in the value of attribute \(attribute)")
            case ascii("&"):
                value.append(contentsOf: try reference().utf8)
            case 0x0D where position + 1 < bytes.count && bytes[position + 1] == 0x0A:
                // A CR LF line end is one line end, and so one space.
                position += 1
            case 0x09, 0x0A, 0x0D:
                value.append(0x20)
                advance()
            default:
                value.append(byte)
                position += 1
            }
        }
    }

    /// A character or predefined entity reference at `&`, replaced.
    private mutating func reference() throws(XMLSyntaxError) -> String {
        let start = position
        position += 1
        let bodyStart = position
        while position < bytes.count, bytes[position] != ascii(";"), position - bodyStart < 10, !Self.isSpace(bytes[position]) {
            position += 1
        }
        guard position < bytes.count, bytes[position] == ascii(";") else {
            throw error("\"&\" begins no reference (write &amp; for \"&\")", at: start)
        }
        let body = String(decoding: bytes[bodyStart..<position], as: UTF8.self)
        position += 1
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let code: UInt32?
            if body.hasPrefix("#x") {
                code = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                code = UInt32(body.dropFirst(), radix: 10)
            } else {
                throw error("unknown entity \"&\(body);\"", at: start)
            }
            guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
                throw error("&\(body); names no character", at: start)
            }
            return String(Character(scalar))
        }
    }

    /// `slice` as text, refused when it is not UTF-8.
    private func text(_ slice: Slice<UnsafeBufferPointer<UInt8>>, at start: Int) throws(XMLSyntaxError) -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: slice), as: UTF8.self) else {
            throw error("invalid UTF-8", at: start)
        }
        return text
    }

    private func text(_ slice: ArraySlice<UInt8>, at start: Int) throws(XMLSyntaxError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw error("invalid UTF-8", at: start) }
        return text
    }
}
