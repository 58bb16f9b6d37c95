import Foundation
import ObjectGraph
import ObjectGraphSQLite
import Synchronization
import TestSupport
import Testing

/// Each save and batch request records a transaction in the store's persistent history;
/// contexts of any process read it after a token, merge it, and prune it.
@Suite("Persistent history")
struct PersistentHistoryTests {
    private static let tracking = StoreOptions(persistentHistoryTracking: true)

    /// Saved IDs: Polen with players P1 and P2, Russland without players.
    private struct Graph {
        var polen, russland, p1, p2: ManagedObjectID
    }

    private func seed(_ stack: TestStack) throws -> Graph {
        let context = stack.newContext()
        context.transactionAuthor = "seeder@host"
        let polen = try context.make("Team", ["name": "Polen"])
        let russland = try context.make("Team", ["name": "Russland"])
        let p1 = try context.make("Player", ["name": "P1", "number": 1, "team": polen])
        let p2 = try context.make("Player", ["name": "P2", "number": 2, "team": polen])
        try context.save()
        return Graph(polen: polen.objectID, russland: russland.objectID, p1: p1.objectID, p2: p2.objectID)
    }

    /// In `context`: a player P3 joins Polen, Russland is renamed Russia, P2 is deleted.
    @discardableResult
    private func change(_ context: ManagedObjectContext, _ graph: Graph) throws -> ManagedObject {
        let p3 = try context.make("Player", ["name": "P3", "number": 3, "team": try context.existingObject(with: graph.polen)])
        try context.existingObject(with: graph.russland).setValue("Russia", forKey: "name")
        context.delete(try context.existingObject(with: graph.p2))
        try context.save()
        return p3
    }

    /// Every transaction of the stack's stores.
    private func all(_ stack: TestStack) throws -> [PersistentHistoryTransaction] {
        try stack.newContext().execute(.fetchHistory(after: nil)).transactions
    }

    @Test("A save records who made it, when, and each object it inserted, updated or deleted", arguments: StoreKind.allCases)
    func recordsSaves(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        #expect(stack.coordinator.persistentStores[0].tracksPersistentHistory)
        let start = Date()
        let graph = try seed(stack)
        let saver = stack.newContext()
        saver.transactionAuthor = "alice@example"
        saver.name = "em result 36 2:1"
        var announced: [ContextDidSave] = []
        let observation = stack.coordinator.addSaveObserver { saved, _ in announced.append(saved) }
        let p3 = try change(saver, graph)
        observation.cancel()
        let transactions = try all(stack)
        try #require(transactions.count == 2)
        let (seeding, changing) = (transactions[0], transactions[1])
        #expect(seeding.author == "seeder@host")
        #expect(seeding.contextName == nil)
        #expect(
            seeding.changes.filter { $0.changeType == .insert }.map(\.changedObjectID).sorted(by: Self.byKey)
                == [graph.polen, graph.russland, graph.p1, graph.p2].sorted(by: Self.byKey))
        #expect(seeding.changes.allSatisfy { $0.changeType == .insert && $0.updatedProperties == nil })
        #expect(changing.author == "alice@example")
        #expect(changing.contextName == "em result 36 2:1")
        #expect(changing.processID == String(ProcessInfo.processInfo.processIdentifier))
        #expect(changing.bundleID == ProcessInfo.processInfo.processName)
        #expect(changing.timestamp >= start.addingTimeInterval(-1) && changing.timestamp <= Date().addingTimeInterval(1))
        #expect(changing.transactionNumber > seeding.transactionNumber)
        #expect(changing.storeIdentifier == stack.coordinator.persistentStores[0].identifier)
        let byObject = Dictionary(uniqueKeysWithValues: changing.changes.map { ($0.changedObjectID, $0) })
        #expect(byObject[p3.objectID]?.changeType == .insert)
        #expect(byObject[graph.p2]?.changeType == .delete)
        #expect(byObject[graph.russland]?.changeType == .update)
        #expect(byObject[graph.russland]?.updatedProperties == ["name"])
        #expect(byObject[graph.polen]?.updatedProperties == ["players"])
        #expect(changing.changes.allSatisfy { $0.transactionNumber == changing.transactionNumber })
        #expect(changing.changes.map(\.changeID) == changing.changes.map(\.changeID).sorted())
        // What the history says is what the save announced in this process.
        #expect(announced == [changing.contextDidSave])
    }

    @Test("History after a token holds only what came later; the current token names the newest", arguments: StoreKind.allCases)
    func readsAfterTokens(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        let context = stack.newContext()
        #expect(try context.execute(.fetchHistory(after: nil)).transactions.isEmpty)
        let graph = try seed(stack)
        let afterSeeding = try stack.coordinator.currentPersistentHistoryToken()
        let middle = Date()
        try change(stack.newContext(), graph)
        let later = try context.execute(.fetchHistory(after: afterSeeding)).transactions
        #expect(later.count == 1)
        #expect(later.first?.changes.contains { $0.changedObjectID == graph.p2 && $0.changeType == .delete } == true)
        #expect(
            try context.execute(.fetchHistory(after: middle)).transactions.map(\.transactionNumber)
                == later.map(\.transactionNumber))
        let now = try stack.coordinator.currentPersistentHistoryToken()
        #expect(try context.execute(.fetchHistory(after: now)).count == 0)
        #expect(afterSeeding.merging(now) == now)
        var first = PersistentHistoryChangeRequest.fetchHistory(after: nil)
        first.fetchLimit = 1
        let oldest = try context.execute(first).transactions
        #expect(oldest.map(\.token) == [try #require(all(stack).first).token])
        // A token survives encoding: a reader may keep it between runs.
        let decoded = try JSONDecoder().decode(PersistentHistoryToken.self, from: JSONEncoder().encode(afterSeeding))
        #expect(decoded == afterSeeding)
    }

    @Test("Another process's saves reach a context through the history it merges", arguments: StoreKind.allCases)
    func mergesOtherProcesses(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        let graph = try seed(stack)
        let reader = stack.newContext()
        let polen = try reader.existingObject(with: graph.polen)
        let russland = try reader.existingObject(with: graph.russland)
        #expect(((polen["players"] as? Set<ManagedObject>) ?? []).compactMap { $0.string("name") }.sorted() == ["P1", "P2"])
        #expect(russland.string("name") == "Russland")
        var token = try stack.coordinator.currentPersistentHistoryToken()
        // Another coordinator on the same store, as another process has: no announcement
        // reaches this one.
        try change(try stack.separateContext(), graph)
        #expect(russland.string("name") == "Russland")
        let fetched = try reader.execute(.fetchHistory(after: token)).transactions
        reader.mergeChanges(fromHistory: fetched)
        token = fetched.reduce(token) { $0.merging($1.token) }
        #expect(russland.string("name") == "Russia")
        #expect(((polen["players"] as? Set<ManagedObject>) ?? []).compactMap { $0.string("name") }.sorted() == ["P1", "P3"])
        #expect(reader.registeredObjects.allSatisfy { $0.objectID != graph.p2 })
        #expect(try reader.execute(.fetchHistory(after: token)).transactions.isEmpty)
    }

    @Test("Batch deletes and updates are recorded as the changes they made", arguments: StoreKind.allCases)
    func recordsBatches(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        let graph = try seed(stack)
        let context = stack.newContext()
        context.transactionAuthor = "batch"
        let token = try stack.coordinator.currentPersistentHistoryToken()
        _ = try context.execute(
            BatchUpdateRequest(
                entityName: "Player", predicate: try FetchPredicate(format: "name == 'P1'"),
                propertiesToUpdate: ["number": .integer(9), "position": .string("FW")]))
        _ = try context.execute(BatchDeleteRequest(objectIDs: [graph.p2]))
        let transactions = try context.execute(.fetchHistory(after: token)).transactions
        try #require(transactions.count == 2)
        #expect(transactions.allSatisfy { $0.author == "batch" })
        #expect(transactions[0].changes.map(\.changedObjectID) == [graph.p1])
        #expect(transactions[0].changes.first?.changeType == .update)
        #expect(transactions[0].changes.first?.updatedProperties == ["number", "position"])
        #expect(transactions[1].contextDidSave.deletedObjectIDs == [graph.p2])
    }

    @Test("History is pruned before a token or a time", arguments: StoreKind.allCases)
    func prunes(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        let graph = try seed(stack)
        let context = stack.newContext()
        for name in ["Rossija", "Russia"] {
            try context.existingObject(with: graph.russland).setValue(name, forKey: "name")
            try context.save()
        }
        let transactions = try all(stack)
        try #require(transactions.count == 3)
        let deleted = try context.execute(.deleteHistory(before: transactions[2].token))
        #expect(deleted.count == 2)
        #expect(deleted.transactions.isEmpty)
        #expect(try all(stack).map(\.transactionNumber) == [transactions[2].transactionNumber])
        // A token naming no store of the coordinator deletes nothing.
        #expect(try context.execute(.deleteHistory(before: PersistentHistoryToken(transactionNumbers: ["x": 99]))).count == 0)
        #expect(try context.execute(.deleteHistory(before: Date().addingTimeInterval(1))).count == 1)
        #expect(try all(stack).isEmpty)
        // Numbers go on rising after a prune.
        try context.existingObject(with: graph.russland).setValue("Russland", forKey: "name")
        try context.save()
        #expect(try all(stack).map(\.transactionNumber) == [transactions[2].transactionNumber + 1])
    }

    @Test("A save that fails records nothing", arguments: StoreKind.allCases)
    func failedSaveRecordsNothing(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        let graph = try seed(stack)
        let stale = stack.newContext()
        try stale.existingObject(with: graph.russland).setValue("Rossija", forKey: "name")
        let winner = stack.newContext()
        try winner.existingObject(with: graph.russland).setValue("Russia", forKey: "name")
        try winner.save()
        _ = try stale.make("Team", ["name": "Schweden"])
        #expect(conflictID { try stale.save() } == graph.russland)
        #expect(try all(stack).count == 2)
    }

    @Test("Without tracking no history is kept; a store that keeps one goes on keeping it", arguments: StoreKind.allCases)
    func trackingIsSticky(kind: StoreKind) throws {
        let plain = try TestStack(kind)
        #expect(!plain.coordinator.persistentStores[0].tracksPersistentHistory)
        _ = try seed(plain)
        #expect(try all(plain).isEmpty)
        #expect(try plain.coordinator.currentPersistentHistoryToken() == PersistentHistoryToken())
        guard kind != .inMemory else { return }
        let tracked = try TestStack(kind, options: Self.tracking)
        let graph = try seed(tracked)
        // A coordinator of its own, opened without the option.
        let other = try TestStack.reopening(tracked, options: StoreOptions())
        #expect(other.coordinator.persistentStores[0].tracksPersistentHistory)
        try other.context.existingObject(with: graph.russland).setValue("Russia", forKey: "name")
        try other.context.save()
        #expect(try all(tracked).count == 2)
        // Turned on for a store without history, it starts one.
        let later = try TestStack.reopening(plain, options: Self.tracking)
        #expect(try later.coordinator.currentPersistentHistoryToken().transactionNumbers.values.first == 0)
        _ = try later.context.make("Team", ["name": "Schweden"])
        try later.context.save()
        #expect(try all(later).count == 1)
    }

    @Test("A read-only store's history is read, not pruned", arguments: StoreKind.sqlStores)
    func readOnlyHistory(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        _ = try seed(stack)
        let reader = try TestStack.reopening(stack, options: StoreOptions(isReadOnly: true))
        #expect(try reader.context.execute(.fetchHistory(after: nil)).count == 1)
        #expect(throws: StoreError.self) { try reader.context.execute(.deleteHistory(before: Date())) }
        #expect(try all(stack).count == 1)
        // A read-only store without history cannot start one: it keeps none, and is not written.
        let plain = try TestStack(kind)
        _ = try seed(plain)
        let plainReader = try TestStack.reopening(plain, options: StoreOptions(isReadOnly: true, persistentHistoryTracking: true))
        #expect(!plainReader.coordinator.persistentStores[0].tracksPersistentHistory)
        #expect(try plainReader.context.execute(.fetchHistory(after: nil)).transactions.isEmpty)
        #expect(try plainReader.coordinator.currentPersistentHistoryToken() == PersistentHistoryToken())
    }

    @Test(
        "A reader following the history while four writers save at once misses no transaction",
        arguments: StoreKind.sqlStores)
    func readerMissesNothing(kind: StoreKind) throws {
        let stack = try TestStack(kind, options: Self.tracking)
        let location = try #require(stack.location)
        let (writers, saves) = (4, 15)
        let model = stack.model
        let finished = Atomic<Int>(0)
        let seen = Mutex<[Int64]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers + 1) { index in
            do {
                let coordinator = PersistentStoreCoordinator(model: model)
                try coordinator.addPersistentStore(location, options: Self.tracking)
                let context = ManagedObjectContext(coordinator: coordinator)
                guard index == writers else {
                    defer { finished.add(1, ordering: .sequentiallyConsistent) }
                    for save in 0..<saves {
                        try context.make("Team", ["name": "W\(index) \(save)"])
                        try context.save()
                    }
                    return
                }
                // The reader: each fetch starts after the newest transaction it has seen.
                var token = PersistentHistoryToken()
                var done = false
                while !done {
                    done = finished.load(ordering: .sequentiallyConsistent) == writers
                    let fetched = try context.execute(.fetchHistory(after: token)).transactions
                    seen.withLock { $0 += fetched.map(\.transactionNumber) }
                    token = fetched.reduce(token) { $0.merging($1.token) }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let all = try all(stack).map(\.transactionNumber)
        #expect(all.count == writers * saves)
        #expect(seen.withLock { $0 } == all)
    }

    @Test("The history is kept in Core Data's tables, numbered in Z_PRIMARYKEY")
    func coreDataLayout() throws {
        let stack = try TestStack(.sqlite, options: Self.tracking)
        let graph = try seed(stack)
        try change(stack.newContext(), graph)
        let raw = try SQLiteConnection(path: try #require(stack.storeURL).path, readOnly: true)
        let columns = { (table: String) in
            try raw.prepare("SELECT name FROM pragma_table_info(?)").rows([.text(table)]).map { "\($0[0])" }
        }
        #expect(
            try columns("ATRANSACTION")
                == [
                    "Z_PK", "Z_ENT", "Z_OPT", "ZAUTHORTS", "ZBUNDLEIDTS", "ZCONTEXTNAMETS", "ZPROCESSIDTS", "ZTIMESTAMP",
                    "ZAUTHOR",
                    "ZBUNDLEID", "ZCONTEXTNAME", "ZPROCESSID", "ZQUERYGEN",
                ].map { "'\($0)'" })
        #expect(
            try columns("ACHANGE")
                == ["Z_PK", "Z_ENT", "Z_OPT", "ZCHANGETYPE", "ZENTITY", "ZENTITYPK", "ZTRANSACTIONID", "ZCOLUMNS"]
                .map { "'\($0)'" })
        #expect(try columns("ATRANSACTIONSTRING") == ["Z_PK", "Z_ENT", "Z_OPT", "ZNAME"].map { "'\($0)'" })
        let keys = try raw.prepare("SELECT Z_ENT, Z_NAME, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT > 16000 ORDER BY Z_ENT").rows()
        #expect(
            keys == [
                [.integer(16001), .text("ACHANGE"), .integer(8)], [.integer(16002), .text("ATRANSACTION"), .integer(2)],
                [.integer(16003), .text("ATRANSACTIONSTRING"), .integer(0)],
            ])
        // Russland's rename: an update (1) of Team's row, marking "name" among Team's stored
        // properties sorted by name, the most significant bit first.
        let team = try #require(stack.model.entity(named: "Team"))
        let teamNumber = try raw.prepare("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Team'").rows()[0][0]
        let properties = (team.attributes.filter { !$0.isTransient }.map(\.name) + team.relationships.map(\.name)).sorted()
        let index = try #require(properties.firstIndex(of: "name"))
        var bitmap = [UInt8](repeating: 0, count: (properties.count + 7) / 8)
        bitmap[index / 8] = 0x80 >> UInt8(index % 8)
        let rename = try raw.prepare(
            "SELECT ZCHANGETYPE, ZENTITY, ZCOLUMNS, ZTRANSACTIONID FROM ACHANGE WHERE ZENTITYPK = ? AND ZENTITY = ? AND ZCHANGETYPE = 1"
        ).rows([.integer(try #require(graph.russland.primaryKey)), teamNumber])
        #expect(rename == [[.integer(1), teamNumber, .blob(bitmap), .integer(2)]])
        let types = try raw.prepare("SELECT ZCHANGETYPE, COUNT(*) FROM ACHANGE GROUP BY ZCHANGETYPE ORDER BY 1").rows()
        #expect(types == [[.integer(0), .integer(5)], [.integer(1), .integer(2)], [.integer(2), .integer(1)]])
        let author = try raw.prepare("SELECT ZAUTHOR, ZTIMESTAMP > ? FROM ATRANSACTION WHERE Z_PK = 1").rows([
            .real(Date().addingTimeInterval(-60).timeIntervalSinceReferenceDate)
        ])
        #expect(author == [[.text("seeder@host"), .integer(1)]])
    }

    private static func byKey(_ a: ManagedObjectID, _ b: ManagedObjectID) -> Bool {
        (a.entity.name, a.primaryKey ?? 0) < (b.entity.name, b.primaryKey ?? 0)
    }
}
