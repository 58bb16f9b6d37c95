import Foundation
import ObjectGraph
import Testing

/// A save deleting an owner with a cascade deletes exactly the members this context read, at
/// the versions it read, whatever else changes in the same save or meanwhile.
@Suite("Cascade deletes")
struct CascadeDeleteTests {
    /// A saved team "Polen" with players P1…P`count`, and a team "Russland" with one player R1.
    private func seed(_ stack: TestStack, players count: Int = 3) throws -> (team: ManagedObjectID, other: ManagedObjectID) {
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        for number in 1...count { try context.make("Player", ["name": "P\(number)", "number": number, "team": polen]) }
        try context.make("Player", ["name": "R1", "number": 1, "team": russland])
        try context.save()
        return (polen.objectID, russland.objectID)
    }

    private func names(_ stack: TestStack, _ format: String? = nil, _ arguments: Any?...) throws -> [String] {
        var request = FetchRequest<ManagedObject>(entityName: "Player")
        if let format { request.predicate = try FetchPredicate(format: format, argumentArray: arguments) }
        request.sortOrderings = [FetchOrdering(parsing: "name")]
        return try stack.newContext().fetch(request).compactMap { $0.string("name") }
    }

    private func conflictID(_ body: () throws -> Void) -> ManagedObjectID? {
        do {
            try body()
        } catch StoreError.conflict(let id) {
            return id
        } catch {
            Issue.record("expected a conflict, got \(error)")
        }
        return nil
    }

    @Test("Deleting teams deletes all their players and nothing else", arguments: StoreKind.allCases)
    func deletesMembers(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let (polen, _) = try seed(stack, players: 30)
        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        #expect(context.deletedObjects.count == 31)
        try context.save()
        #expect(try names(stack) == ["R1"])
        #expect(try stack.newContext().all("Team").compactMap { $0.string("name") } == ["Russland"])
    }

    @Test("Players saved at different versions are deleted with their team", arguments: StoreKind.allCases)
    func membersAtDifferentVersions(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let (polen, _) = try seed(stack)
        let editor = stack.newContext()
        let p2 = try #require(try editor.all("Player", "name == 'P2'").first)
        try p2.setValue(12, forKey: "number")
        try editor.save()

        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        try context.save()
        #expect(try names(stack) == ["R1"])
    }

    @Test("A player another writer added to the team meanwhile makes the save a conflict", arguments: StoreKind.allCases)
    func memberAddedMeanwhile(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let newcomer = try writer.make("Player", ["name": "P4", "number": 4, "team": try writer.existingObject(with: polen)])
        try writer.save()

        #expect(conflictID { try deleter.save() } == newcomer.objectID)
        #expect(try names(stack) == ["P1", "P2", "P3", "P4", "R1"], "all or nothing")
        #expect(deleter.hasChanges, "the failed save keeps its changes")

        deleter.rollback()
        deleter.delete(try deleter.existingObject(with: polen))
        try deleter.save()
        #expect(try names(stack) == ["R1"], "a fresh delete takes the newcomer too")
    }

    @Test("A player another writer changed meanwhile makes the save a conflict on that player", arguments: StoreKind.allCases)
    func memberChangedMeanwhile(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let (polen, _) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let p2 = try #require(try writer.all("Player", "name == 'P2'").first)
        try p2.setValue(22, forKey: "number")
        try writer.save()

        #expect(conflictID { try deleter.save() } == p2.objectID)
        #expect(try names(stack) == ["P1", "P2", "P3", "R1"])
    }

    @Test("A player another writer moved away meanwhile makes the save a conflict on that player", arguments: StoreKind.allCases)
    func memberMovedAwayMeanwhile(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let (polen, russland) = try seed(stack)
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = stack.newContext()
        let p1 = try #require(try writer.all("Player", "name == 'P1'").first)
        try p1.setValue(try writer.existingObject(with: russland), forKey: "team")
        try writer.save()

        #expect(conflictID { try deleter.save() } == p1.objectID)
        #expect(try names(stack, "team.name == 'Polen'") == ["P2", "P3"])
    }

    @Test("Players moved out of or into a deleted team in the same save go where they were moved", arguments: StoreKind.allCases)
    func membersMovedInTheSameSave(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let (polen, russland) = try seed(stack)
        let context = stack.newContext()
        let team = try context.existingObject(with: polen)
        let other = try context.existingObject(with: russland)
        let p1 = try #require(try context.all("Player", "name == 'P1'").first)
        let r1 = try #require(try context.all("Player", "name == 'R1'").first)
        try p1.setValue(other, forKey: "team")
        try r1.setValue(team, forKey: "team")
        context.delete(team)
        try context.save()
        #expect(try names(stack) == ["P1"])
        #expect(try names(stack, "team.name == 'Russland'") == ["P1"])
    }

    @Test("A row two deleted owners cascade to is deleted once", arguments: StoreKind.allCases)
    func twoOwners(kind: StoreKind) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Team", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription(
                        "home", destination: "Match", inverse: "homeTeam", toMany: true, deleteRule: .cascade),
                    RelationshipDescription(
                        "away", destination: "Match", inverse: "awayTeam", toMany: true, deleteRule: .cascade),
                ]),
            EntityDescription(
                "Match", attributes: [AttributeDescription("venue", .string)],
                relationships: [
                    RelationshipDescription("homeTeam", destination: "Team", inverse: "home"),
                    RelationshipDescription("awayTeam", destination: "Team", inverse: "away"),
                ]),
        ])
        let stack = try TestStack(kind, model: model)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let greece = try context.make("Team", ["name": "Griechenland"])
        let russia = try context.make("Team", ["name": "Russland"])
        // Danzig comes first in key order and belongs to Griechenland only; Warschau belongs to
        // both deleted teams, so deleting Griechenland's away matches by key would take it too.
        try context.make("Match", ["venue": "Danzig", "homeTeam": russia, "awayTeam": greece])
        try context.make("Match", ["venue": "Warschau", "homeTeam": polen, "awayTeam": greece])
        try context.make("Match", ["venue": "Breslau", "homeTeam": greece, "awayTeam": polen])
        try context.make("Match", ["venue": "Posen", "homeTeam": russia, "awayTeam": russia])
        try context.save()

        let deleter = stack.newContext()
        for name in ["Polen", "Griechenland"] {
            deleter.delete(try #require(try deleter.all("Team", "name == %@", name).first))
        }
        #expect(deleter.deletedObjects.count == 5)
        try deleter.save()
        #expect(try stack.newContext().all("Match").compactMap { $0["venue"] as? String } == ["Posen"])
    }
}
