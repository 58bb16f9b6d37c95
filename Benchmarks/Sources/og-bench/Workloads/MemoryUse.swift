import CSQLite3
import GRDB
import ObjectGraph

/// Workload 8: memory of 100,000 players held as faults (ObjectGraph) or keys (the
/// baselines), against all of them fully loaded. Growth is measured in malloc'd bytes and in
/// resident memory from a baseline taken just before the fetch.
enum MemoryUse {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(id: "8", title: "memory: \(scenario.tournament.players.count.grouped) players", kind: .memory(share: 0.30),
                 rawC: rawC, grdb: grdb, objectGraph: objectGraph)
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

    static func objectGraph(_ coordinator: PersistentStoreCoordinator) throws -> Body {
        { probe in
            probe.start()
            let context = ManagedObjectContext(coordinator: coordinator)
            // Faults without data, as the baselines keep keys only (Core Data's
            // `includesPropertyValues = false`); the first touch loads them all in one query.
            var request = FetchRequest<PlayerObject>(entityName: "Player")
            request.includesPropertyValues = false
            let players = try context.fetch(request)
            probe.markFaults()
            var checksum = Checksum()
            for player in players {
                checksum.add(number: Int64(player.number!), name: player.name!)
            }
            probe.markLoaded()
            // The context keeps only objects with changes (as Core Data's does): the loaded
            // players are the array's until the probe has measured them.
            return withExtendedLifetime((context, players)) { checksum }
        }
    }
}
