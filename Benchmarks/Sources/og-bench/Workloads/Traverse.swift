import CSQLite3
import GRDB
import ObjectGraph

/// Workload 4: for every team, read its name, walk its players and read each one's number.
enum Traverse {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "4", title: "traverse team.players for every team", kind: .time(ratio: 2.0),
            rawC: rawC, grdb: grdb, objectGraph: objectGraph)
    }

    static func rawC(_ db: RawDatabase) throws -> Body {
        { _ in
            let teams = try db.prepare("SELECT \(TeamRow.columns) FROM ZTEAM ORDER BY Z_PK")
            defer { sqlite3_finalize(teams) }
            var rows: [TeamRow] = []
            while sqlite3_step(teams) == SQLITE_ROW { rows.append(TeamRow(teams)) }
            let players = try db.prepare("SELECT \(PlayerRow.columns) FROM ZPLAYER WHERE ZTEAM = ?")
            defer { sqlite3_finalize(players) }
            var checksum = Checksum()
            for team in rows {
                checksum.add(Checksum.signature(of: team.name))
                sqlite3_bind_int64(players, 1, team.pk)
                let members = PlayerRow.all(players)
                sqlite3_reset(players)
                for member in members { checksum.addUnordered(number: member.number) }
            }
            return checksum
        }
    }

    static func grdb(_ queue: DatabaseQueue) throws -> Body {
        { _ in
            try queue.read { db in
                var checksum = Checksum()
                for team in try TeamRecord.order(TeamRecord.Columns.pk).fetchAll(db) {
                    checksum.add(Checksum.signature(of: team.name))
                    for player in try team.request(for: TeamRecord.players).fetchAll(db) {
                        checksum.addUnordered(number: player.number)
                    }
                }
                return checksum
            }
        }
    }

    static func objectGraph(_ coordinator: PersistentStoreCoordinator) throws -> Body {
        { _ in
            let context = ManagedObjectContext(coordinator: coordinator)
            var checksum = Checksum()
            for team in try context.fetch(FetchRequest<TeamObject>(entityName: "Team")) {
                checksum.add(Checksum.signature(of: team.name!))
                for player in team.players {
                    checksum.addUnordered(number: Int64(player.number!))
                }
            }
            return checksum
        }
    }
}
