import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Models Xcode wrote for real projects (`Fixtures/CoreData`): Apple's Recipes sample, with
/// Transformable attributes, loads, and both stores hold its objects.
@Suite("Real Xcode models")
struct RealModelTests {
    /// Apple's iPhoneCoreDataRecipes model, as ported to Xcode 9.3.
    static func recipes() throws -> ManagedObjectModel {
        try ManagedObjectModel(
            contentsOf: Bundle.module.bundleURL.appendingPathComponent("Fixtures/CoreData/Recipes.xcdatamodeld"))
    }

    @Test("The Recipes model loads: a Transformable attribute keeps its bytes as Data")
    func loads() throws {
        let model = try Self.recipes()
        #expect(model.entities.map(\.name) == ["Image", "Ingredient", "Recipe", "RecipeType"])
        let image = try #require(model.entity(named: "Image")?.attributesByName["image"])
        #expect(image.attributeType == .transformable)
        // `0`, written where a number's default goes, is a number.
        #expect(model.entity(named: "Ingredient")?.attributesByName["displayOrder"]?.defaultValue == .integer(0))
    }

    @Test("Both stores save and fetch a recipe with its image bytes and ingredients", arguments: StoreKind.allCases)
    func savesAndFetches(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.recipes())
        let context = stack.context
        let bytes = Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xFF])
        let recipe = try context.make("Recipe", ["name": "Ginger Snaps", "thumbnailImage": bytes])
        let ingredient = try context.make("Ingredient", ["name": "Ginger", "amount": "1 tsp"])
        try ingredient.setValue(recipe, forKey: "recipe")
        try context.save()

        let reader = stack.newContext()
        let fetched = try #require(try reader.fetch(FetchRequest<ManagedObject>(entityName: "Recipe")).first)
        #expect(try fetched.value(forKey: "thumbnailImage") as? Data == bytes)
        let ingredients = try #require(try fetched.value(forKey: "ingredients") as? Set<ManagedObject>)
        #expect(try ingredients.map { try $0.value(forKey: "name") as? String } == ["Ginger"])
        #expect(
            try reader.fetch(FetchRequest<ManagedObject>(entityName: "Ingredient")).first?.value(forKey: "displayOrder") as? Int64
                == 0)
    }
}

/// Real models from public projects (`Fixtures/CoreData`) load, and both stores save and fetch
/// an object of every entity they can make: inheritance, abstract entities, Transformable,
/// relationships without an inverse, fetch request templates.
@Suite("Real Xcode models from public projects")
struct PublicModelTests {
    /// The fixture models, by the project they come from.
    static let models = [
        "MagicalRecord": "MagicalRecordTestModel.xcdatamodeld",
        "mogenerator": "mogenerator.xcdatamodel",
        "SwiftGen": "SwiftGen.xcdatamodeld",
    ]

    static func model(_ project: String) throws -> ManagedObjectModel {
        try ManagedObjectModel(
            contentsOf: Bundle.module.bundleURL.appending(path: "Fixtures/CoreData").appending(path: models[project]!))
    }

    @Test("User info is read for entities, attributes and relationships")
    func userInfo() throws {
        let model = try Self.model("MagicalRecord")
        let mapped = try #require(model.entity(named: "MappedEntity"))
        #expect(mapped.userInfo == ["relatedByAttribute": "mapped"])
        #expect(mapped.attributesByName["testMappedEntityID"]?.userInfo == ["mappedKeyName": "id"])
        let secondary = try #require(model.entity(named: "SingleEntityRelatedToMappedEntityWithSecondaryMappings"))
        #expect(
            secondary.relationshipsByName["mappedRelationship"]?.userInfo == [
                "mappedKeyName": "not_in_use", "mappedKeyName.1": "almost_there", "mappedKeyName.2": "actualRelatedObject",
            ])
        #expect(try Self.model("SwiftGen").entity(named: "NewEntity")?.indexes == [])
    }

    /// A value of `type` that no bound of the fixtures refuses.
    static func sample(_ type: AttributeType) -> Any {
        switch type {
        case .integer16, .integer32, .integer64: 1
        case .double, .float: 1.5
        case .decimal: Decimal(2)
        case .string: "text"
        case .boolean: true
        case .date: Date(timeIntervalSinceReferenceDate: 0)
        case .binary, .transformable: Data([1, 2, 3])
        case .uuid: UUID()
        case .uri: URL(string: "https://example.com")!
        case .undefined: "anything"
        }
    }

    @Test(
        "Each model loads, and both stores save and fetch an object of each entity that is not abstract",
        arguments: models.keys.sorted(), StoreKind.allCases)
    func savesEveryEntity(project: String, kind: StoreKind) throws {
        let stack = try TestStack(kind, model: Self.model(project))
        let context = stack.context
        let concrete = stack.model.entities.filter { !$0.isAbstract }
        var made: [String: ManagedObject] = [:]
        for entity in concrete {
            let object = try context.insertNewObject(forEntityName: entity.name)
            for attribute in entity.attributes
            where !attribute.isOptional && attribute.defaultValue.isNull && attribute.derivationExpression == nil {
                try object.setValue(Self.sample(attribute.attributeType), forKey: attribute.name)
            }
            made[entity.name] = object
        }
        for entity in concrete {
            for relationship in entity.relationships where !relationship.isOptional || relationship.minCount > 0 {
                let destination = try #require(
                    relationship.destinationEntity.selfAndDescendants.lazy.compactMap { made[$0.name] }.first)
                if relationship.isToMany {
                    made[entity.name]!.addRelatedObject(destination, forKey: relationship.name)
                } else {
                    try made[entity.name]!.setValue(destination, forKey: relationship.name)
                }
            }
        }
        try context.save()
        let reader = stack.newContext()
        for entity in concrete {
            var request = FetchRequest<ManagedObject>(entityName: entity.name)
            request.includesSubentities = false
            #expect(try reader.count(for: request) == 1, "\(project): \(entity.name)")
        }
    }
}
