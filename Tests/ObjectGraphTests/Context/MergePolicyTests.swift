import Foundation
import ObjectGraph
import Testing

/// Core Data's merge policies on save conflicts: each property settled from what the context
/// read, what it holds and what the store holds, then the save runs again.
@Suite("Merge policies")
struct MergePolicyTests {
    /// Saved IDs: Polen (POL) with player P1 (number 1), and Russland (RUS).
    private struct Graph {
        var polen, russland, p1: ManagedObjectID
    }

    private func seed(_ stack: TestStack) throws -> Graph {
        let context = stack.newContext()
        let polen = try context.make("Team", ["name": "Polen", "code": "POL"])
        let russland = try context.make("Team", ["name": "Russland", "code": "RUS"])
        let p1 = try context.make("Player", ["name": "P1", "number": 1, "team": polen])
        try context.save()
        return Graph(polen: polen.objectID, russland: russland.objectID, p1: p1.objectID)
    }

    /// A team's name, code and rating as a fresh context reads them.
    private func saved(_ stack: TestStack, _ id: ManagedObjectID) throws -> [String?] {
        let team = try stack.newContext().existingObject(with: id)
        return [team.string("name"), team.string("code"), (team["rating"] as? Double).map { "\($0)" }]
    }

    @Test(
        "Attributes: the other save renamed Polen and changed its code; this one changed the code and the rating",
        arguments: StoreKind.allCases,
        [
            (MergePolicy.mergeByPropertyObjectTrump, ["Polska", "POX", "5.0"]),
            (.mergeByPropertyStoreTrump, ["Polska", "PLN", "5.0"]),
            (.overwrite, ["Polen", "POX", "5.0"]),
            (.rollback, ["Polska", "PLN", nil]),
        ])
    func attributes(kind: StoreKind, policy: (MergePolicy, [String?])) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let mine = stack.newContext()
        mine.mergePolicy = policy.0
        let polen = try mine.existingObject(with: graph.polen)
        #expect(polen.string("name") == "Polen")
        let theirs = stack.newContext()
        let their = try theirs.existingObject(with: graph.polen)
        try their.setValue("Polska", forKey: "name")
        try their.setValue("PLN", forKey: "code")
        try theirs.save()
        try polen.setValue("POX", forKey: "code")
        try polen.setValue(5.0, forKey: "rating")
        try mine.save()
        #expect(try saved(stack, graph.polen) == policy.1)
        // The context holds what it saved, with nothing left to save.
        #expect([polen.string("name"), polen.string("code"), (polen["rating"] as? Double).map { "\($0)" }] == policy.1)
        #expect(!mine.hasChanges)
    }

    @Test("The default policy reports the conflict and writes nothing", arguments: StoreKind.allCases)
    func errorPolicy(kind: StoreKind) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let mine = stack.newContext()
        #expect(mine.mergePolicy == .error)
        let polen = try mine.existingObject(with: graph.polen)
        let theirs = stack.newContext()
        try theirs.existingObject(with: graph.polen).setValue("Polska", forKey: "name")
        try theirs.save()
        try polen.setValue("POX", forKey: "code")
        #expect(conflictID { try mine.save() } == graph.polen)
        #expect(try saved(stack, graph.polen) == ["Polska", "POL", nil])
    }

    @Test(
        "A to-one: the other save moved P1 to Russland; this one changed P1's number",
        arguments: StoreKind.allCases,
        [
            (MergePolicy.mergeByPropertyObjectTrump, "Russland", 7),
            (.mergeByPropertyStoreTrump, "Russland", 7),
            (.overwrite, "Polen", 7),
            (.rollback, "Russland", 1),
        ])
    func toOne(kind: StoreKind, policy: (MergePolicy, String, Int)) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let mine = stack.newContext()
        mine.mergePolicy = policy.0
        let p1 = try mine.existingObject(with: graph.p1)
        let polen = try mine.existingObject(with: graph.polen)
        let russland = try mine.existingObject(with: graph.russland)
        // Both teams' players loaded: the merge keeps them consistent with P1's team.
        #expect(((polen["players"] as? Set<ManagedObject>) ?? []).count == 1)
        #expect(((russland["players"] as? Set<ManagedObject>) ?? []).isEmpty)
        let theirs = stack.newContext()
        try theirs.existingObject(with: graph.p1).setValue(
            try theirs.existingObject(with: graph.russland), forKey: "team")
        try theirs.save()
        try p1.setValue(7, forKey: "number")
        try mine.save()
        let fresh = try stack.newContext().existingObject(with: graph.p1)
        #expect((fresh["team"] as? ManagedObject)?.string("name") == policy.1)
        #expect((fresh["number"] as? any BinaryInteger).map { Int($0) } == policy.2)
        #expect((p1["team"] as? ManagedObject)?.string("name") == policy.1)
        let team = policy.1 == "Polen" ? polen : russland
        let other = policy.1 == "Polen" ? russland : polen
        #expect(((team["players"] as? Set<ManagedObject>) ?? []).contains(p1))
        #expect(!((other["players"] as? Set<ManagedObject>) ?? []).contains(p1))
    }

    @Test(
        "An updated object whose row another save deleted: a rollback forgets it, the other policies report it",
        arguments: StoreKind.allCases,
        [MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump, .overwrite, .rollback])
    func deletedRow(kind: StoreKind, policy: MergePolicy) throws {
        let stack = try TestStack(kind)
        let graph = try seed(stack)
        let mine = stack.newContext()
        mine.mergePolicy = policy
        let russland = try mine.existingObject(with: graph.russland)
        let polen = try mine.existingObject(with: graph.polen)
        let theirs = stack.newContext()
        theirs.delete(try theirs.existingObject(with: graph.russland))
        try theirs.save()
        try russland.setValue("Russia", forKey: "name")
        try polen.setValue("POX", forKey: "code")
        if policy == .rollback {
            try mine.save()
            #expect(russland.managedObjectContext == nil)
            #expect(try saved(stack, graph.polen)[1] == "POX")
        } else {
            #expect(conflictID { try mine.save() } == graph.russland)
            #expect(try saved(stack, graph.polen)[1] == "POL")
        }
    }

    @Test(
        "A unique key: a new team with a saved team's code becomes that team, updated instead of inserted",
        arguments: StoreKind.allCases,
        [
            (MergePolicy.mergeByPropertyObjectTrump, "Polska"), (.mergeByPropertyStoreTrump, "Polen"), (.overwrite, "Polska"),
            (.rollback, "Polen"),
        ])
    func uniqueKey(kind: StoreKind, policy: (MergePolicy, String)) throws {
        let stack = try TestStack(kind, model: try ConstrainedModel.load())
        let saved = stack.newContext()
        let polen = try saved.make("Team", ["code": "POL", "name": "Polen"])
        try saved.make("Player", ["name": "Lewandowski", "number": 9, "team": polen])
        try saved.save()
        let mine = stack.newContext()
        mine.mergePolicy = policy.0
        let team = try mine.make("Team", ["code": "POL", "name": "Polska"])
        try mine.make("Player", ["name": "Szczesny", "number": 1, "team": team])
        try mine.save()
        #expect(team.objectID == polen.objectID)
        let fresh = stack.newContext()
        let teams = try fresh.all("Team")
        #expect(teams.map { $0.string("name") } == [policy.1])
        let people = (teams.first?["people"] as? Set<ManagedObject>) ?? []
        #expect(Set(people.compactMap { $0.string("name") }) == ["Lewandowski", "Szczesny"])
        #expect(
            Set(((team["people"] as? Set<ManagedObject>) ?? []).compactMap { $0.string("name") }) == ["Lewandowski", "Szczesny"])
        #expect(!mine.hasChanges)
    }

    @Test("A unique key under the default policy: the save fails naming both objects", arguments: StoreKind.allCases)
    func uniqueKeyError(kind: StoreKind) throws {
        let stack = try TestStack(kind, model: try ConstrainedModel.load())
        let saved = stack.newContext()
        let polen = try saved.make("Team", ["code": "POL", "name": "Polen"])
        try saved.save()
        let mine = stack.newContext()
        let team = try mine.make("Team", ["code": "POL", "name": "Polska"])
        do {
            try mine.save()
            Issue.record("the save succeeded")
        } catch let conflict as ConstraintConflict {
            #expect(conflict.objectID == team.objectID && conflict.conflictingObjectID == polen.objectID)
        }
    }
}
