import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Batch deletes and updates run by the store, following delete rules, all or nothing, and
/// merged into contexts that hold the objects.
@Suite("Batch requests")
struct BatchRequestTests {
    /// Saved IDs of a small graph: group A holds Polen (players P1 and P2, coach C) and
    /// Russland (player R1); sponsor S sponsors P1 and R1.
    private struct Graph {
        var group, polen, russland, p1, p2, r1, coach, sponsor: ManagedObjectID
    }

    private func seed(_ stack: TestStack) throws -> Graph {
        let context = stack.context
        let group = try context.make("Group", ["name": "A"])
        let polen = try context.make("Team", ["name": "Polen", "group": group])
        let russland = try context.make("Team", ["name": "Russland", "group": group])
        let p1 = try context.make("Player", ["name": "P1", "number": 1, "team": polen])
        let p2 = try context.make("Player", ["name": "P2", "number": 2, "team": polen])
        let r1 = try context.make("Player", ["name": "R1", "number": 1, "team": russland])
        let coach = try context.make("Coach", ["name": "C", "team": polen])
        let sponsor = try context.make("Sponsor", ["name": "S"])
        try sponsor.setValue(Set([p1, r1]), forKey: "players")
        try context.save()
        return Graph(
            group: group.objectID, polen: polen.objectID, russland: russland.objectID, p1: p1.objectID, p2: p2.objectID,
            r1: r1.objectID, coach: coach.objectID, sponsor: sponsor.objectID)
    }

    /// The names of the saved objects of `entity`, sorted, read by a fresh context.
    private func names(_ stack: TestStack, _ entity: String) throws -> [String] {
        try stack.newContext().all(entity, sort: ["name"]).compactMap { $0.string("name") }
    }

    private func deleteRequest(_ entity: String, _ format: String) throws -> BatchDeleteRequest {
        var request = BatchDeleteRequest(entityName: entity, predicate: try FetchPredicate(format: format))
        request.resultType = .objectIDs
        return request
    }

    @Test(
        "A batch delete removes the matching objects and those its cascades reach, and names them",
        arguments: StoreKind.allCases)
    func deletesMatchingAndCascades(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let result = try stack.newContext().execute(try deleteRequest("Team", "name == 'Polen'"))
        #expect(result.count == 1)
        #expect(Set(result.deletedObjectIDs) == [graph.polen, graph.p1, graph.p2, graph.coach])
        #expect(result.updatedObjectIDs.isEmpty)
        #expect(try names(stack, "Team") == ["Russland"])
        #expect(try names(stack, "Player") == ["R1"])
        #expect(try names(stack, "Coach") == [])
        let sponsor = try stack.newContext().existingObject(with: graph.sponsor)
        #expect(((sponsor["players"] as? Set<ManagedObject>) ?? []).map(\.objectID) == [graph.r1], "its link to P1 is gone")
    }

    @Test("A batch delete by ID deletes those objects only; a count result names none", arguments: StoreKind.allCases)
    func deletesByID(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let result = try stack.newContext().execute(BatchDeleteRequest(objectIDs: [graph.p1, graph.r1]))
        #expect(result.count == 2)
        #expect(result.deletedObjectIDs.isEmpty && result.updatedObjectIDs.isEmpty)
        #expect(try names(stack, "Player") == ["P2"])
        #expect(try names(stack, "Team") == ["Polen", "Russland"])
        #expect(throws: BatchRequestError.foreignObjectID(graph.polen.description)) {
            try stack.newContext().execute(BatchDeleteRequest(entityName: "Player", predicate: nil).with(ids: [graph.polen]))
        }
    }

    @Test("Nullify clears the to-one pointing back, raising the row's version", arguments: StoreKind.allCases)
    func nullifies(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        let polen = try holder.existingObject(with: graph.polen)
        #expect((polen["group"] as? ManagedObject)?.objectID == graph.group)
        let result = try stack.newContext().execute(try deleteRequest("Group", "name == 'A'"))
        #expect(result.deletedObjectIDs == [graph.group])
        #expect(Set(result.updatedObjectIDs) == [graph.polen, graph.russland])
        #expect(try stack.newContext().all("Team").allSatisfy { $0["group"] == nil })
        // Optimistic locking: the holder read Polen before the batch changed its row.
        try polen.setValue("FRA", forKey: "code")
        #expect(conflictID { try holder.save() } == graph.polen)
        holder.rollback()
        holder.mergeChanges(fromBatch: result)
        #expect(polen["group"] == nil)
        try polen.setValue("FRA", forKey: "code")
        try holder.save()
    }

    @Test("Deny refuses the whole batch delete and changes nothing", arguments: StoreKind.allCases)
    func deniesAndChangesNothing(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let context = stack.newContext()
        try context.make("Match", ["kickoff": Date(), "homeTeam": context.object(with: graph.russland)])
        try context.save()
        #expect(throws: BatchRequestError.denied(entity: "Team", relationship: "homeMatches")) {
            try stack.newContext().execute(BatchDeleteRequest(entityName: "Team"))
        }
        #expect(try names(stack, "Team") == ["Polen", "Russland"])
        #expect(try names(stack, "Player") == ["P1", "P2", "R1"])
        #expect(try names(stack, "Group") == ["A"])
        #expect(try names(stack, "Coach") == ["C"])
    }

    @Test("A predicate the store cannot run in SQL is refused and changes nothing", arguments: StoreKind.allCases)
    func refusesUntranslatablePredicate(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        _ = try seed(stack)
        // PostgreSQL cannot fold case as the evaluator does; SQLite calls the evaluator's own
        // function, and the in-memory store evaluates every predicate.
        let request = try deleteRequest("Team", "name LIKE[c] 'POL*'")
        if kind == .postgreSQL {
            let refusal = BatchRequestError.untranslatablePredicate(entity: "Team", predicate: request.predicate!.predicateFormat)
            #expect(throws: refusal) {
                try stack.newContext().execute(request)
            }
            #expect(try names(stack, "Team") == ["Polen", "Russland"])
            #expect(try names(stack, "Player") == ["P1", "P2", "R1"])
        } else {
            #expect(try stack.newContext().execute(request).count == 1)
            #expect(try names(stack, "Team") == ["Russland"])
        }
    }

    @Test("A batch update sets the matching objects only and names them", arguments: StoreKind.allCases)
    func updatesMatching(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        var request = BatchUpdateRequest(
            entityName: "Player", predicate: try FetchPredicate(format: "team.name == 'Polen'"),
            propertiesToUpdate: ["number": .integer(42), "position": .string("FW")])
        request.resultType = .objectIDs
        let result = try stack.newContext().execute(request)
        #expect(result.count == 2)
        #expect(Set(result.updatedObjectIDs) == [graph.p1, graph.p2])
        let players = try stack.newContext().all("Player", sort: ["name"])
        #expect(players.map { $0["number"] as? Int64 } == [42, 42, 1])
        #expect(players.map { $0.string("position") } == ["FW", "FW", nil])
    }

    @Test("A batch update refuses what it cannot set, before writing anything", arguments: StoreKind.allCases)
    func refusesUnsettableValues(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        _ = try seed(stack)
        let context = stack.newContext()
        #expect(throws: BatchRequestError.self) {
            try context.execute(BatchUpdateRequest(entityName: "Player", propertiesToUpdate: ["team": .null]))
        }
        #expect(throws: BatchRequestError.invalidValue(entity: "Player", key: "number", value: "\(AttributeValue.string("x"))")) {
            try context.execute(
                BatchUpdateRequest(entityName: "Player", propertiesToUpdate: ["name": .string("Z"), "number": .string("x")]))
        }
        #expect(throws: ObjectGraphError.unknownKey(entity: "Player", key: "shirt")) {
            try context.execute(BatchUpdateRequest(entityName: "Player", propertiesToUpdate: ["shirt": .integer(1)]))
        }
        #expect(try names(stack, "Player") == ["P1", "P2", "R1"])
    }

    @Test("Merging a batch delete drops the objects and takes them out of loaded to-manys", arguments: StoreKind.allCases)
    func mergesDeletes(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        let sponsor = try holder.existingObject(with: graph.sponsor)
        #expect(((sponsor["players"] as? Set<ManagedObject>) ?? []).count == 2)
        let p1 = try holder.existingObject(with: graph.p1)
        try p1.setValue(7, forKey: "number")
        let result = try stack.newContext().execute(try deleteRequest("Team", "name == 'Polen'"))
        holder.mergeChanges(fromBatch: result)
        #expect(!holder.registeredObjects.contains { Set(result.deletedObjectIDs).contains($0.objectID) })
        #expect(!holder.hasChanges, "the deleted object's unsaved change went with it")
        #expect(((sponsor["players"] as? Set<ManagedObject>) ?? []).map(\.objectID) == [graph.r1])
        #expect(throws: (any Error).self) { try holder.existingObject(with: graph.p1) }
        try holder.save()
    }

    @Test("Merging a batch update refreshes the objects, keeping their unsaved changes", arguments: StoreKind.allCases)
    func mergesUpdates(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let holder = stack.newContext()
        let p1 = try holder.existingObject(with: graph.p1)
        let p2 = try holder.existingObject(with: graph.p2)
        try p2.setValue("DF", forKey: "position")
        var request = BatchUpdateRequest(
            entityName: "Player", predicate: try FetchPredicate(format: "team.name == 'Polen'"),
            propertiesToUpdate: ["number": .integer(42)])
        request.resultType = .objectIDs
        let result = try stack.newContext().execute(request)
        #expect(p1["number"] as? Int64 == 1, "not merged yet")
        holder.mergeChanges(fromBatch: result)
        #expect(p1["number"] as? Int64 == 42)
        #expect(p2["number"] as? Int64 == 42)
        #expect(p2.string("position") == "DF")
        try holder.save()
        #expect(try stack.newContext().all("Player", "position == 'DF'").map { $0["number"] as? Int64 } == [42])
    }

    @Test("A batch update failing midway, after some statements ran, changes nothing", arguments: StoreKind.allCases)
    func failureMidwayChangesNothing(kind: StoreKind) throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                "Item", attributes: [AttributeDescription("code", .string), AttributeDescription("kind", .integer64)],
                uniquenessConstraints: [["code", "kind"]])
        ])
        let stack = try TestStack(kind, model: model)
        // Keys in several chunks (of 10,000): the last row to
        // update would take the key of the untouched row X/10,050, after the first chunks are
        // written.
        let last = 10_050
        for kind in 1...last { try stack.context.make("Item", ["code": "A", "kind": kind]) }
        try stack.context.make("Item", ["code": "X", "kind": last])
        try stack.context.save()
        let request = BatchUpdateRequest(
            entityName: "Item", predicate: try FetchPredicate(format: "code != 'X'"), propertiesToUpdate: ["code": .string("X")])
        #expect(throws: (any Error).self) { try stack.newContext().execute(request) }
        let codeX = FetchRequest<ManagedObject>(entityName: "Item", predicate: try FetchPredicate(format: "code == 'X'"))
        #expect(try stack.newContext().count(for: codeX) == 1)
    }
}

extension BatchDeleteRequest {
    /// The request with its objects given by ID.
    fileprivate func with(ids: [ManagedObjectID]) -> BatchDeleteRequest {
        var request = self
        request.objectIDs = ids
        return request
    }
}
