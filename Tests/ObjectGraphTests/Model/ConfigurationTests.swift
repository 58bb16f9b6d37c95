import Foundation
import ObjectGraphCodegen
import Testing

@testable import ObjectGraph

/// Configurations: named subsets of a model's entities, read from Xcode's
/// `<configuration>` elements or given in code, each of which a store can hold.
@Suite("Model configurations")
struct ConfigurationTests {
    /// A library (authors and books, books inheriting from an abstract publication) and a
    /// scratch pad of notes, each a configuration.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Author" representedClassName="Author">
                <attribute name="name" attributeType="String"/>
                <relationship name="books" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
            </entity>
            <entity name="Book" representedClassName="Book" parentEntity="Publication">
                <attribute name="pages" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
            </entity>
            <entity name="Note" representedClassName="Note">
                <attribute name="text" attributeType="String"/>
                <uniquenessConstraints>
                    <uniquenessConstraint>
                        <constraint value="text"/>
                    </uniquenessConstraint>
                </uniquenessConstraints>
            </entity>
            <entity name="Publication" representedClassName="Publication" isAbstract="YES">
                <attribute name="title" attributeType="String"/>
            </entity>
            <configuration name="Library">
                <memberEntity name="Author"/>
                <memberEntity name="Book"/>
            </configuration>
            <configuration name="Scratch">
                <memberEntity name="Note"/>
            </configuration>
        </model>
        """

    /// The model of ``xml``, from the XML.
    static func xmlModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(xml: Data(xml.utf8))
    }

    /// The model of ``xml``, built in code.
    static func codeModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(
            entities: [
                EntityDescription(
                    "Author", attributes: [AttributeDescription("name", .string, isOptional: false)],
                    relationships: [
                        RelationshipDescription(
                            "books", destination: "Book", inverse: "author", toMany: true, deleteRule: .cascade)
                    ]),
                EntityDescription(
                    "Book", parent: "Publication", attributes: [AttributeDescription("pages", .integer32)],
                    relationships: [RelationshipDescription("author", destination: "Author", inverse: "books")]),
                EntityDescription(
                    "Note", attributes: [AttributeDescription("text", .string, isOptional: false)],
                    uniquenessConstraints: [["text"]]),
                EntityDescription(
                    "Publication", isAbstract: true, attributes: [AttributeDescription("title", .string, isOptional: false)]),
            ],
            configurations: ["Library": ["Book", "Author"], "Scratch": ["Note"]])
    }

    @Test("Configurations read from XML and built in code are the same; the default one holds every entity")
    func xmlAndCode() throws {
        for model in [try Self.xmlModel(), try Self.codeModel()] {
            #expect(model.configurations == ["Library", "Scratch"])
            #expect(model.entities(forConfigurationName: "Library")?.map(\.name) == ["Author", "Book"])
            #expect(model.entities(forConfigurationName: "Scratch")?.map(\.name) == ["Note"])
            #expect(model.entities(forConfigurationName: nil)?.map(\.name) == ["Author", "Book", "Note", "Publication"])
            #expect(model.entities(forConfigurationName: "Default") == nil)
        }
        #expect(try Self.xmlModel().entityVersionHashes == Self.codeModel().entityVersionHashes)
    }

    @Test("A configuration naming an entity the model lacks is refused, naming both")
    func unknownMember() throws {
        let error = ModelError(entity: "Ghost", .unknownConfigurationMember("Scratch"))
        #expect(throws: error) {
            try ManagedObjectModel(
                xml: Data(
                    Self.xml.replacingOccurrences(of: #"<memberEntity name="Note"/>"#, with: #"<memberEntity name="Ghost"/>"#)
                        .utf8))
        }
        #expect(throws: error) {
            try ManagedObjectModel(entities: [EntityDescription("Note")], configurations: ["Scratch": ["Note", "Ghost"]])
        }
        #expect(error.description == "entity 'Ghost' is a member of configuration 'Scratch', but the model has no such entity")
    }

    @Test("SwiftGen's model has its Custom configuration, holding NewEntity")
    func swiftGenCustom() throws {
        let model = try PublicModelTests.model("SwiftGen")
        #expect(model.configurations == ["Custom"])
        #expect(model.entities(forConfigurationName: "Custom")?.map(\.name) == ["NewEntity"])
    }

    @Test("The model source writes configurations as a dictionary literal, which builds them again")
    func modelSource() throws {
        let model = try Self.codeModel()
        let source = try ModelSourceGenerator(model: model, modelName: "Library", typeName: "LibraryModel").source
        #expect(source.contains(#"configurations: ["Library": ["Author", "Book"], "Scratch": ["Note"]]"#))
        let swiftGen = try ModelSourceGenerator(
            model: PublicModelTests.model("SwiftGen"), modelName: "SwiftGen", typeName: "SwiftGenModel"
        ).source
        #expect(swiftGen.contains(#"configurations: ["Custom": ["NewEntity"]]"#))
    }
}
