/// Reads an XML document into a tree of ``XMLTree/Element`` values: what Xcode writes for a data model, and any
/// well-formed UTF-8 document without a document type of its own entities.
///
/// Elements and attributes are kept; text, comments, CDATA sections, processing instructions
/// and the document type declaration are checked for their end and skipped. Attribute values
/// have their references replaced (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#10;`,
/// `&#x41;`) and their white space normalized, as XML 1.0 §3.3.3 says.
enum XMLTree {
    /// An element of a document: its name, its attributes and its child elements.
    ///
    /// Text and comments are not kept: a data model file has none that matter.
    struct Element {
        var name: String
        var attributes: [String: String]
        var children: [Element] = []
        /// The line the element starts on, for errors about the file's structure.
        var line: Int

        subscript(attribute: String) -> String? { attributes[attribute] }

        func children(named name: String) -> [Element] { children.filter { $0.name == name } }
    }

    /// Why and where a document is not well-formed.
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        /// The 1-based line.
        var line: Int
        /// The 1-based column, in characters.
        var column: Int
        /// What is wrong.
        var reason: String

        var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// The root element of the document in `bytes`.
    ///
    /// - Throws: ``SyntaxError`` at the first place the document is not well-formed.
    /// - Complexity: O(*n*) in the size of the document.
    static func parse(_ bytes: some Collection<UInt8>) throws(SyntaxError) -> Element {
        var reader = Reader(Array(bytes))
        return try reader.document()
    }
}

// MARK: - Reader

extension XMLTree {
    /// A cursor over the document's bytes.
    private struct Reader {
        private let bytes: [UInt8]
        private var index = 0
        /// The line `index` is on.
        private var line = 1

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        // MARK: Document

        mutating func document() throws(SyntaxError) -> Element {
            if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
                throw fail("the document is UTF-16; only UTF-8 is read")
            }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            var root: Element?
            // The elements started and not yet ended, outermost first.
            var open: [Element] = []
            while index < bytes.count {
                let start = index
                if bytes[index] != ascii("<") {
                    if let text = try skipText(), open.isEmpty {
                        throw fail(root == nil ? "text before the root element" : "text after the root element", at: text)
                    }
                } else if starts(with: "<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts(with: "<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts(with: "<![CDATA[") {
                    guard !open.isEmpty else { throw fail("a CDATA section outside the root element") }
                    try skip(past: "]]>", what: "CDATA section")
                } else if starts(with: "<!DOCTYPE") {
                    guard root == nil, open.isEmpty else { throw fail("a document type declaration after the root element") }
                    try skipDocumentType()
                } else if starts(with: "<!") {
                    throw fail("unknown markup \"<!\"")
                } else if starts(with: "</") {
                    index += 2
                    let name = try self.name(of: "an end tag")
                    skipSpaces()
                    try expect(">", after: "</\(name)")
                    guard let element = open.popLast() else {
                        throw fail("end tag </\(name)> without a start tag", at: start)
                    }
                    guard element.name == name else {
                        throw fail("end tag </\(name)> does not end <\(element.name)> (line \(element.line))", at: start)
                    }
                    close(element, into: &open, root: &root)
                } else {
                    guard root == nil else { throw fail("a second root element", at: start) }
                    let (element, isEmpty) = try startTag()
                    if isEmpty { close(element, into: &open, root: &root) } else { open.append(element) }
                }
            }
            if let element = open.last { throw fail("<\(element.name)> (line \(element.line)) is not closed") }
            guard let root else { throw fail("the document has no root element") }
            return root
        }

        /// Adds an ended element to its parent, or makes it the root.
        private func close(_ element: Element, into open: inout [Element], root: inout Element?) {
            if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
        }

        /// A start tag (or empty-element tag) at `<`; whether it ends the element too (`/>`).
        private mutating func startTag() throws(SyntaxError) -> (Element, isEmpty: Bool) {
            let elementLine = line
            index += 1
            let name = try self.name(of: "an element")
            var attributes: [String: String] = [:]
            while true {
                let spaced = skipSpaces()
                guard index < bytes.count else { throw fail("the start tag <\(name)> is not closed") }
                if bytes[index] == ascii(">") {
                    index += 1
                    return (Element(name: name, attributes: attributes, line: elementLine), false)
                }
                if starts(with: "/>") {
                    index += 2
                    return (Element(name: name, attributes: attributes, line: elementLine), true)
                }
                guard spaced else { throw fail("expected a space, \">\" or \"/>\" in the start tag <\(name)>") }
                let attributeStart = index
                let attribute = try self.name(of: "an attribute or the end of the start tag <\(name)>")
                skipSpaces()
                try expect("=", after: "attribute \(attribute)")
                skipSpaces()
                let value = try quotedValue(of: attribute)
                guard attributes.updateValue(value, forKey: attribute) == nil else {
                    throw fail("attribute \(attribute) appears twice in <\(name)>", at: attributeStart)
                }
            }
        }

        // MARK: Pieces

        private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

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

        private func starts(with literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let literalBytes = literal.utf8Start
            for offset in 0..<count where bytes[index + offset] != literalBytes[offset] { return false }
            return true
        }

        /// Moves past one byte, counting lines.
        private mutating func advance() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }

        /// Skips white space; whether there was any.
        @discardableResult
        private mutating func skipSpaces() -> Bool {
            let start = index
            while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
            return index > start
        }

        private mutating func skip(past terminator: StaticString, what: String) throws(SyntaxError) {
            let start = index
            while index < bytes.count {
                if starts(with: terminator) {
                    index += terminator.utf8CodeUnitCount
                    return
                }
                advance()
            }
            throw fail("the \(what) is not closed", at: start)
        }

        /// Skips `<!DOCTYPE …>`, with its internal subset in brackets if any.
        private mutating func skipDocumentType() throws(SyntaxError) {
            let start = index
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case ascii("["): depth += 1
                case ascii("]"): depth -= 1
                case ascii(">") where depth == 0:
                    index += 1
                    return
                default: break
                }
                advance()
            }
            throw fail("the document type declaration is not closed", at: start)
        }

        /// Skips character data up to the next `<`, checking its references; where its first
        /// character other than white space is, if it has one.
        private mutating func skipText() throws(SyntaxError) -> Int? {
            var text: Int?
            while index < bytes.count, bytes[index] != ascii("<") {
                if !Self.isSpace(bytes[index]) { text = text ?? index }
                if bytes[index] == ascii("&") {
                    _ = try reference()
                } else {
                    advance()
                }
            }
            return text
        }

        private mutating func expect(_ byte: Unicode.Scalar, after context: @autoclosure () -> String) throws(SyntaxError) {
            guard index < bytes.count, bytes[index] == ascii(byte) else {
                throw fail("expected \"\(byte)\" after \(context())")
            }
            index += 1
        }

        /// The name at the cursor (of an element or attribute, `what` says for errors).
        private mutating func name(of what: @autoclosure () -> String) throws(SyntaxError) -> String {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index], first: index == start) { index += 1 }
            guard index > start else { throw fail("expected the name of \(what())") }
            return try text(bytes[start..<index], at: start)
        }

        /// A quoted attribute value, its references replaced and its white space normalized.
        private mutating func quotedValue(of attribute: String) throws(SyntaxError) -> String {
            guard index < bytes.count, bytes[index] == ascii("\"") || bytes[index] == ascii("'") else {
                throw fail("expected a quoted value for attribute \(attribute)")
            }
            let quote = bytes[index]
            let start = index
            index += 1
            var value: [UInt8] = []
            while true {
                guard index < bytes.count else { throw fail("the value of attribute \(attribute) is not closed", at: start) }
                let byte = bytes[index]
                switch byte {
                case quote:
                    index += 1
                    return try text(value[...], at: start)
                case ascii("<"):
                    throw fail("\"<\" in the value of attribute \(attribute)")
                case ascii("&"):
                    value.append(contentsOf: try reference().utf8)
                case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                    // A CR LF line end is one line end, and so one space.
                    index += 1
                case 0x09, 0x0A, 0x0D:
                    value.append(0x20)
                    advance()
                default:
                    value.append(byte)
                    index += 1
                }
            }
        }

        /// A character or predefined entity reference at `&`, replaced.
        private mutating func reference() throws(SyntaxError) -> String {
            let start = index
            index += 1
            let bodyStart = index
            while index < bytes.count, bytes[index] != ascii(";"), index - bodyStart < 10, !Self.isSpace(bytes[index]) {
                index += 1
            }
            guard index < bytes.count, bytes[index] == ascii(";") else {
                throw fail("\"&\" begins no reference (write &amp; for \"&\")", at: start)
            }
            let body = String(decoding: bytes[bodyStart..<index], as: UTF8.self)
            index += 1
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
                    throw fail("unknown entity &\(body);", at: start)
                }
                guard let code, code != 0, let scalar = Unicode.Scalar(code) else {
                    throw fail("&\(body); names no character", at: start)
                }
                return String(Character(scalar))
            }
        }

        /// `bytes` as text, refused when it is not UTF-8.
        private func text(_ slice: ArraySlice<UInt8>, at start: Int) throws(SyntaxError) -> String {
            guard let text = String(validating: slice, as: UTF8.self) else { throw fail("invalid UTF-8", at: start) }
            return text
        }

        /// An error at `position` (the cursor by default), with its line and column.
        private func fail(_ reason: String, at position: Int? = nil) -> SyntaxError {
            let position = min(position ?? index, bytes.count)
            var line = 1
            var lineStart = 0
            for offset in 0..<position where bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            // Characters, not bytes: UTF-8 continuation bytes do not start one.
            let column = bytes[lineStart..<position].count { $0 & 0xC0 != 0x80 } + 1
            return SyntaxError(line: line, column: column, reason: reason)
        }
    }
}
