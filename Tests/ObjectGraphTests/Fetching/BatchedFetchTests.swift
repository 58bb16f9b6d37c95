import Foundation
import ObjectGraph
import Testing

/// Batched fetches (`fetch(_:batchSize:)`, Core Data's `fetchBatchSize`): the same objects as a
/// plain fetch, made a batch at a time as they are accessed.
@Suite("Batched fetching")
struct BatchedFetchTests {
    /// Four teams of five players each, saved: players numbered 1…20, team by team.
    private func seeded(_ kind: StoreKind) throws -> TestStack {
        let stack = try TestStack(kind)
        let context = stack.context
        for (index, name) in ["Polen", "Griechenland", "Russland", "Tschechien"].enumerated() {
            let team = try context.make("Team", ["name": name])
            for member in 1...5 {
                let number = index * 5 + member
                try context.make("Player", ["name": "\(name)-\(member)", "number": number, "team": team])
            }
        }
        try context.save()
        return stack
    }

    private func players(_ format: String? = nil, sort: [String] = ["number"]) throws -> FetchRequest<Player> {
        FetchRequest<Player>(
            entityName: "Player", predicate: try format.map { try FetchPredicate(format: $0) },
            sortOrderings: sort.map(FetchOrdering.init(parsing:)))
    }

    @Test("A batched fetch returns the objects of a plain fetch, the same instances, in order", arguments: StoreKind.allCases)
    func sameObjectsAsPlainFetch(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        var requests = [
            try players(), try players("number > 3 AND team.name != 'Russland'", sort: ["-name"]),
            try players("name BEGINSWITH 'P'"), try players("number > 100"),
        ]
        var limited = try players("number != 9", sort: ["-number"])
        limited.fetchLimit = 7
        limited.fetchOffset = 4
        requests.append(limited)
        for request in requests {
            let plain = try context.fetch(request)
            for batchSize in [1, 3, 7, 100] {
                let batched = try context.fetch(request, batchSize: batchSize)
                #expect(batched.count == plain.count)
                #expect(batched.objectIDs == plain.map(\.objectID))
                #expect(zip(batched, plain).allSatisfy { $0 === $1 }, "batch size \(batchSize)")
                #expect(batched.map(\.name) == plain.map(\.name))
            }
        }
    }

    @Test("Unsaved inserts, updates and deletes count, as in a plain fetch", arguments: StoreKind.allCases)
    func pendingChanges(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.context
        let request = try players("number <= 6")
        let first = try context.fetch(request)
        context.delete(first[0])
        first[5].number = 60
        let newcomer = try context.make("Player", ["name": "Neu", "number": 2]) as! Player
        let batched = try context.fetch(request, batchSize: 2)
        #expect(batched.map(\.name) == ["Polen-2", "Neu", "Polen-3", "Polen-4", "Polen-5"])
        #expect(batched[1] === newcomer)
        #expect((0..<batched.count).allSatisfy(batched.isMade(at:)), "tested as they are now, so made at once")

        var savedOnly = request
        savedOnly.includesPendingChanges = false
        let saved = try context.fetch(savedOnly, batchSize: 2)
        #expect(saved.map(\.objectID) == (try context.fetch(savedOnly)).map(\.objectID))
        #expect(saved.map(\.name).contains("Polen-1"), "deleted, but not saved")
    }

    @Test("Sub-entities' objects come as their own classes; a result type they are not is refused", arguments: StoreKind.allCases)
    func subentities(kind: StoreKind) throws {
        let stack = try seeded(kind)
        try stack.context.make("Coach", ["name": "Smuda"])
        try stack.context.save()
        let context = stack.newContext()
        let humans = try context.fetch(
            FetchRequest<Human>(entityName: "Human", sortOrderings: [FetchOrdering("name")]), batchSize: 6)
        #expect(humans.count == 21)
        #expect(humans.filter { $0 is Coach }.map(\.name) == ["Smuda"])
        #expect(humans.filter { $0 is Player }.count == 20)
        #expect(throws: ObjectGraphError.resultTypeMismatch(entity: "Coach", expected: "Player")) {
            try context.fetch(FetchRequest<Player>(entityName: "Human"), batchSize: 6)
        }
    }

    @Test(
        "An object registered as another class than its entity's is refused, as a plain fetch refuses it",
        arguments: StoreKind.allCases)
    func objectOfAnotherClass(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.context
        let plain = ManagedObject(entity: stack.model.entity(named: "Player")!, insertInto: context)
        try plain.setValue("Plain", forKey: "name")
        try plain.setValue(99, forKey: "number")
        try context.save()
        let mismatch = ObjectGraphError.resultTypeMismatch(entity: "Player", expected: "Player")
        #expect(throws: mismatch) { try context.fetch(try self.players()) }
        #expect(throws: mismatch) { try context.fetch(try self.players(), batchSize: 10) }
        #expect(try context.fetch(FetchRequest<ManagedObject>(entityName: "Player"), batchSize: 10).count == 21)
        #expect(try stack.newContext().fetch(try players(), batchSize: 10).count == 21)
    }

    @Test("Bad requests fail as a plain fetch does; a batch size below 1 is refused", arguments: StoreKind.allCases)
    func badRequests(kind: StoreKind) throws {
        let stack = try seeded(kind)
        let context = stack.newContext()
        #expect(throws: ObjectGraphError.invalidBatchSize(0)) { try context.fetch(try self.players(), batchSize: 0) }
        #expect(throws: ObjectGraphError.unknownEntity("Spieler")) {
            try context.fetch(FetchRequest<Player>(entityName: "Spieler"), batchSize: 10)
        }
        #expect(throws: ObjectGraphError.resultTypeMismatch(entity: "Team", expected: "Player")) {
            try context.fetch(FetchRequest<Player>(entityName: "Team"), batchSize: 10)
        }
        #expect(throws: ObjectGraphError.unknownKey(entity: "Player", key: "shirt")) {
            try context.fetch(try players("shirt == 7"), batchSize: 10)
        }
        #expect(ObjectGraphError.invalidBatchSize(-3).description == "a fetch batch size must be at least 1, got -3")
    }

    @Test("The fetch reads IDs only; each batch is made and read in one query when first accessed")
    func batchesAreReadOnAccess() throws {
        let stack = try seeded(.sqlite)
        let context = stack.newContext()
        var results: FetchedResults<Player>?
        let fetching = try stack.trace { results = try context.fetch(try self.players(), batchSize: 5) }
        let players = try #require(results)
        #expect(fetching.count == 1 && fetching[0].hasPrefix("SELECT t0.Z_PK, t0.Z_ENT FROM"))
        #expect(players.count == 20 && context.registeredObjects.isEmpty)
        #expect(!(0..<20).contains(where: players.isMade(at:)))

        let reading = stack.trace { #expect(players[7].name == "Griechenland-3") }
        #expect(reading.count == 1 && reading[0].contains("WHERE t0.Z_PK IN ("), "one query for the batch's rows")
        #expect((0..<20).filter(players.isMade(at:)) == Array(5..<10))
        #expect(Set(context.registeredObjects.map(\.objectID)) == Set(players.objectIDs[5..<10]))
        let again = stack.trace {
            for index in 5..<10 { _ = players[index].name }
            _ = players[7].team?.name
        }
        #expect(again.count == 1 && again[0].contains("ZTEAM"), "the batch's rows were read with it: only the team loads")

        let all = stack.trace { #expect(players.map(\.number) == (1...20).map(Int16.init)) }
        #expect(all.count == 3, "the three other batches, one query each")
        #expect(players[0] === context.registeredObjects.first { $0.objectID == players.objectIDs[0] })
    }

    @Test("The results keep the objects they made, which stay the same instances")
    func madeObjectsStay() throws {
        let stack = try seeded(.sqlite)
        let context = stack.newContext()
        let players = try context.fetch(try self.players(), batchSize: 4)
        weak var first: Player?
        first = players[0]
        #expect(first != nil, "kept by the results although the context does not keep it")
        #expect(players[0] === first && players.dropFirst(0).first === first)
        let copy = players
        #expect(stack.trace { _ = copy[3].name }.isEmpty, "a copy shares the batches read")
    }

    @Test("A batch's objects load a to-many relationship together, one query per batch")
    func toManyPerBatch() throws {
        let stack = try seeded(.sqlite)
        let context = stack.newContext()
        let teams = try context.fetch(
            FetchRequest<Team>(entityName: "Team", sortOrderings: [FetchOrdering("name")]), batchSize: 2)
        let statements = stack.trace {
            #expect(teams.map(\.players.count) == [5, 5, 5, 5])
        }
        #expect(statements.count == 4, "two batches: their rows, then their players, one query each")
    }

    @Test("Objects whose rows went stay faults; loading them as objects follows the request")
    func goneRowsAndLoadedObjects() throws {
        let stack = try seeded(.sqlite)
        let context = stack.newContext()
        let players = try context.fetch(try self.players(), batchSize: 5)
        let other = stack.newContext()
        other.delete(try other.existingObject(with: players.objectIDs[2]))
        try other.save()
        #expect(players[2].isFault && players[2].name == nil)
        #expect(players[3].name == "Polen-4")

        var loaded = try self.players()
        loaded.returnsObjectsAsFaults = false
        let loadedPlayers = try stack.newContext().fetch(loaded, batchSize: 5)
        _ = loadedPlayers[6]
        #expect((5..<10).allSatisfy { !loadedPlayers[$0].isFault })
    }

    @Test("After a reset, batches not read yet are read into the context as it now is")
    func afterReset() throws {
        let stack = try seeded(.sqlite)
        let context = stack.newContext()
        let players = try context.fetch(try self.players(), batchSize: 10)
        let early = players[0]
        context.reset()
        let late = players[15]
        #expect(late.managedObjectContext === context && late.name == "Tschechien-1")
        #expect(context.registeredObjects.contains(late))
        #expect(early.managedObjectContext == nil, "detached, like any object held across a reset")
    }
}
