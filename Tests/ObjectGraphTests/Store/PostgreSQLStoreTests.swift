import Foundation
import ObjectGraphPostgreSQL
import Synchronization
import Testing

@testable import ObjectGraph

/// What only the PostgreSQL store does: schemas, creation under a lock, round trips, what
/// PostgreSQL cannot hold, and errors without passwords. (Its behaviour otherwise is tested with
/// the other stores', by every test that runs on each ``StoreKind``.)
@Suite("PostgreSQL store")
struct PostgreSQLStoreTests {
    /// A location in a schema of its own.
    static func location(schema: String = PostgreSQLTestServer.newSchema()) throws -> PersistentStoreCoordinator.StoreLocation {
        .postgreSQL(try PostgreSQLTestServer.connectionURL(), schema: schema)
    }

    /// Teams and their players, whom deleting a team deletes: the relationship a cascade
    /// follows, and no other.
    static func teamsAndPlayers() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                "Team", attributes: [AttributeDescription("name", .string)],
                relationships: [
                    RelationshipDescription("players", destination: "Player", inverse: "team", toMany: true, deleteRule: .cascade)
                ]),
            EntityDescription(
                "Player", attributes: [AttributeDescription("name", .string)],
                relationships: [RelationshipDescription("team", destination: "Team", inverse: "players")]),
        ])
    }

    /// The PostgreSQL store of a stack.
    static func store(of stack: TestStack) -> PostgreSQLStore {
        stack.coordinator.persistentStores[0].store as! PostgreSQLStore
    }

    @Test("Eight coordinators creating one schema's store at once make one store")
    func concurrentCreatorsMakeOneStore() throws {
        let location = try Self.location()
        let identifiers = Mutex<[String]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let coordinator = PersistentStoreCoordinator(model: try TestStack.tournamentModel())
                try coordinator.addPersistentStore(location)
                identifiers.withLock { $0.append(coordinator.storeIdentifier!) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(Set(identifiers.withLock { $0 }).count == 1)
        #expect(identifiers.withLock { $0 }.count == 8)
    }

    @Test("Two schemas of one database are two stores")
    func schemasAreStores() throws {
        let model = try TestStack.tournamentModel()
        let first = PersistentStoreCoordinator(model: model)
        try first.addPersistentStore(try Self.location())
        let second = PersistentStoreCoordinator(model: model)
        try second.addPersistentStore(try Self.location())
        #expect(first.storeIdentifier != second.storeIdentifier)
        let context = ManagedObjectContext(coordinator: first)
        try context.make("Team", ["name": "Polen"])
        try context.save()
        #expect(try ManagedObjectContext(coordinator: second).all("Team").isEmpty)
        #expect(try ManagedObjectContext(coordinator: first).all("Team").count == 1)
    }

    @Test("A schema name that is not a plain identifier is refused, and nothing is made")
    func invalidSchemaName() throws {
        let coordinator = PersistentStoreCoordinator(model: try TestStack.tournamentModel())
        for name in ["", "a b", "x\"; DROP SCHEMA public; --", "1abc", String(repeating: "s", count: 64)] {
            #expect(throws: StoreError.self) { try coordinator.addPersistentStore(try Self.location(schema: name)) }
        }
        #expect(coordinator.persistentStores.isEmpty)
    }

    @Test("persistentStoreExists tells a schema with a store from one without, and makes none")
    func storeExists() throws {
        let location = try Self.location()
        #expect(try !PersistentStoreCoordinator.persistentStoreExists(at: location))
        #expect(try !PersistentStoreCoordinator.persistentStoreExists(at: location))
        try PersistentStoreCoordinator(model: try TestStack.tournamentModel()).addPersistentStore(location)
        #expect(try PersistentStoreCoordinator.persistentStoreExists(at: location))
    }

    @Test("Text holding a NUL character is refused, naming the attribute, and nothing is saved")
    func nulIsRefused() throws {
        let stack = try TestStack(.postgreSQL)
        try stack.context.make("Team", ["name": "Polen"])
        try stack.context.make("Team", ["name": "a\u{0}b"])
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case StoreError.unstorableValue(_, let reason) = error else { return false }
            return reason.contains("Team.name") && reason.contains("NUL")
        }
        #expect(try stack.separateContext().all("Team").isEmpty)
    }

    @Test("A save is three round trips, however many objects it writes")
    func saveRoundTrips() throws {
        let stack = try TestStack(.postgreSQL)
        let connection = Self.store(of: stack).connection
        let teams = try (0..<20).map { try stack.context.make("Team", ["name": "Team \($0)", "code": "ABC"]) }
        for (index, team) in teams.enumerated() {
            for number in 1...11 {
                try stack.context.make("Player", ["name": "P\(index)-\(number)", "number": number, "team": team])
            }
        }
        // Statements are prepared on first use: the second save of each shape is the one measured.
        try stack.context.save()
        for team in teams { try team.setValue("XYZ", forKey: "code") }
        try stack.context.make("Team", ["name": "One more"])
        try stack.context.save()
        for team in teams { try team.setValue("ABC", forKey: "code") }
        try stack.context.make("Team", ["name": "Yet another"])
        let before = connection.roundTrips
        try stack.context.save()
        #expect(connection.roundTrips - before == 3)
    }

    @Test("Faults are read in batches: one query per batch, not per object")
    func faultsInBatches() throws {
        let stack = try TestStack(.postgreSQL)
        let team = try stack.context.make("Team", ["name": "Polen"])
        for number in 1...99 { try stack.context.make("Player", ["name": "P\(number)", "number": number, "team": team]) }
        try stack.context.save()
        let reader = try stack.separateContext()
        let connection = (reader.persistentStoreCoordinator.persistentStores[0].store as! PostgreSQLStore).connection
        var request = FetchRequest<ManagedObject>(entityName: "Player")
        request.includesPropertyValues = false
        let players = try reader.fetch(request)
        let before = connection.roundTrips
        #expect(players.map { $0.string("name") ?? "" }.count == 99)
        let batches = (99 + reader.faultBatchSize - 1) / reader.faultBatchSize
        #expect(connection.roundTrips - before <= batches + 1)
    }

    @Test("Deleting the objects of a fetch lists their cascading members in one query, and saves in two round trips")
    func cascadeDeletesInBatches() throws {
        // Players whose only relationship is their team are deleted by ID, unread.
        let stack = try TestStack(.postgreSQL, model: try Self.teamsAndPlayers())
        for index in 0..<30 {
            let team = try stack.context.make("Team", ["name": "Team \(index)"])
            for number in 1...3 { try stack.context.make("Player", ["name": "P\(index)-\(number)", "team": team]) }
        }
        try stack.context.save()
        let context = try stack.separateContext()
        let connection = (context.persistentStoreCoordinator.persistentStores[0].store as! PostgreSQLStore).connection
        let teams = try context.fetch(FetchRequest<ManagedObject>(entityName: "Team"))
        let before = connection.roundTrips
        for team in teams { context.delete(team) }
        // One listing of all thirty teams' players, not one per team (31 without the batch).
        #expect(connection.roundTrips - before <= 2)
        #expect(context.deletedObjects.count == 120)
        let saving = connection.roundTrips
        try context.save()
        // The transaction begins in the writes' round trip: no keys to take.
        #expect(connection.roundTrips - saving == 2)
        #expect(try stack.separateContext().all("Player").isEmpty)
        #expect(try stack.separateContext().all("Team").isEmpty)
    }

    @Test("A batch delete that cascades is five round trips, however many rows it removes")
    func batchDeleteRoundTrips() throws {
        let stack = try TestStack(.postgreSQL, model: try Self.teamsAndPlayers())
        for index in 0..<40 {
            let team = try stack.context.make("Team", ["name": "Team \(index)"])
            for number in 1...25 { try stack.context.make("Player", ["name": "P\(index)-\(number)", "team": team]) }
        }
        try stack.context.save()
        let connection = Self.store(of: stack).connection
        let before = connection.roundTrips
        var request = BatchDeleteRequest(entityName: "Team", predicate: try FetchPredicate(format: "name BEGINSWITH 'Team 1'"))
        request.resultType = .objectIDs
        let result = try stack.newContext().execute(request)
        // Begin; the teams; their players; every write together; commit. Statements are
        // prepared in the round trip that first runs them.
        #expect(connection.roundTrips - before == 5)
        #expect(result.count == 11)
        #expect(result.deletedObjectIDs.count == 11 + 11 * 25)
        #expect(try stack.separateContext().all("Team").count == 29)
        #expect(try stack.separateContext().all("Player").count == 29 * 25)
    }

    @Test("A batch delete waits for a save adding a member to a row it deletes, and deletes the member too")
    func batchDeleteWaitsForAnAddedMember() throws {
        let stack = try TestStack(.postgreSQL, model: try Self.teamsAndPlayers())
        let team = try stack.context.make("Team", ["name": "Polen"])
        try stack.context.make("Player", ["name": "Lewandowski", "team": team])
        try stack.context.save()
        let teamKey = try #require(team.objectID.primaryKey)
        let store = Self.store(of: stack)
        // Another writer, halfway through a save that gives the team a player: as a save
        // does, it holds the team `FOR SHARE` and has inserted the row, uncommitted.
        let writer = try PostgreSQLConnection(try PostgreSQLTestServer.connectionURL())
        try writer.execute("SET search_path TO \"\(store.schemaName)\"")
        try writer.execute("BEGIN")
        try writer.execute("SELECT Z_PK FROM ZTEAM WHERE Z_PK = $1 FOR SHARE", [.integer(teamKey)])
        let playerEntity = Int64(stack.coordinator.model.entity(named: "Player")!.entityNumber)
        try writer.execute(
            "INSERT INTO ZPLAYER (Z_PK, Z_ENT, Z_OPT, ZNAME, ZTEAM) VALUES (1000, $1, 1, 'Zieliński', $2)",
            [.integer(playerEntity), .integer(teamKey)])
        let deleted = Mutex<Result<BatchResult, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let location = try #require(stack.postgreSQLLocation)
        // The delete, from a coordinator of its own, as another program's would be.
        Thread.detachNewThread {
            let outcome = Result {
                let coordinator = PersistentStoreCoordinator(model: try Self.teamsAndPlayers())
                try coordinator.addPersistentStore(location)
                var request = BatchDeleteRequest(entityName: "Team", predicate: try FetchPredicate(format: "name == 'Polen'"))
                request.resultType = .objectIDs
                return try ManagedObjectContext(coordinator: coordinator).execute(request)
            }
            deleted.withLock { $0 = outcome }
            done.signal()
        }
        // The delete waits for the writer's transaction…
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut)
        try writer.execute("COMMIT")
        #expect(done.wait(timeout: .now() + 10) == .success)
        // …then deletes the player it added as well: none is left naming a deleted team.
        let result = try #require(try deleted.withLock { try $0?.get() })
        #expect(result.deletedObjectIDs.compactMap(\.primaryKey).sorted() == [1, 1000, teamKey].sorted())
        #expect(try stack.separateContext().all("Player").isEmpty)
        #expect(try stack.separateContext().all("Team").isEmpty)
    }

    @Test("A statement's first run prepares it in the same round trip")
    func firstRunIsOneRoundTrip() throws {
        let stack = try TestStack(.postgreSQL)
        let connection = Self.store(of: stack).connection
        for expected: Int64 in [42, 43] {
            let before = connection.roundTrips
            let result = try connection.execute("SELECT $1::bigint + 1", [.integer(expected - 1)])
            #expect(result.int64(0, 0) == expected)
            #expect(connection.roundTrips - before == 1)
        }
        #expect(throws: PostgreSQLError.self) { try connection.execute("SELECT no_such_column FROM Z_METADATA") }
        #expect(connection.isConnected && !connection.isInTransaction)
    }

    @Test("An unreachable server fails at once with one line naming host and database, never the password")
    func unreachableServer() throws {
        let coordinator = PersistentStoreCoordinator(model: try TestStack.tournamentModel())
        let start = Date()
        #expect {
            try coordinator.addPersistentStore(.postgreSQL("postgresql://user:s3cret-pw@127.0.0.1:1/tournaments", schema: "euro"))
        } throws: { error in
            let text = "\(error)"
            guard case StoreError.unreachable = error else { return false }
            return text.contains("127.0.0.1:1/tournaments") && !text.contains("s3cret") && !text.contains("\n")
        }
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
