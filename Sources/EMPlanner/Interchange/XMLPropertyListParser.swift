import Foundation
import ObjectGraph

/// Reads XML property lists in UTF-8, as Xcode, `plutil` and ``SetupData/plistData()`` write
/// them, straight from their bytes into ``PropertyListValue``s.
///
/// The tokens come from ObjectGraph's `XMLScanner`, the package's one XML tokenizer, which
/// also reads Xcode's data models; this checks the property list's grammar and types.
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

    /// The document's tokens.
    private var scanner: XMLScanner

    /// Whether `data` looks like an XML document: `<` first, after an optional UTF-8 byte
    /// order mark and white space.
    ///
    /// - Complexity: O(1) but for leading white space.
    static func looksLikeXML<Bytes: Collection<UInt8>>(_ data: Bytes) -> Bool {
        var index = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { index = data.index(index, offsetBy: 3) }
        while index < data.endIndex, XMLScanner.isSpace(data[index]) { index = data.index(after: index) }
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

    /// The mapped file the scanner reads, if it is one, to give its pages back.
    private let file: MappedFile?
    /// Up to where the file's pages were given back.
    private var released = 0
    /// How far reading goes between giving pages back.
    private static let releaseStride = 1 << 20

    private init(bytes: UnsafeBufferPointer<UInt8>, file: MappedFile?) {
        self.scanner = XMLScanner(bytes)
        self.file = file
    }

    // MARK: Document

    private mutating func document() throws(PropertyListSyntaxError) -> PropertyListValue {
        let root = try tag(try prolog())
        guard root.name == "plist" else { throw error(at: root.start, "expected <plist>, found <\(root.name)>") }
        guard !root.isEmpty else { throw error(at: root.start, "<plist/> holds no value") }
        let value = try value()
        try closeTag("plist", try significantToken())
        let after = try significantToken()
        guard after == .end else { throw unexpected("after </plist>", after) }
        return value
    }

    /// Skips white space, comments, processing instructions (the XML declaration must not
    /// name an encoding other than UTF-8) and a document type without internal subset; the
    /// token after them.
    private mutating func prolog() throws(PropertyListSyntaxError) -> XMLToken {
        while true {
            let token = try significantToken()
            switch token {
            case .processingInstruction(let range):
                let declaration = String(decoding: scanner.bytes[range], as: UTF8.self)
                if let encoding = declaration.firstMatch(of: /encoding\s*=\s*["']([^"']*)["']/)?.1,
                    !["utf-8", "utf8"].contains(encoding.lowercased())
                {
                    throw error(at: range.lowerBound, "the encoding \(quoted(String(encoding))) is not UTF-8")
                }
            case .documentType(let hasInternalSubset):
                if hasInternalSubset { throw error(at: scanner.tokenStart, "a document type with an internal subset") }
            default:
                return token
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

    /// The value of the element that starts next, containers read without recursion.
    private mutating func value() throws(PropertyListSyntaxError) -> PropertyListValue {
        var frames: [Frame] = []
        var values: [PropertyListValue] = []
        var keys: [String] = []
        while true {
            // Between elements, nothing before here is needed any more (but for errors).
            if let file, scanner.position - released > Self.releaseStride {
                file.release(before: scanner.position)
                released = scanner.position
            }
            let token = try significantToken()
            var value: PropertyListValue
            if let frame = frames.last, case .endTag = token {
                try closeTag(frame.isDictionary ? "dict" : "array", token)
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
                let tag = try self.tag(token)
                if let frame = frames.last, frame.isDictionary, keys.count - frame.keys == values.count - frame.values {
                    guard tag.name == "key" else { throw error(at: tag.start, "expected <key>, found <\(tag.name)>") }
                    keys.append(try text(of: tag))
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
                        continue
                    }
                case "string": value = .string(try text(of: tag))
                case "integer": value = .integer(try integer(try text(of: tag), at: tag.start))
                case "real": value = .real(try real(try text(of: tag), at: tag.start))
                case "date": value = .date(try date(try text(of: tag), at: tag.start))
                case "data": value = .data(try data(try text(of: tag), at: tag.start))
                case "true", "false":
                    if !tag.isEmpty { try closeTag(tag.name, try nextToken()) }
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

    /// The opening tag `token` is, where an element should start; only `<plist>` may have
    /// attributes.
    private func tag(_ token: XMLToken) throws(PropertyListSyntaxError) -> Tag {
        guard case .startTag(let name, let attributes, let isEmpty) = token else {
            throw unexpected("where an element should start", token)
        }
        guard attributes.isEmpty || name == "plist" else {
            throw error(at: scanner.tokenStart, "an attribute in the tag <\(name)>")
        }
        return Tag(name: name, isEmpty: isEmpty, start: scanner.tokenStart)
    }

    /// Checks that `token` is `</name>`.
    private func closeTag(_ name: String, _ token: XMLToken) throws(PropertyListSyntaxError) {
        guard case .endTag(let found) = token else { throw unexpected("where </\(name)> should be", token) }
        guard found == name else { throw error(at: scanner.tokenStart, "expected </\(name)>, found </\(found)>") }
    }

    /// The text of the element `tag` opened, through its end tag: references replaced, CDATA
    /// sections taken as they are.
    private mutating func text(of tag: Tag) throws(PropertyListSyntaxError) -> String {
        guard !tag.isEmpty else { return "" }
        var text = ""
        while true {
            let token = try nextToken()
            switch token {
            case .text(let run):
                if let carriageReturn = run.firstCarriageReturn { throw error(at: carriageReturn, "a carriage return in text") }
                text += try Self.reading { () throws(XMLSyntaxError) in try scanner.text(of: run) }
            case .cdata(let content):
                text += try Self.reading { () throws(XMLSyntaxError) in try scanner.text(content) }
            case .endTag:
                try closeTag(tag.name, token)
                return text
            case .end:
                throw error(at: tag.start, "<\(tag.name)> is not closed")
            default:
                throw unexpected("in the text of <\(tag.name)>", token)
            }
        }
    }

    // MARK: Tokens

    /// The next token.
    private mutating func nextToken() throws(PropertyListSyntaxError) -> XMLToken {
        try Self.reading { () throws(XMLSyntaxError) in try scanner.next() }
    }

    /// The next token other than white space and comments, which may stand between elements.
    private mutating func significantToken() throws(PropertyListSyntaxError) -> XMLToken {
        while true {
            let token = try nextToken()
            switch token {
            case .comment: continue
            case .text(let run) where run.firstNonSpace == nil: continue
            default: return token
            }
        }
    }

    /// What `body` gives, the scanner's errors as property list errors.
    private static func reading<T>(_ body: () throws(XMLSyntaxError) -> T) throws(PropertyListSyntaxError) -> T {
        do {
            return try body()
        } catch {
            throw PropertyListSyntaxError(line: error.line, column: error.column, message: error.reason)
        }
    }

    // MARK: Errors

    /// An error at `token`, quoting what is there.
    private func unexpected(_ context: String, _ token: XMLToken) -> PropertyListSyntaxError {
        let bytes = scanner.bytes
        let position = if case .text(let run) = token { run.firstNonSpace ?? scanner.tokenStart } else { scanner.tokenStart }
        guard position < bytes.count else { return error(at: position, "unexpected end of file \(context)") }
        let end = min(bytes.count, position + 20)
        let snippet = String(decoding: bytes[position..<end], as: UTF8.self).prefix { $0 != "\n" }
        return error(at: position, "unexpected \(quoted(String(snippet))) \(context)")
    }

    /// An error at byte `offset`, with its line and column.
    private func error(at offset: Int, _ message: String) -> PropertyListSyntaxError {
        let located = scanner.error(message, at: offset)
        return PropertyListSyntaxError(line: located.line, column: located.column, message: message)
    }
}
