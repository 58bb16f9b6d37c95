import CSQLite3
import GRDB
import ObjectGraph

/// Workload 1: insert 4,000 teams and 100,000 players with their team, in one save.
enum Insert {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "1", title: "insert teams + players, save once", kind: .time(ratio: 2.0),
            fixture: .empty, writes: true,
            rawC: rawC(scenario), grdb: grdb(scenario), objectGraph: objectGraph(scenario))
    }

    /// Primary keys continue from `Z_MAX`, which is raised as ObjectGraph raises it, so the
    /// file stays a valid store.
    static func rawC(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            { _ in
                let tournament = scenario.tournament
                try db.execute("BEGIN IMMEDIATE")
                let teamBase = try db.integers("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(scenario.teamEntity)")[0]
                let playerBase = try db.integers("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(scenario.playerEntity)")[0]
                let insertTeam = try db.prepare("INSERT INTO ZTEAM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)")
                defer { sqlite3_finalize(insertTeam) }
                for (index, name) in tournament.teams.enumerated() {
                    sqlite3_bind_int64(insertTeam, 1, teamBase + Int64(index) + 1)
                    sqlite3_bind_int64(insertTeam, 2, scenario.teamEntity)
                    sqlite3_bind_text(insertTeam, 3, name, -1, SQLITE_TRANSIENT)
                    try db.run(insertTeam)
                }
                let insertPlayer = try db.prepare(
                    """
                    INSERT INTO ZPLAYER (Z_PK, Z_ENT, Z_OPT, ZNAME, ZNUMBER, ZPOSITION, ZTEAM) VALUES (?, ?, 1, ?, ?, ?, ?)
                    """)
                defer { sqlite3_finalize(insertPlayer) }
                for (index, player) in tournament.players.enumerated() {
                    sqlite3_bind_int64(insertPlayer, 1, playerBase + Int64(index) + 1)
                    sqlite3_bind_int64(insertPlayer, 2, scenario.playerEntity)
                    sqlite3_bind_text(insertPlayer, 3, player.name, -1, SQLITE_TRANSIENT)
                    sqlite3_bind_int64(insertPlayer, 4, player.number)
                    sqlite3_bind_text(insertPlayer, 5, player.position, -1, SQLITE_TRANSIENT)
                    sqlite3_bind_int64(insertPlayer, 6, teamBase + Int64(player.team) + 1)
                    try db.run(insertPlayer)
                }
                try db.execute(
                    """
                    UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + \(tournament.teams.count) WHERE Z_ENT = \(scenario.teamEntity);
                    UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + \(tournament.players.count) WHERE Z_ENT = \(scenario.playerEntity);
                    COMMIT
                    """)
                return Checksum(count: Int64(tournament.teams.count + tournament.players.count))
            }
        }
    }

    static func grdb(_ scenario: Scenario) -> (DatabaseQueue) throws -> Body {
        { queue in
            { _ in
                let tournament = scenario.tournament
                try queue.write { db in
                    let maxSQL = "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?"
                    let teamBase = try Int64.fetchOne(db, sql: maxSQL, arguments: [scenario.teamEntity]) ?? 0
                    let playerBase = try Int64.fetchOne(db, sql: maxSQL, arguments: [scenario.playerEntity]) ?? 0
                    for (index, name) in tournament.teams.enumerated() {
                        try TeamRecord(pk: teamBase + Int64(index) + 1, entity: scenario.teamEntity, name: name).insert(db)
                    }
                    for (index, player) in tournament.players.enumerated() {
                        try PlayerRecord(
                            pk: playerBase + Int64(index) + 1, entity: scenario.playerEntity, name: player.name,
                            number: player.number, position: player.position, team: teamBase + Int64(player.team) + 1
                        ).insert(db)
                    }
                    let raiseMax = "UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + ? WHERE Z_ENT = ?"
                    try db.execute(sql: raiseMax, arguments: [tournament.teams.count, scenario.teamEntity])
                    try db.execute(sql: raiseMax, arguments: [tournament.players.count, scenario.playerEntity])
                }
                return Checksum(count: Int64(tournament.teams.count + tournament.players.count))
            }
        }
    }

    static func objectGraph(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            { _ in
                let tournament = scenario.tournament
                let context = ManagedObjectContext(coordinator: coordinator)
                var teams: [TeamObject] = []
                teams.reserveCapacity(tournament.teams.count)
                for name in tournament.teams {
                    let team = TeamObject(context: context)
                    team.name = name
                    teams.append(team)
                }
                for player in tournament.players {
                    let object = PlayerObject(context: context)
                    object.name = player.name
                    object.number = Int16(player.number)
                    object.position = player.position
                    object.team = teams[player.team]
                }
                try context.save()
                return Checksum(count: Int64(tournament.teams.count + tournament.players.count))
            }
        }
    }
}
