import CSQLite3
import GRDB
import ObjectGraph

/// Workload 3: fetches with a predicate, sorted by name, reading each result's name and number.
///
/// 3a filters on an indexed attribute (`number == 7`, 4,000 players); 3b follows a key path
/// across the to-one (`team.name BEGINSWITH "T12"`, 2,500 players).
///
/// The baselines write the SQL a SQLite programmer would: `ZNUMBER = ?` and, for the prefix,
/// `GLOB 'T12*'`, which is case-sensitive like BEGINSWITH and can use the index on `ZNAME`.
enum PredicateFetch {
    static func workloads(_ scenario: Scenario) -> [Workload] {
        [
            Workload(
                id: "3a", title: "fetch number == 7, sorted", kind: .time(ratio: 1.5),
                rawC: rawIndexed(scenario), grdb: grdbIndexed(scenario), objectGraph: ogIndexed(scenario)),
            Workload(
                id: "3b", title: "fetch team.name BEGINSWITH, sorted", kind: .time(ratio: 1.5),
                rawC: rawKeyPath(scenario), grdb: grdbKeyPath(scenario), objectGraph: ogKeyPath(scenario)),
        ]
    }

    static func rawIndexed(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            { _ in
                let statement = try db.prepare("SELECT \(PlayerRow.columns) FROM ZPLAYER WHERE ZNUMBER = ? ORDER BY ZNAME")
                defer { sqlite3_finalize(statement) }
                sqlite3_bind_int64(statement, 1, scenario.filteredNumber)
                return readPlayers(statement)
            }
        }
    }

    static func rawKeyPath(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            { _ in
                let statement = try db.prepare(
                    """
                    SELECT p.Z_PK, p.Z_ENT, p.Z_OPT, p.ZNAME, p.ZNUMBER, p.ZPOSITION, p.ZTEAM \
                    FROM ZPLAYER p JOIN ZTEAM t ON t.Z_PK = p.ZTEAM WHERE t.ZNAME GLOB ? ORDER BY p.ZNAME
                    """)
                defer { sqlite3_finalize(statement) }
                sqlite3_bind_text(statement, 1, scenario.teamPrefix + "*", -1, SQLITE_TRANSIENT)
                return readPlayers(statement)
            }
        }
    }

    /// Reads full player rows into structs, then checksums them.
    private static func readPlayers(_ statement: OpaquePointer) -> Checksum {
        var checksum = Checksum()
        for row in PlayerRow.all(statement) { checksum.add(number: row.number, name: row.name) }
        return checksum
    }

    static func grdbIndexed(_ scenario: Scenario) -> (DatabaseQueue) throws -> Body {
        { queue in
            { _ in
                let players = try queue.read { db in
                    try PlayerRecord
                        .filter(PlayerRecord.Columns.number == scenario.filteredNumber)
                        .order(PlayerRecord.Columns.name)
                        .fetchAll(db)
                }
                return checksum(players)
            }
        }
    }

    static func grdbKeyPath(_ scenario: Scenario) -> (DatabaseQueue) throws -> Body {
        { queue in
            { _ in
                let players = try queue.read { db in
                    try PlayerRecord
                        .joining(
                            required: PlayerRecord.team.filter(
                                literal: "\(TeamRecord.Columns.name) GLOB \(scenario.teamPrefix + "*")")
                        )
                        .order(PlayerRecord.Columns.name)
                        .fetchAll(db)
                }
                return checksum(players)
            }
        }
    }

    private static func checksum(_ players: [PlayerRecord]) -> Checksum {
        var checksum = Checksum()
        for player in players { checksum.add(number: player.number, name: player.name) }
        return checksum
    }

    static func ogIndexed(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            { _ in try fetch(FetchPredicate(format: "number == %@", scenario.filteredNumber), coordinator) }
        }
    }

    static func ogKeyPath(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            { _ in try fetch(FetchPredicate(format: "team.name BEGINSWITH %@", scenario.teamPrefix), coordinator) }
        }
    }

    private static func fetch(_ predicate: FetchPredicate, _ coordinator: PersistentStoreCoordinator) throws -> Checksum {
        let context = ManagedObjectContext(coordinator: coordinator)
        let request = FetchRequest<PlayerObject>(
            entityName: "Player", predicate: predicate, sortOrderings: [FetchOrdering("name")])
        var checksum = Checksum()
        for player in try context.fetch(request) {
            checksum.add(number: Int64(player.number!), name: player.name!)
        }
        return checksum
    }
}
