import Foundation
import ObjectGraph
import Testing

/// A save announces what it changed, and other contexts merge it: by hand
/// (`mergeChanges(fromContextDidSave:)`) or as it is made
/// (`automaticallyMergesChangesFromParent`).
@Suite("Save announcements and merging")
struct SaveMergingTests {
    /// Saved IDs: Polen with players P1 and P2, Russland without players.
    private struct Graph {
        var polen, russland, p1, p2: ManagedObjectID
    }

    private func seed(_ stack: TestStack) throws -> Graph {
        let context = stack.newContext()
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let p1 = try context.make("Player", ["name": "P1", "number": 1, "team": polen])
        let p2 = try context.make("Player", ["name": "P2", "number": 2, "team": polen])
        try context.save()
        return Graph(polen: polen.objectID, russland: russland.objectID, p1: p1.objectID, p2: p2.objectID)
    }

    /// In `context`: a player P3 joins Polen, Russland is renamed Russia, P2 is deleted.
    private func change(_ context: ManagedObjectContext, _ graph: Graph) throws -> ManagedObject {
        let p3 = try context.make("Player", ["name": "P3", "number": 3, "team": try context.existingObject(with: graph.polen)])
        try context.existingObject(with: graph.russland).setValue("Russia", forKey: "name")
        context.delete(try context.existingObject(with: graph.p2))
        try context.save()
        return p3
    }

    /// The names of a team's players as `context` holds them, sorted.
    private func players(of team: ManagedObject) -> [String] {
        ((team["players"] as? Set<ManagedObject>) ?? []).compactMap { $0.string("name") }.sorted()
    }

    @Test(
        "A save tells the coordinator's observers what it inserted, updated and deleted, until they stop",
        arguments: StoreKind.allCases)
    func announces(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let saver = stack.newContext()
        var heard: [(ContextDidSave, ManagedObjectContext)] = []
        let observation = stack.coordinator.addSaveObserver { heard.append(($0, $1)) }
        let p3 = try change(saver, graph)
        #expect(heard.count == 1)
        let changes = try #require(heard.first?.0)
        #expect(heard.first?.1 === saver)
        #expect(changes.insertedObjectIDs == [p3.objectID])
        #expect(!p3.objectID.isTemporaryID)
        // Polen's players changed too.
        #expect(changes.updatedObjectIDs == [graph.russland, graph.polen])
        #expect(changes.deletedObjectIDs == [graph.p2])
        let store = try #require(graph.polen.storeIdentifier)
        #expect(changes.storeIdentifiers == [store])
        #expect(changes.changes(inStore: store) == changes)
        #expect(changes.changes(inStore: "elsewhere").isEmpty)
        // A save with nothing to write announces nothing; a cancelled observer hears no more.
        try saver.save()
        #expect(heard.count == 1)
        observation.cancel()
        try saver.existingObject(with: graph.russland).setValue("Rossija", forKey: "name")
        try saver.save()
        #expect(heard.count == 1)
    }

    @Test("An observer goes with its observation", arguments: StoreKind.allCases)
    func observationGoes(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        var heard = 0
        do {
            let observation = stack.coordinator.addSaveObserver { _, _ in heard += 1 }
            _ = try change(stack.newContext(), graph)
            withExtendedLifetime(observation) {}
        }
        #expect(heard == 1)
        let context = stack.newContext()
        try context.existingObject(with: graph.russland).setValue("Rossija", forKey: "name")
        try context.save()
        #expect(heard == 1)
    }

    @Test(
        "Merging a save: deleted objects leave, updated ones read their new state, loaded to-manys gain the inserted",
        arguments: StoreKind.allCases)
    func mergesByHand(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        let polen = try holder.existingObject(with: graph.polen)
        let russland = try holder.existingObject(with: graph.russland)
        let p2 = try holder.existingObject(with: graph.p2)
        #expect(players(of: polen) == ["P1", "P2"])
        #expect(russland.string("name") == "Russland" && p2.string("name") == "P2")
        var saved: ContextDidSave?
        let observation = stack.coordinator.addSaveObserver { changes, _ in saved = changes }
        _ = try change(stack.newContext(), graph)
        withExtendedLifetime(observation) {}
        // Not merged yet: the holder still sees what it read.
        #expect(russland.string("name") == "Russland")
        holder.mergeChanges(fromContextDidSave: try #require(saved))
        #expect(players(of: polen) == ["P1", "P3"])
        #expect(russland.string("name") == "Russia")
        #expect(p2.managedObjectContext == nil)
        // Merged, Russland's row version is the saved one: writing it is no conflict.
        try russland.setValue("RUS", forKey: "code")
        try holder.save()
        #expect(try stack.newContext().existingObject(with: graph.russland).string("code") == "RUS")
    }

    @Test("A fault that holds the row its fetch read reads the merged state when it fires", arguments: StoreKind.allCases)
    func mergesFaults(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        let teams = try holder.all("Team", sort: ["name"])
        // The SQL stores hand out faults holding their rows; the in-memory store, loaded objects.
        #expect(teams.filter { !$0.isFault }.isEmpty == (kind != .inMemory))
        holder.automaticallyMergesChangesFromParent = true
        _ = try change(stack.newContext(), graph)
        #expect(teams.map { $0.string("name") } == ["Polen", "Russia"])
    }

    @Test(
        "Merging automatically: each save of another context as it is made, unsaved attribute changes kept on top",
        arguments: StoreKind.allCases)
    func mergesAutomatically(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        holder.automaticallyMergesChangesFromParent = true
        let polen = try holder.existingObject(with: graph.polen)
        let russland = try holder.existingObject(with: graph.russland)
        #expect(players(of: polen) == ["P1", "P2"])
        try russland.setValue("RUS", forKey: "code")
        _ = try change(stack.newContext(), graph)
        #expect(players(of: polen) == ["P1", "P3"])
        #expect(russland.string("name") == "Russia")
        #expect(russland.string("code") == "RUS" && russland.isUpdated)
        try holder.save()
        let fresh = try stack.newContext().existingObject(with: graph.russland)
        #expect(fresh.string("name") == "Russia" && fresh.string("code") == "RUS")
        // Turned off, it merges no more.
        holder.automaticallyMergesChangesFromParent = false
        let other = stack.newContext()
        try other.existingObject(with: graph.russland).setValue("Rossija", forKey: "name")
        try other.save()
        #expect(russland.string("name") == "Russia")
    }

    @Test(
        "Merging keeps or drops an object's unsaved changes by the context's merge policy",
        arguments: StoreKind.allCases,
        [
            (MergePolicy.error, ["Russia", "RUX"]), (.mergeByPropertyObjectTrump, ["Russia", "RUX"]),
            (.mergeByPropertyStoreTrump, ["Russia", "RSA"]), (.overwrite, ["Russland", "RUX"]), (.rollback, ["Russia", "RSA"]),
        ])
    func mergesByPolicy(kind: StoreKind, policy: (MergePolicy, [String])) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        holder.mergePolicy = policy.0
        holder.automaticallyMergesChangesFromParent = true
        let russland = try holder.existingObject(with: graph.russland)
        try russland.setValue("RUX", forKey: "code")
        let other = stack.newContext()
        let theirs = try other.existingObject(with: graph.russland)
        try theirs.setValue("Russia", forKey: "name")
        try theirs.setValue("RSA", forKey: "code")
        try other.save()
        #expect([russland.string("name"), russland.string("code")] == policy.1)
        // What the holder then saves is what it holds, with no conflict.
        try holder.save()
        let fresh = try stack.newContext().existingObject(with: graph.russland)
        #expect([fresh.string("name"), fresh.string("code")] == policy.1)
    }
}
