import Foundation
import ObjectGraph
import ObjectGraphCodegen
import TestSupport
import Testing

/// The compiled model form og-codegen writes (`--model-source`).
///
/// `Generated/Catalog/CatalogModel.swift` is the fixture `Catalog.xcdatamodeld` compiled, a
/// model with every feature the XML carries, built here and compared with the XML.
@Suite("Compiled models")
struct ModelSourceTests {
    /// `Fixtures/Catalog.xcdatamodeld`: two versions, the second with every feature.
    static var fixtureURL: URL {
        Bundle.module.url(forResource: "Catalog", withExtension: "xcdatamodeld", subdirectory: "Fixtures")
            ?? Bundle.module.bundleURL.appendingPathComponent("Fixtures/Catalog.xcdatamodeld")
    }

    /// `Tests/ObjectGraphTests/Generated/Catalog`, where the fixture's classes and compiled model are committed.
    static let generatedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Generated/Catalog")

    /// The fixture's first version, as a store of it would need it to migrate.
    static func firstVersion() throws -> ModelVersion {
        ModelVersion(name: "Catalog", xml: try Data(contentsOf: fixtureURL.appending(path: "Catalog.xcdatamodel/contents")))
    }

    @Test("The compiled fixture is the XML one: hashes, versions and every setting")
    func compiledModelIsTheXMLModel() throws {
        let compiled = try CatalogModel.make(olderVersions: [try Self.firstVersion()], checkingPatterns: true)
        let xml = try ManagedObjectModel(contentsOf: Self.fixtureURL)
        #expect(compiled.entityVersionHashes == xml.entityVersionHashes)
        #expect(compiled.versionName == "Catalog 2")
        #expect(try compiled.versions().map(\.versionName) == ["Catalog", "Catalog 2"])
        #expect(try compiled.versions().last === compiled)
        let compiledSettings = Self.settings(of: compiled)
        let xmlSettings = Self.settings(of: xml)
        #expect(compiledSettings.keys.sorted() == xmlSettings.keys.sorted())
        for (key, value) in xmlSettings.sorted(by: { $0.key < $1.key }) {
            #expect(compiledSettings[key] == value, "\(key)")
        }
    }

    @Test("A store of an older version finds its version in the compiled model's history")
    func compiledModelKnowsItsOlderVersions() throws {
        let store = try MigrationStore()
        try store.create(try Self.firstVersion().xml) { try $0.insert("Shelf", ["name": "A"]) }
        let compiled = try CatalogModel.make(olderVersions: [try Self.firstVersion()])
        #expect(try compiled.version(matching: try store.metadata())?.versionName == "Catalog")
        #expect(throws: ModelError(.unreadableFile("two versions share a name"))) {
            try CatalogModel.make(olderVersions: [ModelVersion(name: "Catalog 2", xml: Data())])
        }
    }

    @Test("The compiled model saves objects of the generated classes")
    func compiledModelSaves() throws {
        let model = try CatalogModel.make(olderVersions: [])
        try model.register(CatalogClasses.all)
        let stack = try TestStack(.sqlite, model: model)
        let shelf = try #require(try stack.context.insertNewObject(forEntityName: "Shelf") as? Shelf)
        shelf.name = "Fiction"
        let author = try #require(try stack.context.insertNewObject(forEntityName: "Author") as? Author)
        author.name = "Mann"
        let book = try #require(try stack.context.insertNewObject(forEntityName: "Book") as? CatalogBook)
        book.code = "B123-x"
        book.shelf = shelf
        book.author = author
        try stack.context.save()
        #expect(book.pages == 100)
        #expect(book.price == Decimal(string: "12.75"))
        let request = try model.fetchRequest(fromTemplate: "mine", substitutionVariables: ["BOOK": book])
        #expect(try stack.newContext().fetch(request).map { $0.objectID } == [book.objectID])
    }

    @Test("The committed classes and compiled model match Fixtures/Catalog.xcdatamodeld")
    func committedSourceIsCurrent() throws {
        let model = try ManagedObjectModel(contentsOf: Self.fixtureURL)
        let source = try ModelSourceGenerator(model: model, modelName: "Catalog", typeName: "CatalogModel")
        let outdated =
            ClassGenerator(model: model, modelName: "Catalog").outdatedFiles(in: Self.generatedDirectory)
            + [source.outdatedFile(in: Self.generatedDirectory)].compactMap { $0 }
        #expect(
            outdated.isEmpty,
            """
            Out of date in Tests/ObjectGraphTests/Generated/Catalog: \(outdated.map(\.description).joined(separator: ", ")); \
            run make generate
            """)
    }

    // MARK: The generated text

    @Test("A model of one version compiles to a make function without versions, values spelled exactly")
    func sourceOfASmallModel() throws {
        let model = try ManagedObjectModel(
            entities: [
                EntityDescription(
                    "Note",
                    attributes: [
                        AttributeDescription(
                            "text", .string, isOptional: false, defaultValue: .string("a \"b\" \\\n\u{1}"), maxLength: 140),
                        AttributeDescription("score", .double, defaultValue: .double(-0.25), maxValue: .double(1e300)),
                        AttributeDescription("views", .integer64, defaultValue: .integer(-100_000)),
                        AttributeDescription("blob", .binary, defaultValue: .data(Data([0, 10, 255]))),
                    ]
                )
            ],
            fetchRequestTemplates: [
                "recent": {
                    var request = FetchRequest<ManagedObject>(
                        entityName: "Note", predicate: try FetchPredicate(format: "views >= $MIN"),
                        sortOrderings: [FetchOrdering("text", ascending: false, options: [.caseInsensitive])])
                    request.fetchOffset = 5
                    return request
                }()
            ])
        let generator = try ModelSourceGenerator(
            model: model, modelName: "Notes", typeName: "NotesModel", accessLevel: "internal")
        #expect(generator.fileName == "NotesModel.swift")
        #expect(
            generator.source == #"""
                // Compiled by og-codegen from Notes.xcdatamodel. Do not edit.

                import Foundation
                import ObjectGraph

                /// The Notes data model, compiled: built from descriptions, without reading XML.
                enum NotesModel {
                    /// Builds the model; call it once, as a model lives as long as the process.
                    ///
                    /// - Parameters:
                    ///   - checkingPatterns: Whether to compile the attributes' regular expressions, which were
                    ///     checked when the model was compiled.
                    /// - Throws: `ModelError` only if this file was edited: the model was checked when compiled.
                    static func make(checkingPatterns: Bool = false) throws(ModelError) -> ManagedObjectModel {
                        try ManagedObjectModel(
                            entities: entities(), fetchRequestTemplates: fetchRequestTemplates(), checkingPatterns: checkingPatterns)
                    }

                    /// The entities, by name.
                    private static func entities() -> [EntityDescription] {
                        [
                            EntityDescription(
                                "Note",
                                attributes: [
                                    AttributeDescription(
                                        "text", .string, isOptional: false, defaultValue: .string("a \"b\" \\\n\u{1}"), maxLength: 140),
                                    AttributeDescription("score", .double, defaultValue: .double(-0.25), maxValue: .double(1e+300)),
                                    AttributeDescription("views", .integer64, defaultValue: .integer(-100_000)),
                                    AttributeDescription("blob", .binary, defaultValue: .data(Data([0x00, 0x0A, 0xFF]))),
                                ]
                            )
                        ]
                    }

                    /// The fetch request templates, by name.
                    private static func fetchRequestTemplates() -> [String: FetchRequest<ManagedObject>] {
                        var templates: [String: FetchRequest<ManagedObject>] = [:]
                        // views >= $MIN
                        templates["recent"] = FetchRequest(
                            entityName: "Note",
                            predicate: .comparison(ComparisonPredicate(.keyPath(["views"]), .greaterThanOrEqual, .variable("MIN"))),
                            sortOrderings: [FetchOrdering("text", ascending: false, options: [.caseInsensitive])])
                        templates["recent"]?.fetchOffset = 5
                        return templates
                    }
                }

                """#)
    }

    @Test("User info and fetch indexes compile as literals")
    func userInfoAndFetchIndexes() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Fixture",
                attributes: [
                    AttributeDescription("day", .date, userInfo: ["mappedKeyName": "date"]),
                    AttributeDescription("venue", .string),
                ],
                relationships: [
                    RelationshipDescription("home", destination: "Fixture", inverse: nil, userInfo: ["b": "2", "a": "\"1\""])
                ],
                indexes: [FetchIndexDescription("byDayAndVenue", elements: [.property("day"), .property("venue")])],
                userInfo: ["relatedByAttribute": "day"])
        ])
        let source = try ModelSourceGenerator(model: model, modelName: "Fixtures", typeName: "FixturesModel").source
        #expect(source.contains(#"AttributeDescription("day", .date, userInfo: ["mappedKeyName": "date"])"#))
        #expect(source.contains(#"userInfo: ["a": "\"1\"", "b": "2"]"#))
        #expect(
            source.contains(
                #"indexes: [FetchIndexDescription("byDayAndVenue", elements: [.property("day"), .property("venue")])],"#
                    + "\n                userInfo: [\"relatedByAttribute\": \"day\"]"))
    }

    @Test("A template holding an object is refused: code cannot name one")
    func templateWithAnObjectIsRefused() throws {
        let stack = try TestStack(.inMemory)
        let team = try stack.context.insertNewObject(forEntityName: "Team")
        try team.setValue("Polen", forKey: "name")
        try stack.context.save()
        let model = try ManagedObjectModel(
            entities: [EntityDescription("Fan")],
            fetchRequestTemplates: [
                "ofTeam": FetchRequest(
                    entityName: "Fan",
                    predicate: .comparison(ComparisonPredicate(.evaluatedObject, .equal, .object(team.objectID))))
            ])
        #expect(throws: ModelError(entity: "ofTeam", .invalidFetchRequest("it holds an object, which code cannot name"))) {
            try ModelSourceGenerator(model: model, modelName: "Fans", typeName: "FansModel")
        }
    }

    @Test("Only the newest version of a versioned model compiles")
    func olderCurrentVersionIsRefused() throws {
        let first = try Self.firstVersion()
        let second = ModelVersion(name: "Catalog 2", xml: first.xml)
        let model = try ManagedObjectModel(versions: [first, second], current: "Catalog")
        #expect(throws: ModelError(.unreadableFile("version Catalog is not the newest (Catalog 2); compile the newest"))) {
            try ModelSourceGenerator(model: model, modelName: "Catalog", typeName: "CatalogModel")
        }
    }

    /// Every setting of a fetch request.
    static func settings(of request: FetchRequest<ManagedObject>) -> [AnyHashable] {
        [
            request.entityName, request.predicate, request.sortOrderings, request.fetchLimit, request.fetchOffset,
            request.includesSubentities, request.includesPendingChanges, request.returnsObjectsAsFaults,
            request.includesPropertyValues,
        ]
    }

    /// Every setting of a model, read from its descriptions (not from og-codegen's output), by
    /// what it belongs to: `model`, `Team`, `Team.code`, `template teamNamed`.
    static func settings(of model: ManagedObjectModel) -> [String: [AnyHashable]] {
        var settings: [String: [AnyHashable]] = [
            "model": [
                model.versionName, model.versionIdentifiers, model.configurations,
                model.configurations.map { model.entities(forConfigurationName: $0)?.map(\.name) },
            ]
        ]
        for entity in model.entities {
            settings[entity.name] = [
                entity.managedObjectClassName, entity.isAbstract, entity.superentityName, entity.superentity?.name,
                entity.subentities.map(\.name), entity.renamingIdentifier, entity.versionHashModifier,
                entity.uniquenessConstraints, entity.indexes, entity.entityNumber, entity.ownAttributes.map(\.name),
                entity.ownRelationships.map(\.name), entity.attributes.map(\.name), entity.relationships.map(\.name),
                entity.ownFetchedProperties.map(\.name), entity.fetchedProperties.map(\.name),
            ]
            for attribute in entity.ownAttributes {
                settings["\(entity.name).\(attribute.name)"] = [
                    attribute.attributeType, attribute.isOptional, attribute.isTransient, attribute.isIndexed,
                    attribute.defaultValue, attribute.minValue, attribute.maxValue, attribute.minLength, attribute.maxLength,
                    attribute.regularExpression, attribute.renamingIdentifier, attribute.versionHashModifier,
                    attribute.allowsExternalBinaryDataStorage, attribute.entity.name,
                ]
            }
            for relationship in entity.ownRelationships {
                settings["\(entity.name).\(relationship.name)"] = [
                    relationship.destinationEntityName, relationship.destinationEntity.name, relationship.inverseName,
                    relationship.inverseRelationship?.name, relationship.isToMany, relationship.deleteRule,
                    relationship.isOptional, relationship.isTransient, relationship.minCount, relationship.maxCount,
                    relationship.renamingIdentifier, relationship.versionHashModifier, relationship.entity.name,
                ]
            }
        }
        for (name, template) in model.fetchRequestTemplates { settings["template \(name)"] = Self.settings(of: template) }
        for entity in model.entities {
            for property in entity.ownFetchedProperties {
                settings["\(entity.name).\(property.name)"] =
                    Self.settings(of: property.fetchRequest) + [
                        property.destinationEntity.name, property.isOptional, property.renamingIdentifier,
                        property.versionHashModifier, property.userInfo, property.entity.name,
                    ]
            }
        }
        return settings
    }
}
