import Foundation
import ObjectGraph
import Testing

/// The XML of a model file as ObjectGraph reads it: what well-formed XML may contain, and where
/// and why a document that is not well-formed is refused.
@Suite("Model XML")
struct ModelXMLTests {
    @Test func markupAroundTheElementsIsSkipped() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <!DOCTYPE model [ <!ELEMENT model ANY> ]>
            <!-- written by hand -->
            <model type='com.apple.IDECoreDataModeler.DataModel' >
                <?editor hint?>
                <entity name="Team" >
                    <!-- a <comment> with & in it -->
                    <![CDATA[ <entity name="Ghost"/> ]]>
                    <attribute name="name" attributeType="String"/>
                </entity>
                text &amp; references &#x41; between elements
            </model>
            <!-- after the root -->

            """
        let model = try ManagedObjectModel(xml: Data(xml.utf8))
        #expect(model.entities.map(\.name) == ["Team"])
        #expect(model.entity(named: "Team")?.attributes.map(\.name) == ["name"])
    }

    @Test func attributeValuesHaveReferencesReplacedAndWhiteSpaceNormalized() throws {
        let value = #"a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x42;&#x20AC; é"#
        let xml = modelXML(
            """
            <entity name="Team">
                <attribute name="code" optional="YES" attributeType="String" defaultValueString="\(value)"/>
                <attribute name="note" optional="YES" attributeType="String" defaultValueString="x\ty\r\nz\rw\n"/>
                <attribute name="kept" optional="YES" attributeType="String" defaultValueString="x&#9;y&#10;z"/>
            </entity>
            """)
        let team = try #require(try ManagedObjectModel(xml: Data(xml.utf8)).entity(named: "Team"))
        #expect(team.attributesByName["code"]?.defaultValue == .string(#"a&b <c> "d" 'e' AB€ é"#))
        #expect(team.attributesByName["note"]?.defaultValue == .string("x y z w "))
        #expect(team.attributesByName["kept"]?.defaultValue == .string("x\ty\nz"))
    }

    @Test func damagedModelFilesAreRefusedOrReadNeverCrash() throws {
        let original = try Data(
            contentsOf: TournamentModel.fixtureURL.appending(path: "Tournament.xcdatamodel/contents"))
        let alphabet = Array(#"<>/="'&;!?-[] #x01aé\#n"#.utf8)
        var g = SeededGenerator(seed: 60)
        var refused = 0
        for _ in 0..<2_000 {
            var bytes = [UInt8](original)
            for _ in 0..<(1 + Int(g.next() % 3)) {
                let position = Int(g.next() % UInt64(bytes.count))
                switch g.next() % 3 {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[Int(g.next() % UInt64(alphabet.count))], at: position)
                default: bytes[position] = alphabet[Int(g.next() % UInt64(alphabet.count))]
                }
            }
            do {
                _ = try ManagedObjectModel(xml: Data(bytes))
            } catch {
                refused += 1
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
        }
        #expect(refused > 500, "most damage is noticed")
    }

    @Test(arguments: MalformedXML.all)
    func malformedXMLIsRefusedWithLineColumnAndReason(_ malformed: MalformedXML) {
        let error = #expect(throws: ModelError.self) { try ManagedObjectModel(xml: malformed.data) }
        #expect(error?.reason == .unreadableFile(malformed.message))
        #expect(error?.entity == nil && error?.property == nil)
    }
}

/// A document that is not well-formed, and the exact message it earns.
struct MalformedXML: Sendable, CustomTestStringConvertible {
    let name: String
    let data: Data
    let message: String

    var testDescription: String { name }

    init(_ name: String, _ xml: String, _ message: String) {
        self.init(name, Data(xml.utf8), message)
    }

    init(_ name: String, _ data: Data, _ message: String) {
        self.name = name
        self.data = data
        self.message = message
    }

    static let all: [MalformedXML] = [
        MalformedXML("empty document", "", "line 1, column 1: the document has no root element"),
        MalformedXML("comments only", "<!-- nothing -->\n", "line 2, column 1: the document has no root element"),
        MalformedXML("UTF-16", Data([0xFF, 0xFE, 0x3C, 0x00]), "line 1, column 1: the document is UTF-16; only UTF-8 is read"),
        MalformedXML(
            "unterminated start tag",
            """
            <model>
                <entity name="Team">
                    <attribute name="name" attributeType="String"
            </model>
            """,
            "line 4, column 1: expected the name of an attribute or the end of the start tag <attribute>"),
        MalformedXML(
            "unclosed element", "<model>\n  <entity name=\"Team\">\n</model>",
            "line 3, column 1: end tag </model> does not end <entity> (line 2)"),
        MalformedXML(
            "root never closed", "<model>\n  <entity name=\"Team\"/>\n",
            "line 3, column 1: <model> (line 1) is not closed"),
        MalformedXML(
            "end tag without a start tag", "<model/>\n</model>",
            "line 2, column 1: end tag </model> without a start tag"),
        MalformedXML(
            "end tag of another element", "<model></entity></model>",
            "line 1, column 8: end tag </entity> does not end <model> (line 1)"),
        MalformedXML("second root", "<model/>\n<model/>", "line 2, column 1: a second root element"),
        MalformedXML("text before the root", "hello <model/>", "line 1, column 1: text before the root element"),
        MalformedXML("text after the root", "<model/>\n  bye", "line 2, column 3: text after the root element"),
        MalformedXML(
            "unquoted value", "<model>\n<entity name=Team/>\n</model>",
            "line 2, column 14: expected a quoted value for attribute name"),
        MalformedXML(
            "missing equals sign", "<model>\n<entity name \"Team\"/>\n</model>",
            "line 2, column 14: expected \"=\" after attribute name"),
        MalformedXML(
            "attributes not separated", "<model>\n<entity name=\"A\"class=\"B\"/>\n</model>",
            "line 2, column 17: expected a space, \">\" or \"/>\" in the start tag <entity>"),
        MalformedXML(
            "duplicate attribute", "<model>\n<entity name=\"A\" name=\"B\"/>\n</model>",
            "line 2, column 18: attribute name appears twice in <entity>"),
        MalformedXML(
            "unterminated value", "<model>\n<entity name=\"Team/>\n",
            "line 2, column 14: the value of attribute name is not closed"),
        MalformedXML(
            "less-than sign in a value", "<model>\n<entity name=\"a<b\"/>\n</model>",
            "line 2, column 16: \"<\" in the value of attribute name"),
        MalformedXML(
            "bare ampersand", "<model>\n<entity name=\"A & B\"/>\n</model>",
            "line 2, column 17: \"&\" begins no reference (write &amp; for \"&\")"),
        MalformedXML(
            "unknown entity", "<model>\n<entity name=\"&eacute;\"/>\n</model>",
            "line 2, column 15: unknown entity \"&eacute;\""),
        MalformedXML(
            "character reference to nothing", "<model>\n<entity name=\"&#0;\"/>\n</model>",
            "line 2, column 15: &#0; names no character"),
        MalformedXML(
            "unterminated comment", "<model>\n<!-- open\n</model>",
            "line 2, column 1: the comment is not closed"),
        MalformedXML(
            "CDATA outside the root", "<![CDATA[x]]><model/>",
            "line 1, column 1: a CDATA section outside the root element"),
        MalformedXML("unknown markup", "<model><!ENTITY x \"y\"></model>", "line 1, column 8: unknown markup \"<!\""),
        MalformedXML(
            "document type after the root", "<model/><!DOCTYPE model>",
            "line 1, column 9: a document type declaration after the root element"),
        MalformedXML(
            "invalid UTF-8", Data("<model name=\"".utf8) + Data([0xC3, 0x28]) + Data("\"/>".utf8),
            "line 1, column 13: invalid UTF-8"),
        MalformedXML(
            "column counts characters", "<model>\n<entité nom=\"é\" nom=\"e\"/>\n</model>",
            "line 2, column 17: attribute nom appears twice in <entité>"),
    ]
}

/// A model document around `body`.
private func modelXML(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
    \(body)
    </model>
    """
}
