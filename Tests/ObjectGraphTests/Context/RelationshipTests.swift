import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Inverse relationships stay consistent, and delete rules apply.
@Suite("Relationships")
struct RelationshipTests {
    private func players(_ team: ManagedObject) -> Set<ManagedObject> { team["players"] as? Set<ManagedObject> ?? [] }

    @Test("Setting a to-one updates the inverse to-many, and moving an object updates both owners", arguments: StoreKind.allCases)
    func toOneUpdatesInverse(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9])
        try player.setValue(polen, forKey: "team")
        #expect(players(polen) == [player])
        try context.save()

        // Move in a fresh context: both teams' sets come from the store.
        let other = stack.newContext()
        let moved = try other.existingObject(with: player.objectID)
        let from = try other.existingObject(with: polen.objectID)
        let to = try other.existingObject(with: russland.objectID)
        try moved.setValue(to, forKey: "team")
        #expect(players(from).isEmpty)
        #expect(players(to) == [moved])
        #expect(other.updatedObjects == [moved, from, to])
        try other.save()

        let third = stack.newContext()
        #expect(try third.all("Player", "team.name == %@", "Russland").count == 1)
        #expect(try third.all("Player", "team.name == %@", "Polen").isEmpty)
    }

    @Test("Adding to and removing from a to-many sets and clears the inverse to-one", arguments: StoreKind.allCases)
    func toManyUpdatesInverse(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let player = try context.make("Player", ["name": "Lewandowski", "number": 9])
        polen.addRelatedObject(player, forKey: "players")
        #expect(player["team"] as? ManagedObject === polen)
        russland.addRelatedObject(player, forKey: "players")
        #expect(player["team"] as? ManagedObject === russland)
        #expect(players(polen).isEmpty)
        russland.removeRelatedObject(player, forKey: "players")
        #expect(player["team"] == nil)
        try russland.setValue([player], forKey: "players")
        #expect(player["team"] as? ManagedObject === russland)
        try russland.setValue(nil, forKey: "players")
        #expect(player["team"] == nil)
    }

    @Test("One-to-one: assigning a coach to a new team takes it from the old one", arguments: StoreKind.allCases)
    func oneToOne(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let smuda = try context.make("Coach", ["name": "Smuda"])
        let advocaat = try context.make("Coach", ["name": "Advocaat"])
        try polen.setValue(smuda, forKey: "coach")
        try russland.setValue(advocaat, forKey: "coach")
        try russland.setValue(smuda, forKey: "coach")
        #expect(smuda["team"] as? ManagedObject === russland)
        #expect(polen["coach"] == nil)
        #expect(advocaat["team"] == nil)
        try context.save()
        let other = stack.newContext()
        #expect(try other.all("Coach", "team.name == 'Russland'").map { $0.string("name") } == ["Smuda"])
        #expect(try other.all("Team", "coach == nil").map { $0.string("name") } == ["Polen"])
    }

    @Test("Many-to-many: both sides agree, links persist and can be removed", arguments: StoreKind.allCases)
    func manyToMany(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let adidas = try context.make("Sponsor", ["name": "Adidas"])
        let nike = try context.make("Sponsor", ["name": "Nike"])
        let a = try context.make("Player", ["name": "A", "number": 1])
        let b = try context.make("Player", ["name": "B", "number": 2])
        adidas.addRelatedObject(a, forKey: "players")
        adidas.addRelatedObject(b, forKey: "players")
        b.addRelatedObject(nike, forKey: "sponsors")
        #expect((a["sponsors"] as? Set<ManagedObject>) == [adidas])
        #expect((b["sponsors"] as? Set<ManagedObject>) == [adidas, nike])
        try context.save()

        let other = stack.newContext()
        let otherB = try other.existingObject(with: b.objectID)
        #expect(Set((otherB["sponsors"] as? Set<ManagedObject> ?? []).compactMap { $0.string("name") }) == ["Adidas", "Nike"])
        let otherAdidas = try other.existingObject(with: adidas.objectID)
        otherAdidas.removeRelatedObject(otherB, forKey: "players")
        #expect((otherB["sponsors"] as? Set<ManagedObject>)?.count == 1)
        try other.save()

        let third = stack.newContext()
        #expect(try third.all("Player", "ANY sponsors.name == 'Adidas'").map { $0.string("name") } == ["A"])
        #expect(try third.all("Sponsor", "players.@count == 1", sort: ["name"]).map { $0.string("name") } == ["Adidas", "Nike"])
    }

    @Test("Cascade deletes dependants; nullify clears inverses", arguments: StoreKind.allCases)
    func cascadeAndNullify(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let group = try context.make("Group", ["name": "A"])
        let polen = try context.make("Team", ["name": "Polen", "group": group])
        let coach = try context.make("Coach", ["name": "Smuda", "team": polen])
        for number in 1...3 { try context.make("Player", ["name": "P\(number)", "number": number, "team": polen]) }
        let sponsor = try context.make("Sponsor", ["name": "Adidas"])
        let keeper = try context.make("Player", ["name": "Keeper", "number": 1])
        sponsor.addRelatedObject(keeper, forKey: "players")
        try context.save()

        let other = stack.newContext()
        other.delete(try other.existingObject(with: polen.objectID))
        #expect(other.deletedObjects.count == 5, "the team, its coach and its three players")
        #expect((try other.existingObject(with: group.objectID)["teams"] as? Set<ManagedObject>)?.isEmpty == true)
        other.delete(try other.existingObject(with: keeper.objectID))
        #expect((try other.existingObject(with: sponsor.objectID)["players"] as? Set<ManagedObject>)?.isEmpty == true)
        try other.save()

        let third = stack.newContext()
        #expect(try third.all("Human").isEmpty)
        #expect(try third.all("Team").isEmpty)
        #expect(try third.all("Group").count == 1)
        #expect(try third.all("Sponsor", "players.@count == 0").count == 1)
        _ = coach
    }

    @Test("Deny blocks the save while the relationship holds objects, naming it", arguments: StoreKind.allCases)
    func deny(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let greece = try context.make("Team", ["name": "Griechenland"])
        let match = try context.make("Match", ["kickoff": Date(), "homeTeam": polen, "awayTeam": greece])
        try context.save()

        context.delete(polen)
        let error = try #require(throws: ValidationErrors.self) { try context.save() }
        #expect(error.errors.map(\.property) == ["homeMatches"])
        #expect(error.errors.first?.kind == .deleteDenied(1))
        #expect(error.description.contains("homeMatches"))
        context.rollback()
        #expect(try stack.newContext().all("Team").count == 2, "nothing was written")

        context.delete(match)
        context.delete(polen)
        try context.save()
        #expect(try stack.newContext().all("Team").count == 1)
    }

    @Test(
        "A new object deleted while a deny relationship holds objects leaves them a reference the save refuses",
        arguments: StoreKind.allCases)
    func denyOnANewObject(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let match = try context.make("Match", ["kickoff": Date(), "homeTeam": polen])
        try context.save()

        let greece = try context.make("Team", ["name": "Griechenland"])
        try match.setValue(greece, forKey: "awayTeam")
        context.delete(greece)
        // The deny rule leaves the match pointing at a team the store never had.
        #expect(match["awayTeam"] as? ManagedObject === greece)
        let error = try #require(throws: ValidationErrors.self) { try context.save() }
        #expect(error.errors.map { "\($0.entity).\($0.property)" } == ["Match.awayTeam"])
        #expect(error.errors.first?.kind == .danglingReference(greece.objectID.description))
        #expect(error.description.hasPrefix("Match.awayTeam refers to x-coredata:///Team/t"))
        #expect(try stack.newContext().all("Match", "awayTeam == nil").count == 1, "nothing was written")

        try match.setValue(nil, forKey: "awayTeam")
        try context.save()
        #expect(try stack.newContext().all("Team").map { $0.string("name") } == ["Polen"])
    }

    @Test("Deny does not count objects deleted in the same save, whichever is deleted first", arguments: StoreKind.allCases)
    func denyIgnoresDeletedObjects(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let polen = try stack.context.make("Team", ["name": "Polen"])
        let greece = try stack.context.make("Team", ["name": "Griechenland"])
        try stack.context.make("Match", ["kickoff": Date(), "homeTeam": polen, "awayTeam": greece])
        try stack.context.save()

        let context = stack.newContext()
        let team = try context.existingObject(with: polen.objectID)
        let match = try #require(try context.all("Match").first)
        context.delete(team)
        context.delete(match)
        #expect(context.validationErrors().isEmpty)
        try context.save()
        #expect(try stack.newContext().all("Team").map { $0.string("name") } == ["Griechenland"])
        #expect(try stack.newContext().all("Match").isEmpty)
    }

    @Test("No Action leaves the inverse pointing at the deleted object")
    func noAction() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Owner",
                relationships: [
                    RelationshipDescription("pets", destination: "Pet", inverse: "owner", toMany: true, deleteRule: .noAction)
                ]),
            EntityDescription(
                "Pet", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("owner", destination: "Owner", inverse: "pets")
                ]),
        ])
        let stack = try TestStack(.inMemory, model: model)
        let owner = try stack.context.make("Owner")
        let pet = try stack.context.make("Pet", ["name": "Rex", "owner": owner])
        stack.context.delete(owner)
        #expect(pet["owner"] as? ManagedObject === owner)
        #expect(!pet.isDeleted)
    }

    @Test("A relationship that is its own inverse links both ways, saved and fetched", arguments: StoreKind.allCases)
    func ownInverse(kind: StoreKind) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Person", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("spouse", destination: "Person", inverse: "spouse"),
                    RelationshipDescription("friends", destination: "Person", inverse: "friends", toMany: true),
                ])
        ])
        let stack = try TestStack(kind, model: model)
        let (a, b, c) = try (
            stack.context.make("Person", ["name": "a"]), stack.context.make("Person", ["name": "b"]),
            stack.context.make("Person", ["name": "c"])
        )
        func spouse(_ person: ManagedObject?) -> String? { (person?["spouse"] as? ManagedObject)?.string("name") }
        func friends(_ person: ManagedObject?) -> [String] {
            ((person?["friends"] as? Set<ManagedObject>) ?? []).compactMap { $0.string("name") }.sorted()
        }
        try a.setValue(b, forKey: "spouse")
        #expect(spouse(b) == "a")
        try a.setValue(c, forKey: "spouse")
        #expect([spouse(a), spouse(b), spouse(c)] == ["c", nil, "a"])
        try a.setValue(Set([b, c]), forKey: "friends")
        try b.setValue(Set([a, b]), forKey: "friends")
        #expect([friends(a), friends(b), friends(c)] == [["b", "c"], ["a", "b"], ["a"]])
        try stack.context.save()

        let reader = stack.newContext()
        let people = Dictionary(uniqueKeysWithValues: try reader.all("Person").map { ($0.string("name")!, $0) })
        #expect([spouse(people["a"]), spouse(people["b"]), spouse(people["c"])] == ["c", nil, "a"])
        #expect([friends(people["a"]), friends(people["b"]), friends(people["c"])] == [["b", "c"], ["a", "b"], ["a"]])
        #expect(try reader.all("Person", "ANY friends.name == 'a'", sort: ["name"]).map { $0.string("name") } == ["b", "c"])
        #expect(try reader.all("Person", "friends.@count == 2", sort: ["name"]).map { $0.string("name") } == ["a", "b"])

        reader.delete(people["a"]!)
        try reader.save()
        let after = Dictionary(uniqueKeysWithValues: try stack.newContext().all("Person").map { ($0.string("name")!, $0) })
        #expect([friends(after["b"]), friends(after["c"])] == [["b"], []])
        #expect(spouse(after["c"]) == nil)
    }
}
