import ObjectGraph
import Testing

/// Models outlive the entities that name them, and own what they fill in.
///
/// Entities are never deallocated (object IDs refer to them without a reference count), so the
/// model an entity names must live as long: no entity may name a model that is gone. And what a
/// model fills in belongs to it: an entity serves one model, a property description one entity.
@Suite("Model lifetime and ownership")
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

    @Test("A property description serves one entity: shared by two, the model is refused")
    func propertyServesOneEntity() throws {
        // Shared, `name` would take A's storage index 1 and B's 0: writing A's name would
        // write its age.
        let name = AttributeDescription("name", .string)
        let a = EntityDescription("A", attributes: [AttributeDescription("age", .integer64), name])
        let b = EntityDescription("B", attributes: [name])
        #expect(throws: ModelError(entity: "B", property: "name", .propertyInAnotherEntity("A"))) {
            try ManagedObjectModel(entities: [a, b])
        }

        let first = try TournamentModel.makeInCode()
        let teamName = try #require(first.entity(named: "Team")?.attributesByName["name"])
        let players = try #require(first.entity(named: "Team")?.relationshipsByName["players"])
        let stadium = EntityDescription("Stadium", attributes: [teamName])
        #expect(throws: ModelError(entity: "Stadium", property: "name", .propertyInAnotherEntity("Team"))) {
            try ManagedObjectModel(entities: [stadium])
        }
        let club = EntityDescription("Club", relationships: [players])
        #expect(throws: ModelError(entity: "Club", property: "players", .propertyInAnotherEntity("Team"))) {
            try ManagedObjectModel(entities: [club])
        }
        #expect(teamName.entity === first.entity(named: "Team"))
        #expect(
            ModelError(entity: "B", property: "name", .propertyInAnotherEntity("A")).description
                == "entity 'B', property 'name' is declared by entity 'A' too (a property description serves one entity)")
    }
}
