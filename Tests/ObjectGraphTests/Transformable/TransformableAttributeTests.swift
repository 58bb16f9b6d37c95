import Foundation
import ObjectGraph
import ObjectGraphCodegen
import TestSupport
import Testing

/// Transformable attributes: the model keeps their transformer and class names, and objects read
/// and write their values as Swift values through registered transformers, on both stores,
/// their stored bytes left alone when no transformer reads them.
@Suite("Transformable attributes")
struct TransformableAttributeTests {
    /// A place, stored as JSON by `LocationTransformer`.
    struct Location: Codable, Equatable {
        var latitude: Double
        var longitude: Double
        var name: String
    }

    /// A model of photos with a Transformable attribute for each kind of transformer.
    static func photoModel() throws -> ManagedObjectModel {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Photo" representedClassName="Photo" syncable="YES">
                    <attribute name="title" optional="YES" attributeType="String"/>
                    <attribute name="tags" optional="YES" attributeType="Transformable"/>
                    <attribute name="legacy" optional="YES" attributeType="Transformable" \
            valueTransformerName="NSSecureUnarchiveFromData" customClassName="NSDictionary"/>
                    <attribute name="location" optional="YES" attributeType="Transformable" \
            valueTransformerName="LocationTransformer" customClassName="Location"/>
                </entity>
            </model>
            """
        return try ManagedObjectModel(xml: Data(xml.utf8))
    }

    /// A registry with `LocationTransformer`.
    static func registry() -> ValueTransformerRegistry {
        let registry = ValueTransformerRegistry()
        registry.register(CodableValueTransformer<Location>(), forName: "LocationTransformer")
        return registry
    }

    /// The first object of `entity` in a new context of `stack`, as saved.
    static func saved(_ entity: String, in stack: TestStack) throws -> ManagedObject {
        try #require(try stack.newContext().fetch(FetchRequest<ManagedObject>(entityName: entity)).first)
    }

    @Test("The model keeps each attribute's transformer and class names, and og-codegen writes them")
    func modelKeepsNames() throws {
        let photo = try #require(try Self.photoModel().entity(named: "Photo"))
        let names = photo.attributes.map { [$0.name, $0.valueTransformerName ?? "-", $0.customClassName ?? "-"] }
        #expect(
            names == [
                ["legacy", "NSSecureUnarchiveFromData", "NSDictionary"], ["location", "LocationTransformer", "Location"],
                ["tags", "-", "-"], ["title", "-", "-"],
            ])
        let recipe = try #require(try RealModelTests.recipes().entity(named: "Recipe"))
        #expect(recipe.attributesByName["thumbnailImage"]?.valueTransformerName == "ImageToDataTransformer")

        let source = try ModelSourceGenerator(model: Self.photoModel(), modelName: "Photos", typeName: "PhotosModel").source
        for argument in [
            #"valueTransformerName: "LocationTransformer""#, #"customClassName: "Location""#,
            #"valueTransformerName: "NSSecureUnarchiveFromData""#, #"customClassName: "NSDictionary""#,
        ] {
            #expect(source.contains(argument))
        }
        let photoClass = try #require(
            ClassGenerator(model: Self.photoModel(), modelName: "Photos").files().first { $0.name == "Photo.swift" })
        #expect(photoClass.contents.contains("/// Transformable, optional, transformer `LocationTransformer`, class `Location`."))
    }

    @Test("A Codable value is stored as JSON and reads back", arguments: StoreKind.allCases)
    func codableValues(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.photoModel())
        let registry = Self.registry()
        let photo = try stack.context.make("Photo", ["title": "Harbour"])
        let harbour = Location(latitude: 54.3, longitude: 10.1, name: "Kiel")
        try photo.setTransformedValue(harbour, forKey: "location", registry: registry)
        #expect(try photo.transformedValue(forKey: "location", as: Location.self, registry: registry) == harbour)
        try stack.context.save()

        let saved = try Self.saved("Photo", in: stack)
        #expect(try saved.transformedValue(forKey: "location", as: Location.self, registry: registry) == harbour)
        #expect(saved["location"] as? Data == Data(#"{"latitude":54.3,"longitude":10.1,"name":"Kiel"}"#.utf8))
        #expect(try saved.transformedValue(forKey: "tags", as: ArchivedValue.self, registry: registry) == nil)

        try saved.setTransformedValue(Location?.none, forKey: "location", registry: registry)
        #expect(saved["location"] == nil)
    }

    @Test("Core Data's default transformers read and write keyed archives", arguments: StoreKind.allCases)
    func keyedArchives(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.photoModel())
        let tags: ArchivedValue = ["sea", "boats", 2026]
        #expect(tags == .array([.string("sea"), .string("boats"), .integer(2026)]))
        let photo = try stack.context.make("Photo", ["legacy": try KeyedArchiveTests.fixture("PropertyListTypes.bin")])
        try photo.setTransformedValue(tags, forKey: "tags")
        try stack.context.save()

        let saved = try Self.saved("Photo", in: stack)
        #expect(try saved.transformedValue(forKey: "tags", as: ArchivedValue.self) == tags)
        #expect(try saved.transformedValue(forKey: "legacy", as: ArchivedValue.self) == KeyedArchiveTests.propertyListTypes)
        let archived = try #require(saved["tags"] as? Data)
        #expect(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(archived) as? [AnyHashable] == ["sea", "boats", 2026])
    }

    @Test("Without its transformer, a real store's image throws naming it, and its bytes stay", arguments: StoreKind.allCases)
    func unregisteredTransformer(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: try RealModelTests.recipes())
        let jpeg = try KeyedArchiveTests.fixture("RecipeThumbnail.bin")
        try stack.context.make("Recipe", ["name": "Macarons", "thumbnailImage": jpeg])
        try stack.context.save()

        let recipe = try Self.saved("Recipe", in: stack)
        let expected = TransformableValueError(
            entity: "Recipe", attribute: "thumbnailImage", transformerName: "ImageToDataTransformer", .transformerNotRegistered)
        #expect(throws: expected) { try recipe.transformedValue(forKey: "thumbnailImage", as: Data.self) }
        #expect(throws: expected) { try recipe.setTransformedValue(Data([1]), forKey: "thumbnailImage") }
        #expect(
            expected.description
                == #"attribute 'Recipe.thumbnailImage': value transformer "ImageToDataTransformer" is not registered"#)
        #expect(recipe["thumbnailImage"] as? Data == jpeg)
        #expect(recipe.managedObjectContext?.hasChanges == false)

        // Registered, the transformer reads the same bytes.
        let registry = ValueTransformerRegistry()
        registry.register(PassThrough(), forName: "ImageToDataTransformer")
        #expect(try recipe.transformedValue(forKey: "thumbnailImage", as: Data.self, registry: registry) == jpeg)
    }

    @Test("Errors name the attribute and the transformer: wrong type, unreadable bytes, not Transformable")
    func errors() throws {
        let stack = try TestStack(.inMemory, model: Self.photoModel())
        let registry = Self.registry()
        let jpeg = try KeyedArchiveTests.fixture("RecipeThumbnail.bin")
        let photo = try stack.context.make("Photo", ["title": "Harbour", "tags": jpeg, "location": Data("[]".utf8)])
        func error(_ attribute: String, _ transformer: String?, _ reason: TransformableValueError.Reason)
            -> TransformableValueError
        {
            TransformableValueError(entity: "Photo", attribute: attribute, transformerName: transformer, reason)
        }

        #expect(throws: error("location", "LocationTransformer", .typeMismatch(expected: "String", transformerValue: "Location")))
        {
            try photo.transformedValue(forKey: "location", as: String.self, registry: registry)
        }
        #expect(throws: error("tags", nil, .typeMismatch(expected: "String", transformerValue: "ArchivedValue"))) {
            try photo.setTransformedValue("sea", forKey: "tags", registry: registry)
        }
        #expect(throws: error("title", nil, .notTransformable)) {
            try photo.transformedValue(forKey: "title", as: String.self, registry: registry)
        }
        #expect(throws: error("nothing", nil, .notTransformable)) {
            try photo.transformedValue(forKey: "nothing", as: String.self, registry: registry)
        }
        let unreadable = error(
            "tags", nil, .unreadableValue("not a binary property list: no bplist00 header and 32-byte trailer"))
        #expect(throws: unreadable) { try photo.transformedValue(forKey: "tags", as: ArchivedValue.self, registry: registry) }
        #expect(unreadable.description.hasPrefix("attribute 'Photo.tags': the default value transformer cannot read"))
        do {
            _ = try photo.transformedValue(forKey: "location", as: Location.self, registry: registry)
            Issue.record("JSON of an array read as a Location")
        } catch {
            guard case .unreadableValue = error.reason else { throw error }
            #expect(error.transformerName == "LocationTransformer")
        }
        #expect(photo["tags"] as? Data == jpeg)
    }

    @Test("The shared registry serves typed access by default, until the transformer is removed")
    func sharedRegistry() throws {
        let name = "TransformableAttributeTests.Tags"
        let xml = """
            <model><entity name="Note"><attribute name="tags" optional="YES" attributeType="Transformable" \
            valueTransformerName="\(name)"/></entity></model>
            """
        let stack = try TestStack(.inMemory, model: try ManagedObjectModel(xml: Data(xml.utf8)))
        let note = try stack.context.make("Note")
        ValueTransformerRegistry.shared.register(CodableValueTransformer<[String]>(), forName: name)
        try note.setTransformedValue(["a", "b"], forKey: "tags")
        #expect(try note.transformedValue(forKey: "tags", as: [String].self) == ["a", "b"])
        ValueTransformerRegistry.shared.removeTransformer(forName: name)
        #expect(throws: TransformableValueError.self) { try note.transformedValue(forKey: "tags", as: [String].self) }
        #expect(note["tags"] as? Data == Data(#"["a","b"]"#.utf8))
    }
}

/// A transformer that stores bytes as they are.
private struct PassThrough: AttributeValueTransformer {
    func transformedValue(_ value: Data) -> Data { value }
    func reverseTransformedValue(_ data: Data) -> Data { data }
}
