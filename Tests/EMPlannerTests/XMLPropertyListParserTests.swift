import Foundation
import ObjectGraph
import Testing

@testable import EMPlanner

/// The setup reader's own XML property list parser, checked against
/// `PropertyListSerialization`.
@Suite("XML property list parser")
struct XMLPropertyListParserTests {
    /// `body` as the value of a whole XML property list.
    static func document(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>

            """.utf8)
    }

    /// What Foundation reads from `data`.
    static func foundation(_ data: Data) throws -> PropertyListValue {
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try #require(PropertyListValue(foundation: object))
    }

    @Test("The bundled setups read as Foundation reads them", arguments: BundledTournament.allCases)
    func bundledFiles(tournament: BundledTournament) throws {
        let data = Data(tournament == .euro2012 ? PackageResources.euro2012_plist : PackageResources.euro2024_plist)
        let parsed = try XMLPropertyListParser.parse(data)
        #expect(parsed.sortedByKey == (try Self.foundation(data)))
        guard case .dictionary(let entries) = parsed else {
            Issue.record("not a dictionary")
            return
        }
        #expect(entries.map(\.key) == ["tournament", "ruleSet", "groups", "matches"], "in the file's order")
    }

    /// Values at the edges of the format, each read by Foundation too.
    static let edgeCases = [
        "<dict/>", "<dict></dict>", "<array/>", "<array>\n</array>", "<string/>", "<string></string>",
        "<dict><key/><string>empty key</string></dict>",
        "<string>&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#x1F600; a > b</string>",
        "<string><![CDATA[<a> & b]]></string>", "<string>x<![CDATA[&amp;]]>y&amp;z</string>",
        "<string>  two\n\tlines  </string>", "<string>Łódź – 日本 😀</string>",
        "<dict><key>Größe &amp; Ünicode</key><integer>1</integer></dict>",
        "<array><integer>0</integer><integer>-5</integer><integer>9223372036854775807</integer></array>",
        "<array><real>1.5</real><real>-0.25</real><real>3</real></array>",
        "<array><true/><false/></array>",
        "<date>2012-06-08T16:00:00Z</date>",
        "<data>\n\tSGVsbG8s\n\tIHdvcmxk\n</data>",
        "<!-- before --><dict><!-- a comment --><key>a</key><!-- between --><array><!-- inside --></array></dict><!-- after -->",
        "<dict>\r\n\t<key>crlf</key>\r\n\t<string>between elements</string>\r\n</dict>",
        "<array><array><dict><key>deep</key><array><dict/><array/></array></dict></array></array>",
    ]

    @Test("Edge cases read as Foundation reads them", arguments: edgeCases)
    func edgeCase(body: String) throws {
        let data = Self.document(body)
        #expect(try XMLPropertyListParser.parse(data).sortedByKey == Self.foundation(data))
    }

    @Test("A document without declaration or document type, or with a byte order mark, reads")
    func minimalDocuments() throws {
        for text in ["<plist version=\"1.0\"><string>a</string></plist>", "\u{FEFF}<plist><string>a</string></plist>\n"] {
            let data = Data(text.utf8)
            #expect(try XMLPropertyListParser.parse(data) == .string("a"))
            #expect(try Self.foundation(data) == .string("a"))
        }
    }

    /// Malformed documents (which Foundation refuses too): where and why.
    static let malformed: [(body: String, line: Int, column: Int, message: String)] = [
        ("<dict><key>a</key></dict>", 4, 1, "the key \"a\" has no value"),
        ("<array><string>a</string></dict>", 4, 26, "expected </array>, found </dict>"),
        ("<dict>\n  <string>a</string></dict>", 5, 3, "expected <key>, found <string>"),
        ("<array><foo/></array>", 4, 8, "unknown element <foo>"),
        ("<array>text</array>", 4, 8, "unexpected \"text</array>\" where an element should start"),
        ("<string>a &nbsp; b</string>", 4, 11, "unknown entity \"&nbsp;\""),
        ("<string>Łódź</strin>", 4, 13, "expected </string>, found </strin>"),
        ("<array><integer>1.5</integer></array>", 4, 8, "expected a decimal integer, found \"1.5\""),
    ]

    @Test("Malformed XML is refused on one line naming the line and column", arguments: malformed)
    func malformedXML(body: String, line: Int, column: Int, message: String) throws {
        let data = Self.document(body)
        #expect(throws: PropertyListSyntaxError(line: line, column: column, message: message)) {
            try XMLPropertyListParser.parse(data)
        }
        #expect(
            throws: SetupError(
                source: "bad.plist", keyPath: "", message: "not a property list: line \(line), column \(column): \(message)")
        ) {
            try SetupData(plist: data, source: "bad.plist")
        }
    }

    @Test("An unterminated document is refused at the element left open")
    func unterminated() throws {
        let data = Data("<plist version=\"1.0\">\n<dict>\n\t<key>name</key>\n\t<string>Polen".utf8)
        #expect(throws: PropertyListSyntaxError(line: 4, column: 2, message: "<string> is not closed")) {
            try XMLPropertyListParser.parse(data)
        }
    }

    @Test("What the parser leaves to Foundation still reads: binary, another encoding, a hexadecimal integer")
    func foundationFallback() throws {
        let setup = try BundledTournament.euro2012.setup(withResults: true)
        let xml = try setup.plistData()
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(try SetupData(plist: binary, source: "binary.plist") == setup)

        let latin1 = try #require(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>Müller</string></plist>".data(using: .isoLatin1))
        #expect(throws: PropertyListSyntaxError.self) { try XMLPropertyListParser.parse(latin1) }
        #expect(try SetupData.propertyList(from: latin1, source: "latin1.plist") == .string("Müller"))

        let hexadecimal = Self.document("<integer>0x10</integer>")
        #expect(throws: PropertyListSyntaxError.self) { try XMLPropertyListParser.parse(hexadecimal) }
        #expect(try SetupData.propertyList(from: hexadecimal, source: "hex.plist") == Self.foundation(hexadecimal))
    }

    @Test("Of a key given twice, the last counts, as in Foundation")
    func duplicateKeys() throws {
        let data = Self.document("<dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict>")
        let parsed = try XMLPropertyListParser.parse(data)
        #expect(parsed["a"] == .integer(2))
        #expect(try Self.foundation(data)["a"] == .integer(2))
    }

    @Test("Nesting beyond the limit is refused, not recursed into")
    func deepNesting() throws {
        let depth = XMLPropertyListParser.maximumDepth + 1
        let data = Self.document(String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        #expect(
            throws: PropertyListSyntaxError(line: 4, column: 7 * (depth - 1) + 1, message: "containers nested more than 512 deep")
        ) {
            try XMLPropertyListParser.parse(data)
        }
    }

    /// Documents that are not well-formed XML, whatever they hold: the tokenizer's business.
    static let notWellFormed: [(body: String, line: Int, column: Int, reason: String)] = [
        ("<string>a & b</string>", 4, 11, "\"&\" begins no reference (write &amp; for \"&\")"),
        ("<string>&#0;</string>", 4, 9, "&#0; names no character"),
        ("<string><![CDATA[open</string>", 4, 9, "the CDATA section is not closed"),
        ("<array><!-- open</array>", 4, 8, "the comment is not closed"),
        ("<dict\u{1}/>", 4, 6, "expected a space, \">\" or \"/>\" in the start tag <dict>"),
    ]

    @Test(
        "The setup's property list and Xcode's models are tokenized by one XML scanner: its errors, at its line and column",
        arguments: notWellFormed)
    func oneTokenizer(body: String, line: Int, column: Int, reason: String) throws {
        let data = Self.document(body)
        let scanned = try #require(
            throws: XMLSyntaxError.self,
            performing: {
                try data.withUnsafeBytes { raw in
                    var scanner = XMLScanner(raw.assumingMemoryBound(to: UInt8.self))
                    while try scanner.next() != .end {}
                }
            })
        #expect(scanned == XMLSyntaxError(line: line, column: column, reason: reason))
        #expect(throws: PropertyListSyntaxError(line: line, column: column, message: reason)) {
            try XMLPropertyListParser.parse(data)
        }
    }
}

extension PropertyListValue {
    /// The value with every dictionary's entries sorted by key, as Foundation's come.
    fileprivate var sortedByKey: PropertyListValue {
        switch self {
        case .array(let items): .array(items.map(\.sortedByKey))
        case .dictionary(let entries):
            .dictionary(entries.map { Entry(key: $0.key, value: $0.value.sortedByKey) }.sorted { $0.key < $1.key })
        default: self
        }
    }
}
