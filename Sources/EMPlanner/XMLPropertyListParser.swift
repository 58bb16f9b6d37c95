import Foundation

/// Reads XML property lists in UTF-8, as Xcode, `plutil` and ``SetupData/plistData()`` write
/// them, straight from their bytes into ``PropertyListValue``s.
///
/// It reads the `<plist>` element with its `<dict>`, `<array>`, `<key>`, `<string>`,
/// `<integer>` (decimal), `<real>` (decimal, without exponent), `<true/>`, `<false/>`,
/// `<date>` (`YYYY-MM-DDTHH:MM:SSZ`) and `<data>` (Base64), the five predefined entities and
/// character references in text, CDATA sections, comments between elements, and an XML
/// declaration and document type before it. What it refuses, for being malformed or less
/// common (another encoding, a `<!DOCTYPE>` with an internal subset, a comment inside text,
/// a carriage return in text, a hexadecimal integer, an element with attributes other than
/// `<plist>`), it refuses naming the line and column, and `PropertyListSerialization` may
/// still read it.
struct XMLPropertyListParser {
    /// How deep containers may nest; a setup needs six levels.
    static let maximumDepth = 512

    /// The document.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading goes on.
    private var position = 0

    /// Whether `data` looks like an XML document: `<` first, after an optional UTF-8 byte
    /// order mark and white space.
    ///
    /// - Complexity: O(1) but for leading white space.
    static func looksLikeXML<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index = data.index(index, offsetBy: 3) }
        while index < data.endIndex, isSpace(data[index]) { index = data.index(after: index) }
        return index < data.endIndex && data[index] == UInt8(ascii: "<")
    }

    /// Reads the property list in `data`.
    ///
    /// - Parameter data: An XML property list in UTF-8.
    /// - Returns: The value of its `<plist>` element.
    /// - Throws: ``PropertyListSyntaxError`` naming the line and column of the first
    ///   culprit.
    /// - Complexity: O(*n*) in the length of `data`.
    static func parse(_ data: Data) throws(PropertyListSyntaxError) -> PropertyListValue {
        let result = data.withUnsafeBytes { raw in
            var parser = XMLPropertyListParser(bytes: raw.assumingMemoryBound(to: UInt8.self), file: nil)
            return Result { () throws(PropertyListSyntaxError) in try parser.document() }
        }
        return try result.get()
    }

    /// Reads the property list in a mapped file, giving back its pages as reading passes
    /// them, so that little of the file is resident at a time.
    ///
    /// - Parameter file: An XML property list in UTF-8.
    /// - Returns: The value of its `<plist>` element.
    /// - Throws: ``PropertyListSyntaxError`` naming the line and column of the first
    ///   culprit.
    /// - Complexity: O(*n*) in the length of the file.
    static func parse(_ file: MappedFile) throws(PropertyListSyntaxError) -> PropertyListValue {
        var parser = XMLPropertyListParser(bytes: file.bytes, file: file)
        return try parser.document()
    }

    /// The mapped file `bytes` are, if they are, to give its pages back.
    private let file: MappedFile?
    /// Up to where the file's pages were given back.
    private var released = 0
    /// How far reading goes between giving pages back.
    private static let releaseStride = 1 << 20

    private init(bytes: UnsafeBufferPointer<UInt8>, file: MappedFile?) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: Document

    private mutating func document() throws(PropertyListSyntaxError) -> PropertyListValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipProlog()
        let root = try openTag()
        guard root.name == "plist" else { throw error(at: root.start, "expected <plist>, found <\(root.name)>") }
        guard !root.isEmpty else { throw error(at: root.start, "<plist/> holds no value") }
        try skipSpaceAndComments()
        let value = try value()
        try skipSpaceAndComments()
        try closeTag("plist")
        try skipSpaceAndComments()
        guard position == bytes.count else { throw unexpected("after </plist>") }
        return value
    }

    /// Skips white space, comments, processing instructions (the XML declaration must not
    /// name an encoding other than UTF-8) and a document type without internal subset.
    private mutating func skipProlog() throws(PropertyListSyntaxError) {
        while true {
            try skipSpaceAndComments()
            if has("<?") {
                let start = position
                guard let end = find("?>", from: position + 2) else { throw error(at: start, "unterminated <?") }
                let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
                if let encoding = declaration.firstMatch(of: /encoding\s*=\s*["']([^"']*)["']/)?.1,
                    !["utf-8", "utf8"].contains(encoding.lowercased())
                {
                    throw error(at: start, "the encoding \(quoted(String(encoding))) is not UTF-8")
                }
                position = end + 2
            } else if has("<!DOCTYPE") {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
                    switch bytes[position] {
                    case UInt8(ascii: "["): throw error(at: position, "a document type with an internal subset")
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        let quote = bytes[position]
                        position += 1
                        while position < bytes.count, bytes[position] != quote { position += 1 }
                    default: break
                    }
                    position += 1
                }
                guard position < bytes.count else { throw error(at: start, "unterminated <!DOCTYPE") }
                position += 1
            } else {
                return
            }
        }
    }

    // MARK: Values

    /// A container being read: where its children start on the stacks of values and keys.
    private struct Frame {
        var isDictionary: Bool
        var start: Int
        var values: Int
        var keys: Int
    }

    /// The value of the element that starts here, containers read without recursion.
    private mutating func value() throws(PropertyListSyntaxError) -> PropertyListValue {
        var frames: [Frame] = []
        var values: [PropertyListValue] = []
        var keys: [String] = []
        while true {
            // Between elements, nothing before here is needed any more (but for errors).
            if let file, position - released > Self.releaseStride {
                file.release(before: position)
                released = position
            }
            var value: PropertyListValue
            if let frame = frames.last, has("</") {
                try closeTag(frame.isDictionary ? "dict" : "array")
                frames.removeLast()
                if frame.isDictionary {
                    guard keys.count - frame.keys == values.count - frame.values else {
                        throw error(at: frame.start, "the key \(quoted(keys.last!)) has no value")
                    }
                    value = .dictionary(
                        zip(keys[frame.keys...], values[frame.values...]).map { PropertyListValue.Entry(key: $0, value: $1) })
                    keys.removeSubrange(frame.keys...)
                } else {
                    value = .array(Array(values[frame.values...]))
                }
                values.removeSubrange(frame.values...)
            } else {
                let tag = try openTag()
                if let frame = frames.last, frame.isDictionary, keys.count - frame.keys == values.count - frame.values {
                    guard tag.name == "key" else { throw error(at: tag.start, "expected <key>, found <\(tag.name)>") }
                    keys.append(try text(of: tag))
                    try skipSpaceAndComments()
                    continue
                }
                switch tag.name {
                case "dict", "array":
                    if tag.isEmpty {
                        value = tag.name == "dict" ? .dictionary([]) : .array([])
                    } else {
                        guard frames.count < Self.maximumDepth else {
                            throw error(at: tag.start, "containers nested more than \(Self.maximumDepth) deep")
                        }
                        frames.append(
                            Frame(isDictionary: tag.name == "dict", start: tag.start, values: values.count, keys: keys.count))
                        try skipSpaceAndComments()
                        continue
                    }
                case "string": value = .string(try text(of: tag))
                case "integer": value = .integer(try integer(try text(of: tag), at: tag.start))
                case "real": value = .real(try real(try text(of: tag), at: tag.start))
                case "date": value = .date(try date(try text(of: tag), at: tag.start))
                case "data": value = .data(try data(try text(of: tag), at: tag.start))
                case "true", "false":
                    if !tag.isEmpty { try closeTag(tag.name) }
                    value = .boolean(tag.name == "true")
                case "key":
                    throw frames.last?.isDictionary == true
                        ? error(at: tag.start, "the key \(quoted(keys.last!)) has no value")
                        : error(at: tag.start, "a <key> outside a <dict>")
                default: throw error(at: tag.start, "unknown element <\(tag.name)>")
                }
            }
            guard !frames.isEmpty else { return value }
            values.append(value)
            try skipSpaceAndComments()
        }
    }

    private func integer(_ text: String, at start: Int) throws(PropertyListSyntaxError) -> Int {
        let digits = text.hasPrefix("-") ? text.utf8.dropFirst() : text.utf8[...]
        var magnitude = 0
        var overflow = digits.isEmpty
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
                overflow = true
                break
            }
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            magnitude = sum
            overflow = overflow || o1 || o2
        }
        guard !overflow else { throw error(at: start, "expected a decimal integer, found \(quoted(text))") }
        return text.hasPrefix("-") ? -magnitude : magnitude
    }

    private func real(_ text: String, at start: Int) throws(PropertyListSyntaxError) -> Double {
        guard text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil, let real = Double(text) else {
            throw error(at: start, "expected a decimal number, found \(quoted(text))")
        }
        return real
    }

    private func date(_ text: String, at start: Int) throws(PropertyListSyntaxError) -> Date {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z/),
            let date = CalendarDay.date(
                year: Int(match.1)!, month: Int(match.2)!, day: Int(match.3)!, hour: Int(match.4)!,
                minute: Int(match.5)!, second: Int(match.6)!, in: CalendarDay.utc)
        else { throw error(at: start, "expected a date as YYYY-MM-DDTHH:MM:SSZ, found \(quoted(text))") }
        return date
    }

    private func data(_ text: String, at start: Int) throws(PropertyListSyntaxError) -> Data {
        let base64 = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: base64) else {
            throw error(at: start, "expected Base64, found \(quoted(String(text.prefix(20))))")
        }
        return data
    }

    // MARK: Tags and text

    /// An opening tag: `<name>` or `<name/>`.
    private struct Tag {
        var name: String
        var isEmpty: Bool
        var start: Int
    }

    /// Reads an opening tag; only `<plist>` may have attributes.
    private mutating func openTag() throws(PropertyListSyntaxError) -> Tag {
        let start = position
        guard has("<"), position + 1 < bytes.count, Self.isNameStart(bytes[position + 1]) else {
            throw unexpected("where an element should start")
        }
        position += 1
        let name = self.name()
        while true {
            let beforeSpace = position
            skipSpace()
            if has("/>") {
                position += 2
                return Tag(name: name, isEmpty: true, start: start)
            }
            if has(">") {
                position += 1
                return Tag(name: name, isEmpty: false, start: start)
            }
            guard position > beforeSpace, position < bytes.count, Self.isNameStart(bytes[position]) else {
                throw unexpected("in the tag <\(name)>")
            }
            guard name == "plist" else { throw error(at: position, "an attribute in the tag <\(name)>") }
            try skipAttribute()
        }
    }

    /// Skips `name="value"` or `name='value'`.
    private mutating func skipAttribute() throws(PropertyListSyntaxError) {
        _ = name()
        skipSpace()
        guard has("=") else { throw unexpected("where an attribute's = should be") }
        position += 1
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw unexpected("where an attribute's quoted value should be")
        }
        let quote = bytes[position]
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != quote { position += 1 }
        guard position < bytes.count else { throw error(at: start, "unterminated attribute value") }
        position += 1
    }

    /// Reads `</name>`.
    private mutating func closeTag(_ name: String) throws(PropertyListSyntaxError) {
        let start = position
        guard has("</"), position + 2 < bytes.count, Self.isNameStart(bytes[position + 2]) else {
            throw unexpected("where </\(name)> should be")
        }
        position += 2
        let found = self.name()
        skipSpace()
        guard found == name, has(">") else { throw error(at: start, "expected </\(name)>, found </\(found)>") }
        position += 1
    }

    /// The text of the element `tag` opened, through its closing tag: entities and character
    /// references decoded, CDATA sections taken as they are.
    private mutating func text(of tag: Tag) throws(PropertyListSyntaxError) -> String {
        guard !tag.isEmpty else { return "" }
        let start = position
        scanText()
        if has("</") {
            let text = try string(start..<position)
            try closeTag(tag.name)
            return text
        }
        var decoded = Array(bytes[start..<position])
        while true {
            if has("</") {
                guard let text = String(validating: decoded, as: UTF8.self) else {
                    throw error(at: start, "text that is not UTF-8")
                }
                try closeTag(tag.name)
                return text
            } else if has("&") {
                try decodeReference(into: &decoded)
            } else if has("<![CDATA[") {
                let open = position
                guard let end = find("]]>", from: position + 9) else { throw error(at: open, "unterminated CDATA section") }
                decoded += bytes[(position + 9)..<end]
                position = end + 3
            } else if has("\r") {
                throw error(at: position, "a carriage return in text")
            } else if position == bytes.count {
                throw error(at: tag.start, "<\(tag.name)> is not closed")
            } else {
                throw unexpected("in the text of <\(tag.name)>")
            }
            let run = position
            scanText()
            decoded += bytes[run..<position]
        }
    }

    /// Moves past text without markup, references or carriage returns.
    private mutating func scanText() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\r"): return
            default: position += 1
            }
        }
    }

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#…;` or `&#x…;` here.
    private mutating func decodeReference(into decoded: inout [UInt8]) throws(PropertyListSyntaxError) {
        let start = position
        guard let end = find(";", from: position + 1), end - start <= 10 else {
            throw error(at: start, "an unterminated entity reference")
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": decoded.append(UInt8(ascii: "&"))
        case "lt": decoded.append(UInt8(ascii: "<"))
        case "gt": decoded.append(UInt8(ascii: ">"))
        case "quot": decoded.append(UInt8(ascii: "\""))
        case "apos": decoded.append(UInt8(ascii: "'"))
        default:
            let number: UInt32?
            if name.hasPrefix("#x") {
                number = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#"), name.dropFirst().allSatisfy(\.isASCII) {
                number = UInt32(name.dropFirst(), radix: 10)
            } else {
                number = nil
            }
            guard let scalar = number.flatMap({ Unicode.Scalar($0) }) else {
                throw error(at: start, "unknown entity \(quoted("&\(name);"))")
            }
            UTF8.encode(scalar) { decoded.append($0) }
        }
    }

    /// A name such as `dict` or `version`: ASCII letters, digits, `_`, `-`, `.` and `:`.
    private mutating func name() -> String {
        let start = position
        while position < bytes.count,
            Self.isNameStart(bytes[position]) || bytes[position] == UInt8(ascii: "-")
                || bytes[position] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
        {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private func string(_ range: Range<Int>) throws(PropertyListSyntaxError) -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw error(at: range.lowerBound, "text that is not UTF-8")
        }
        return text
    }

    // MARK: Scanning

    private mutating func skipSpaceAndComments() throws(PropertyListSyntaxError) {
        while true {
            skipSpace()
            guard has("<!--") else { return }
            guard let end = find("-->", from: position + 4) else { throw error(at: position, "unterminated comment") }
            position = end + 3
        }
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    /// Whether the bytes here are `literal`.
    private func has(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pattern = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pattern[offset] { return false }
        return true
    }

    /// Where `literal` next starts from `start` on.
    private func find(_ literal: StaticString, from start: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        let pattern = literal.utf8Start
        var index = start
        while index + count <= bytes.count {
            if bytes[index] == pattern[0], (1..<count).allSatisfy({ bytes[index + $0] == pattern[$0] }) { return index }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    // MARK: Errors

    /// An error at the current position, quoting what is there.
    private func unexpected(_ context: String) -> PropertyListSyntaxError {
        guard position < bytes.count else { return error(at: position, "unexpected end of file \(context)") }
        let end = min(bytes.count, position + 20)
        let snippet = String(decoding: bytes[position..<end], as: UTF8.self).prefix { $0 != "\n" }
        return error(at: position, "unexpected \(quoted(String(snippet))) \(context)")
    }

    /// An error at byte `offset`, which it turns into a line and a column.
    private func error(at offset: Int, _ message: String) -> PropertyListSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Characters, not bytes: UTF-8 continuation bytes do not count.
        let column = bytes[lineStart..<min(offset, bytes.count)].count { $0 & 0xC0 != 0x80 } + 1
        return PropertyListSyntaxError(line: line, column: column, message: message)
    }
}
