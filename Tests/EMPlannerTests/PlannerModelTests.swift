import Foundation
import ObjectGraph
import Testing

@testable import EMPlanner

/// The embedded planner model.
@Suite("Planner model")
struct PlannerModelTests {
    @Test("The embedded EM model loads with the lecture's entities and its templates")
    func loads() throws {
        let model = try PlannerModel.load()
        #expect(model.entities.map(\.name) == ["Coach", "Competition", "Group", "Human", "Match", "Player", "Team"])
        #expect(model.entity(named: "Human")?.isAbstract == true)
        #expect(model.entity(named: "Player")?.superentity?.name == "Human")
        #expect(model.fetchRequestTemplates["initialisationCheck"] != nil)
        #expect(model.entity(named: "Team")?.managedObjectClass == Team.self)
    }

    @Test("The committed generated classes match the model")
    func generatedClassesAreCurrent() throws {
        let model = try PlannerModel.load()
        #expect(model.entity(named: "Player")?.managedObjectClass == Player.self)
        #expect(model.entity(named: "Coach")?.managedObjectClass == Coach.self)
    }
}
