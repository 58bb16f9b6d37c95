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
