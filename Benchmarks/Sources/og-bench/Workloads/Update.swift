import CSQLite3
import GRDB
import ObjectGraph

/// Workload 5: raise the goalkeepers' numbers by 100, save once.
///
/// The goalkeepers are 10% of the players, fetched first. Every side bumps `Z_OPT`, the row
/// version ObjectGraph keeps.
enum Update {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "5", title: "update 1 attribute on 10%, save", kind: .time(ratio: 2.0), writes: true,
            rawC: rawC(scenario), grdb: grdb(scenario), objectGraph: objectGraph(scenario))
    }

    static func rawC(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            { _ in
                let select = try db.prepare("SELECT \(PlayerRow.columns) FROM ZPLAYER WHERE ZPOSITION = ? ORDER BY Z_PK")
                defer { sqlite3_finalize(select) }
                sqlite3_bind_text(select, 1, scenario.updatedPosition, -1, SQLITE_TRANSIENT)
                let rows = PlayerRow.all(select)
                let update = try db.prepare("UPDATE ZPLAYER SET ZNUMBER = ?, Z_OPT = Z_OPT + 1 WHERE Z_PK = ?")
                defer { sqlite3_finalize(update) }
                var checksum = Checksum()
                try db.execute("BEGIN IMMEDIATE")
                for row in rows {
                    sqlite3_bind_int64(update, 1, row.number + 100)
                    sqlite3_bind_int64(update, 2, row.pk)
                    try db.run(update)
                    checksum.add(row.number + 100)
                }
                try db.execute("COMMIT")
                return checksum
            }
        }
    }

    static func grdb(_ scenario: Scenario) -> (DatabaseQueue) throws -> Body {
        { queue in
            { _ in
                try queue.write { db in
                    var checksum = Checksum()
                    let players =
                        try PlayerRecord
                        .filter(PlayerRecord.Columns.position == scenario.updatedPosition)
                        .order(PlayerRecord.Columns.pk)
                        .fetchAll(db)
                    for var player in players {
                        player.number += 100
                        player.version += 1
                        try player.update(db)
                        checksum.add(player.number)
                    }
                    return checksum
                }
            }
        }
    }

    static func objectGraph(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            { _ in
                let context = ManagedObjectContext(coordinator: coordinator)
                let request = FetchRequest<PlayerObject>(
                    entityName: "Player", predicate: try FetchPredicate(format: "position == %@", scenario.updatedPosition))
                var checksum = Checksum()
                for player in try context.fetch(request) {
                    let number = player.number! + 100
                    player.number = number
                    checksum.add(Int64(number))
                }
                try context.save()
                return checksum
            }
        }
    }
}
