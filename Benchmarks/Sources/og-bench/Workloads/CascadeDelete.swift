import CSQLite3
import GRDB
import ObjectGraph

/// Workload 7: delete a quarter of the teams with their players, save once.
///
/// The quarter is 1,000 of 4,000 teams, those named below `T1000`. The checksum counts the rows
/// deleted.
enum CascadeDelete {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "7", title: "delete \((scenario.tournament.teams.count / 4).grouped) teams, cascade, save",
            kind: .time(ratio: 2.0), writes: true,
            rawC: rawC(scenario), grdb: grdb(scenario), objectGraph: objectGraph(scenario))
    }

    static func rawC(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            { _ in
                let select = try db.prepare("SELECT Z_PK FROM ZTEAM WHERE ZNAME < ? ORDER BY Z_PK")
                defer { sqlite3_finalize(select) }
                sqlite3_bind_text(select, 1, scenario.deletionBound, -1, SQLITE_TRANSIENT)
                var teams: [Int64] = []
                while sqlite3_step(select) == SQLITE_ROW { teams.append(sqlite3_column_int64(select, 0)) }
                let deletePlayers = try db.prepare("DELETE FROM ZPLAYER WHERE ZTEAM = ?")
                defer { sqlite3_finalize(deletePlayers) }
                let deleteTeam = try db.prepare("DELETE FROM ZTEAM WHERE Z_PK = ?")
                defer { sqlite3_finalize(deleteTeam) }
                var deleted: Int64 = 0
                try db.execute("BEGIN IMMEDIATE")
                for team in teams {
                    sqlite3_bind_int64(deletePlayers, 1, team)
                    try db.run(deletePlayers)
                    deleted += Int64(sqlite3_changes(db.handle))
                    sqlite3_bind_int64(deleteTeam, 1, team)
                    try db.run(deleteTeam)
                    deleted += Int64(sqlite3_changes(db.handle))
                }
                try db.execute("COMMIT")
                return Checksum(count: deleted)
            }
        }
    }

    static func grdb(_ scenario: Scenario) -> (DatabaseQueue) throws -> Body {
        { queue in
            { _ in
                try queue.write { db in
                    var deleted: Int64 = 0
                    let teams =
                        try TeamRecord
                        .filter(TeamRecord.Columns.name < scenario.deletionBound)
                        .order(TeamRecord.Columns.pk)
                        .fetchAll(db)
                    for team in teams {
                        deleted += Int64(try team.request(for: TeamRecord.players).deleteAll(db))
                        if try team.delete(db) { deleted += 1 }
                    }
                    return Checksum(count: deleted)
                }
            }
        }
    }

    static func objectGraph(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            { _ in
                let context = ManagedObjectContext(coordinator: coordinator)
                let request = FetchRequest<ManagedObject>(
                    entityName: "Team", predicate: try FetchPredicate(format: "name < %@", scenario.deletionBound))
                for team in try context.fetch(request) { context.delete(team) }
                let deleted = Int64(context.deletedObjects.count)
                try context.save()
                return Checksum(count: deleted)
            }
        }
    }
}
