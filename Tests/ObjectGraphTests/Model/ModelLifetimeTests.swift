import ObjectGraph
import Testing

/// Entities are never deallocated (object IDs refer to them without a reference count), so the
/// model an entity names must live as long: no entity may name a model that is gone.
@Suite("Model lifetime")
struct ModelLifetimeTests {
    @Test("An entity's model lives on when nothing else holds it")
    func modelLivesAsLongAsItsEntities() throws {
        weak var weakModel: ManagedObjectModel?
        let team: EntityDescription
        do {
            let model = try TournamentModel.makeInCode()
            weakModel = model
            team = try #require(model.entity(named: "Team"))
        }
        #expect(weakModel != nil)
        #expect(team.model?.entity(named: "Team") === team)
    }

    @Test("A model that fails its checks leaves its entities naming no model")
    func failedModelIsNamedByNoEntity() {
        let team = EntityDescription("Team", attributes: [AttributeDescription("name", .string)])
        #expect(throws: ModelError.self) {
            try ManagedObjectModel(
                entities: [team], fetchRequestTemplates: ["lost": FetchRequest<ManagedObject>(entityName: "Stadium")])
        }
        #expect(team.model == nil)
        #expect(team.entityNumber == 0)
        // Not taken by the failed model: a model can still be built with it.
        let model = try? ManagedObjectModel(entities: [team])
        #expect(model != nil && team.model === model)
    }

    @Test("An entity serves one model: a second model refuses it and leaves it as it was")
    func entityServesOneModel() throws {
        let first = try TournamentModel.makeInCode()
        let team = try #require(first.entity(named: "Team"))
        let number = team.entityNumber
        #expect(throws: ModelError(entity: "Team", .entityInAnotherModel)) {
            try ManagedObjectModel(entities: [team, EntityDescription("Stadium")])
        }
        #expect(team.model === first)
        #expect(team.entityNumber == number)
        #expect(
            ModelError(entity: "Team", .entityInAnotherModel).description
                == "entity 'Team' belongs to another model already (an entity serves one model)")
    }
}
