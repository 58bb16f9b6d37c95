import Foundation
import ObjectGraph
import ObjectGraphCodegen
import Testing

@testable import EMPlanner

/// The embedded planner model.
@Suite("Planner model")
struct PlannerModelTests {
    /// The repository's root directory.
    static let root = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The embedded EM model loads with the lecture's entities and its templates")
    func loads() throws {
        let model = try PlannerModel.load()
        #expect(
            model.entities.map(\.name) == ["Card", "Coach", "Competition", "Goal", "Group", "Human", "Match", "Player", "Team"])
        #expect(model.versionName == "EM 3")
        #expect(try model.versions().map(\.versionName) == ["EM", "EM 2", "EM 3"])
        #expect(model.entity(named: "Human")?.isAbstract == true)
        #expect(model.entity(named: "Player")?.superentity?.name == "Human")
        #expect(model.fetchRequestTemplates["initialisationCheck"] != nil)
        #expect(model.entity(named: "Team")?.managedObjectClass == Team.self)
    }

    @Test("The embedded model passes every check, its regular expressions included")
    func embeddedModelIsValid() throws {
        let checked = try ManagedObjectModel(xml: PlannerModel.xml)
        #expect(checked.entityVersionHashes == (try PlannerModel.load().entityVersionHashes))
        #expect(checked.entities.contains { $0.attributes.contains { $0.regularExpression != nil } })
    }

    @Test("The committed generated classes and the embedded model match Resources/EM.xcdatamodeld")
    func generatedClassesAreCurrent() throws {
        let model = try ManagedObjectModel(contentsOf: Self.root.appending(path: "Resources/EM.xcdatamodeld"))
        let generated = Self.root.appending(path: "Sources/EMPlanner/Generated")
        let outdated = ClassGenerator(model: model, modelName: "EM").outdatedFiles(in: generated)
        let names = outdated.map(\.description).joined(separator: ", ")
        #expect(outdated.isEmpty, "out of date in Sources/EMPlanner/Generated: \(names); run make generate")
        #expect(try PlannerModel.load().entityVersionHashes == model.entityVersionHashes)
    }
}
