import CLibPQRaw
import Foundation
import ObjectGraph

/// Workloads 1 to 7 (and 7b) of the SQLite suite, on PostgreSQL: raw libpq and ObjectGraph.
enum PostgreSQLWorkloads {
    static let playerColumns = "Z_PK, Z_ENT, Z_OPT, ZNAME, ZNUMBER, ZPOSITION, ZTEAM"

    static func all(_ scenario: Scenario) -> [PostgreSQLBench.Workload] {
        [
            .init(
                id: "1", title: "insert teams + players, save once", seeded: false, raw: insert,
                objectGraph: { coordinator, scenario in try body(Insert.objectGraph(scenario)(coordinator)) }),
            .init(
                id: "2", title: "fetch all players, read 2 attributes", raw: fetchAll,
                objectGraph: { coordinator, _ in try body(FetchAll.objectGraph(coordinator)) }),
            .init(
                id: "3a", title: "fetch number == 7, sorted by name", raw: predicateFetch,
                objectGraph: { coordinator, scenario in
                    { try fetchPlayers(coordinator, "number == %@", [scenario.filteredNumber]) }
                }),
            .init(
                id: "3b", title: "fetch team.name BEGINSWITH, sorted", raw: keyPathFetch,
                objectGraph: { coordinator, scenario in
                    { try fetchPlayers(coordinator, "team.name BEGINSWITH %@", [scenario.teamPrefix]) }
                }),
            .init(
                id: "4", title: "traverse every team's players", raw: traverse,
                objectGraph: { coordinator, _ in try body(Traverse.objectGraph(coordinator)) }),
            .init(
                id: "5", title: "update 10% of the players, save", raw: update,
                objectGraph: { coordinator, scenario in try body(Update.objectGraph(scenario)(coordinator)) }),
            .init(
                id: "6", title: "fault players one by one by ID", raw: faultByID,
                objectGraph: { coordinator, scenario in try body(FaultByID.objectGraph(scenario)(coordinator)) }),
            .init(
                // Through a context, which keeps every object, inverse and undo step right
                // (as Core Data's does); for information: 7b, the batch delete made for this
                // work, carries the target.
                id: "7", title: "cascade-delete a quarter of the teams", target: nil, raw: cascadeDelete,
                objectGraph: { coordinator, scenario in try body(CascadeDelete.objectGraph(scenario)(coordinator)) }),
            .init(
                id: "7b", title: "batch-delete a quarter of the teams, cascade", raw: cascadeDelete,
                objectGraph: { coordinator, scenario in try body(CascadeBatchDelete.objectGraph(scenario)(coordinator)) }),
        ]
    }

    /// An SQLite suite's ObjectGraph body, run without a memory probe.
    private static func body(_ body: @escaping Body) -> () throws -> Checksum {
        { try body(MemoryProbe()) }
    }

    /// Workload 1 by hand: the keys reserved as ObjectGraph reserves them, the rows sent in
    /// pipelines of one prepared statement, one transaction.
    static func insert(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        let tournament = scenario.tournament
        try db.execute("BEGIN")
        let reserve = "UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + $1 WHERE Z_ENT = $2 RETURNING Z_MAX"
        let teams = try db.query(reserve, ["\(tournament.teams.count)", "\(scenario.teamEntity)"])
        let teamBase = teams.int(0, 0) - Int64(tournament.teams.count)
        teams.clear()
        let players = try db.query(reserve, ["\(tournament.players.count)", "\(scenario.playerEntity)"])
        let playerBase = players.int(0, 0) - Int64(tournament.players.count)
        players.clear()
        try db.pipeline(
            "INSERT INTO ZTEAM (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES ($1, $2, 1, $3)",
            tournament.teams.enumerated().map { index, name in ["\(teamBase + Int64(index) + 1)", "\(scenario.teamEntity)", name]
            })
        try db.pipeline(
            "INSERT INTO ZPLAYER (Z_PK, Z_ENT, Z_OPT, ZNAME, ZNUMBER, ZPOSITION, ZTEAM) VALUES ($1, $2, 1, $3, $4, $5, $6)",
            tournament.players.enumerated().map { index, player in
                [
                    "\(playerBase + Int64(index) + 1)", "\(scenario.playerEntity)", player.name, "\(player.number)",
                    player.position, "\(teamBase + Int64(player.team) + 1)",
                ]
            })
        try db.execute("COMMIT")
        return Checksum(count: Int64(tournament.teams.count + tournament.players.count))
    }

    /// The players of a query of `playerColumns`, in its order.
    private static func players(_ result: OpaquePointer) -> Checksum {
        defer { result.clear() }
        var checksum = Checksum()
        for row in 0..<result.rowCount { checksum.add(number: result.int(row, 4), name: result.text(row, 3)) }
        return checksum
    }

    static func fetchAll(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        players(try db.query("SELECT \(playerColumns) FROM ZPLAYER ORDER BY Z_PK"))
    }

    static func predicateFetch(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        players(
            try db.query(
                "SELECT \(playerColumns) FROM ZPLAYER WHERE ZNUMBER = $1 ORDER BY ZNAME, Z_PK", ["\(scenario.filteredNumber)"]))
    }

    static func keyPathFetch(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        let columns = playerColumns.split(separator: ", ").map { "p.\($0)" }.joined(separator: ", ")
        return players(
            try db.query(
                "SELECT \(columns) FROM ZPLAYER p JOIN ZTEAM t ON t.Z_PK = p.ZTEAM WHERE starts_with(t.ZNAME, $1) ORDER BY p.ZNAME, p.Z_PK",
                [scenario.teamPrefix]))
    }

    static func fetchPlayers(_ coordinator: PersistentStoreCoordinator, _ format: String, _ arguments: [Any]) throws
        -> Checksum
    {
        let context = ManagedObjectContext(coordinator: coordinator)
        var request = FetchRequest<PlayerObject>(entityName: "Player")
        request.predicate = try FetchPredicate(format: format, argumentArray: arguments)
        request.sortOrderings = [FetchOrdering("name", ascending: true)]
        var checksum = Checksum()
        for player in try context.fetch(request) { checksum.add(number: Int64(player.number!), name: player.name!) }
        return checksum
    }

    /// Workload 4 as a libpq program would do it without one query per team: the teams, then
    /// their players' full rows in one query, read into values and grouped by team.
    static func traverse(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        let teams = try db.query("SELECT Z_PK, Z_ENT, Z_OPT, ZNAME FROM ZTEAM ORDER BY Z_PK")
        let rows = (0..<teams.rowCount).map { (pk: teams.int($0, 0), name: teams.text($0, 3)) }
        teams.clear()
        let players = try db.query(
            "SELECT \(playerColumns) FROM ZPLAYER WHERE ZTEAM = ANY($1::bigint[])",
            [
                "{" + rows.map { String($0.pk) }.joined(separator: ",") + "}"
            ])
        var members: [Int64: [(pk: Int64, name: String, number: Int64, position: String)]] = [:]
        for row in 0..<players.rowCount {
            members[players.int(row, 6), default: []].append(
                (players.int(row, 0), players.text(row, 3), players.int(row, 4), players.text(row, 5)))
        }
        players.clear()
        var checksum = Checksum()
        for team in rows {
            checksum.add(Checksum.signature(of: team.name))
            for member in members[team.pk] ?? [] { checksum.addUnordered(number: member.number) }
        }
        return checksum
    }

    static func update(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        let selected = try db.query(
            "SELECT Z_PK, ZNUMBER, Z_OPT FROM ZPLAYER WHERE ZPOSITION = $1 ORDER BY Z_PK", [scenario.updatedPosition])
        var checksum = Checksum()
        var rows: [[String?]] = []
        for row in 0..<selected.rowCount {
            let number = selected.int(row, 1) + 100
            checksum.add(number)
            rows.append(["\(number)", selected.text(row, 0), selected.text(row, 2)])
        }
        selected.clear()
        try db.execute("BEGIN")
        let changed = try db.pipeline("UPDATE ZPLAYER SET ZNUMBER = $1, Z_OPT = Z_OPT + 1 WHERE Z_PK = $2 AND Z_OPT = $3", rows)
        guard changed.allSatisfy({ $0 == 1 }) else { throw RawPostgreSQL.Failure(description: "an update found no row") }
        try db.execute("COMMIT")
        return checksum
    }

    static func faultByID(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        var checksum = Checksum()
        for key in scenario.faultKeys {
            let row = try db.query("SELECT \(playerColumns) FROM ZPLAYER WHERE Z_PK = $1", ["\(key)"])
            checksum.add(number: row.int(0, 4), name: row.text(0, 3))
            row.clear()
        }
        return checksum
    }

    static func cascadeDelete(_ db: RawPostgreSQL, _ scenario: Scenario) throws -> Checksum {
        try db.execute("BEGIN")
        let players = try db.query(
            "DELETE FROM ZPLAYER WHERE ZTEAM IN (SELECT Z_PK FROM ZTEAM WHERE ZNAME < $1)", [scenario.deletionBound])
        let teams = try db.query("DELETE FROM ZTEAM WHERE ZNAME < $1", [scenario.deletionBound])
        let deleted = (Int64(String(cString: PQcmdTuples(players))) ?? 0) + (Int64(String(cString: PQcmdTuples(teams))) ?? 0)
        players.clear()
        teams.clear()
        try db.execute("COMMIT")
        return Checksum(count: deleted)
    }
}
