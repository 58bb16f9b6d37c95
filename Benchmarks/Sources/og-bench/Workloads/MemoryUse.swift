import CSQLite3
import GRDB
import ObjectGraph

/// Workload 8: memory of 100,000 players held as faults or keys, against all fully loaded.
///
/// ObjectGraph holds faults; the baselines hold keys. Growth is measured in malloc'd bytes and
/// in resident memory from a baseline taken just before the fetch.
///
/// ObjectGraph's faults are measured two ways: as a plain fetch's result, an object per player
/// (8a, 8b), and as a batched fetch's, which holds IDs until a batch is touched (8c, 8d; Core
/// Data's `fetchBatchSize`). The baselines are the same in both.
enum MemoryUse {
    /// How many players a batch of the batched fetch holds.
    static let batchSize = 500

    static func workloads(_ scenario: Scenario) -> [Workload] {
        let players = scenario.tournament.players.count.grouped
        return [
            Workload(
                id: "8", title: "memory: \(players) players", kind: .memory(share: 0.30, rows: ("8a", "8b")),
                rawC: rawC, grdb: grdb, objectGraph: objectGraph),
            Workload(
                id: "8c", title: "memory: \(players) players in batches of \(batchSize)",
                kind: .memory(share: 0.30, rows: ("8c", "8d")), rawC: rawC, grdb: grdb, objectGraph: batchedObjectGraph),
        ]
    }

    static func rawC(_ db: RawDatabase) throws -> Body {
        { probe in
            probe.start()
            let keys = try db.prepare("SELECT Z_PK FROM ZPLAYER ORDER BY Z_PK")
            defer { sqlite3_finalize(keys) }
            var ids: [Int64] = []
            while sqlite3_step(keys) == SQLITE_ROW { ids.append(sqlite3_column_int64(keys, 0)) }
            probe.markFaults()
            let select = try db.prepare("SELECT \(PlayerRow.columns) FROM ZPLAYER ORDER BY Z_PK")
            defer { sqlite3_finalize(select) }
            let rows = PlayerRow.all(select)
            probe.markLoaded()
            var checksum = Checksum()
            for row in rows { checksum.add(number: row.number, name: row.name) }
            return withExtendedLifetime(ids) { checksum }
        }
    }

    static func grdb(_ queue: DatabaseQueue) throws -> Body {
        { probe in
            try queue.read { db in
                probe.start()
                let ids = try Int64.fetchAll(db, sql: "SELECT Z_PK FROM ZPLAYER ORDER BY Z_PK")
                probe.markFaults()
                let players = try PlayerRecord.order(PlayerRecord.Columns.pk).fetchAll(db)
                probe.markLoaded()
                var checksum = Checksum()
                for player in players { checksum.add(number: player.number, name: player.name) }
                return withExtendedLifetime(ids) { checksum }
            }
        }
    }

    /// A plain fetch: faults without data, as the baselines keep keys only (Core Data's
    /// `includesPropertyValues = false`); the first touch loads them all in one query.
    static func objectGraph(_ coordinator: PersistentStoreCoordinator) throws -> Body {
        try objectGraph(coordinator) { context in
            var request = FetchRequest<PlayerObject>(entityName: "Player")
            request.includesPropertyValues = false
            return try context.fetch(request)
        }
    }

    /// A batched fetch: IDs only, until a batch is touched.
    static func batchedObjectGraph(_ coordinator: PersistentStoreCoordinator) throws -> Body {
        try objectGraph(coordinator) { context in
            try context.fetch(FetchRequest<PlayerObject>(entityName: "Player"), batchSize: batchSize)
        }
    }

    /// ObjectGraph's body: the players `fetch` returns, measured as faults, then all read.
    private static func objectGraph<Players: Collection<PlayerObject>>(
        _ coordinator: PersistentStoreCoordinator, fetch: @escaping (ManagedObjectContext) throws -> Players
    ) throws -> Body {
        { probe in
            probe.start()
            let context = ManagedObjectContext(coordinator: coordinator)
            let players = try fetch(context)
            probe.markFaults()
            var checksum = Checksum()
            for player in players {
                checksum.add(number: Int64(player.number!), name: player.name!)
            }
            probe.markLoaded()
            // The context keeps only objects with changes (as Core Data's does): the loaded
            // players are the result's until the probe has measured them.
            return withExtendedLifetime((context, players)) { checksum }
        }
    }
}
