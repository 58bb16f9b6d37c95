import CSQLite3
import GRDB
import ObjectGraph

/// Workload 2: fetch all players (ObjectGraph: as faults), then read two attributes of each.
enum FetchAll {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "2", title: "fetch all players, read 2 attributes", kind: .time(ratio: 1.5),
            rawC: rawC, grdb: grdb, objectGraph: objectGraph)
    }

    static func rawC(_ db: RawDatabase) throws -> Body {
        { _ in
            let statement = try db.prepare("SELECT \(PlayerRow.columns) FROM ZPLAYER ORDER BY Z_PK")
            defer { sqlite3_finalize(statement) }
            let rows = PlayerRow.all(statement)
            var checksum = Checksum()
            for row in rows { checksum.add(number: row.number, name: row.name) }
            return checksum
        }
    }

    static func grdb(_ queue: DatabaseQueue) throws -> Body {
        { _ in
            let players = try queue.read { db in try PlayerRecord.order(PlayerRecord.Columns.pk).fetchAll(db) }
            var checksum = Checksum()
            for player in players { checksum.add(number: player.number, name: player.name) }
            return checksum
        }
    }

    static func objectGraph(_ coordinator: PersistentStoreCoordinator) throws -> Body {
        { _ in
            let context = ManagedObjectContext(coordinator: coordinator)
            let players = try context.fetch(FetchRequest<PlayerObject>(entityName: "Player"))
            var checksum = Checksum()
            for player in players {
                checksum.add(number: Int64(player.number!), name: player.name!)
            }
            return checksum
        }
    }
}
