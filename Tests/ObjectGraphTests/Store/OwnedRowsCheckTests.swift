import Foundation
import Testing

@testable import ObjectGraph
@testable import ObjectGraphSQLite

/// The SQLite store deletes the members a cascade listed by ID along the foreign key; it reads
/// the owner's rows again to check them only when the store changed since they were listed.
@Suite("SQLite store: checking owned rows")
struct OwnedRowsCheckTests {
    /// The statement that reads an owner's players again.
    private static let check = "SELECT Z_PK FROM ZPLAYER WHERE ZTEAM = ?"

    /// A stack whose players are listed by ID, with team "Polen" (P1…P3) and "Russland" (R1).
    private func seed() throws -> (TestStack, polen: ManagedObjectID, russland: ManagedObjectID) {
        let stack = try MemberReading.ids.stack(.sqlite)
        let polen = try stack.context.make("Team", ["name": "Polen"])
        let russland = try stack.context.make("Team", ["name": "Russland"])
        for number in 1...3 { try stack.context.make("Player", ["name": "P\(number)", "number": number, "team": polen]) }
        try stack.context.make("Player", ["name": "R1", "number": 1, "team": russland])
        try stack.context.save()
        return (stack, polen.objectID, russland.objectID)
    }

    private func players(_ stack: TestStack) throws -> [String] {
        try stack.newContext().all("Player", sort: ["name"]).compactMap { $0.string("name") }
    }

    @Test("With no write since the listing, the players are deleted by foreign key unchecked")
    func unchangedStore() throws {
        let (stack, polen, _) = try seed()
        let context = stack.newContext()
        context.delete(try context.existingObject(with: polen))
        let statements = try stack.trace { try context.save() }
        #expect(statements.contains { $0.hasPrefix("DELETE FROM ZPLAYER WHERE ZTEAM = ?") })
        #expect(!statements.contains { $0.hasPrefix(Self.check) })
        #expect(try players(stack) == ["R1"])
    }

    @Test("A save through this connection since the listing makes the save check the players again")
    func ownWriteSince() throws {
        let (stack, polen, russland) = try seed()
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))
        let editor = stack.newContext()
        try editor.existingObject(with: russland).setValue("Rossija", forKey: "name")
        try editor.save()

        let statements = try stack.trace { try deleter.save() }
        #expect(statements.contains { $0.hasPrefix(Self.check) })
        #expect(try players(stack) == ["R1"])
    }

    @Test("A player another coordinator added since the listing makes the save a conflict")
    func otherCoordinatorAddsAPlayer() throws {
        let (stack, polen, _) = try seed()
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let second = PersistentStoreCoordinator(model: stack.model)
        try second.addPersistentStore(.sqlite(stack.storeURL!))
        let writer = ManagedObjectContext(coordinator: second)
        let newcomer = try writer.make("Player", ["name": "P4", "number": 4, "team": try writer.existingObject(with: polen)])
        try writer.save()

        let error = try #require(throws: StoreError.self) { try deleter.save() }
        guard case .conflict(let id) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(id == newcomer.objectID)
        #expect(try players(stack) == ["P1", "P2", "P3", "P4", "R1"])
    }

    @Test("Players deleted by ID with their team leave the join table of a many-to-many without a delete rule")
    func joinTableRowsGo() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Team", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("players", destination: "Player", inverse: "team", toMany: true, deleteRule: .cascade)
                ]),
            EntityDescription(
                "Player", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("team", destination: "Team", inverse: "players"),
                    RelationshipDescription("tags", destination: "Tag", inverse: "players", toMany: true, deleteRule: .noAction),
                ]),
            EntityDescription(
                "Tag", attributes: [AttributeDescription("name", .string)],
                relationships: [RelationshipDescription("players", destination: "Player", inverse: "tags", toMany: true)]),
        ])
        let stack = try TestStack(.sqlite, model: model)
        let context = stack.context
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let tag = try context.make("Tag", ["name": "Kapitän"])
        for (name, team) in [("P1", polen), ("P2", polen), ("R1", russland)] {
            tag.addRelatedObject(try context.make("Player", ["name": name, "team": team]), forKey: "players")
        }
        try context.save()

        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen.objectID))
        #expect(deleter.deletedObjects.filter(\.isFault).count == 2, "listed by ID")
        let statements = try stack.trace { try deleter.save() }
        #expect(statements.contains { $0.hasPrefix("DELETE FROM ZPLAYER WHERE ZTEAM") }, "deleted by foreign key")
        let join = try #require(model.entity(named: "Tag")?.relationshipsByName["players"])
        let table = (stack.coordinator.persistentStores[0].store as! SQLiteStore).schema.joinTable(for: join).table.name
        let reader = try SQLiteConnection(path: stack.storeURL!.path, readOnly: true)
        #expect(try reader.prepare("SELECT COUNT(*) FROM \(table)").rows() == [[.integer(1)]])
    }

    @Test("A player another process moved away since the listing makes the save a conflict")
    func otherProcessMovesAPlayer() throws {
        let (stack, polen, russland) = try seed()
        let deleter = stack.newContext()
        deleter.delete(try deleter.existingObject(with: polen))

        let writer = try SQLiteConnection(path: stack.storeURL!.path)
        try writer.execute(
            "UPDATE ZPLAYER SET ZTEAM = \(russland.primaryKey!), Z_OPT = Z_OPT + 1 WHERE ZNAME = 'P2'")

        #expect(throws: StoreError.self) { try deleter.save() }
        #expect(try players(stack) == ["P1", "P2", "P3", "R1"])
    }
}
