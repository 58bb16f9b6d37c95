import CSQLite3
import Foundation
import GRDB
import ObjectGraph

/// Workload 6: load 10,000 players one at a time by primary key / object ID.
///
/// The order is seeded random; each load reads name and number. ObjectGraph uses a fresh
/// context for each, so every access fires a cold single-object fault.
enum FaultByID {
    static func workload(_ scenario: Scenario) -> Workload {
        Workload(
            id: "6", title: "\(scenario.faultKeys.count.grouped) single faults by ID, random", kind: .time(ratio: 3.0),
            rawC: rawC(scenario), grdb: grdb(scenario), objectGraph: objectGraph(scenario))
    }

    static func rawC(_ scenario: Scenario) -> (RawDatabase) throws -> Body {
        { db in
            { _ in
                let statement = try db.prepare("SELECT \(PlayerRow.columns) FROM ZPLAYER WHERE Z_PK = ?")
                defer { sqlite3_finalize(statement) }
                var checksum = Checksum()
                for key in scenario.faultKeys {
                    sqlite3_bind_int64(statement, 1, key)
                    guard sqlite3_step(statement) == SQLITE_ROW else {
                        throw RawError(code: 0, message: "no player \(key)", sql: nil)
                    }
                    let player = PlayerRow(statement)
                    checksum.add(number: player.number, name: player.name)
                    sqlite3_reset(statement)
                }
                return checksum
            }
        }
    }

    static func grdb(_ scenario: Scenario) -> (DatabaseQueue) throws -> Body {
        { queue in
            { _ in
                try queue.read { db in
                    var checksum = Checksum()
                    for key in scenario.faultKeys {
                        guard let player = try PlayerRecord.fetchOne(db, key: key) else {
                            throw RawError(code: 0, message: "no player \(key)", sql: nil)
                        }
                        checksum.add(number: player.number, name: player.name)
                    }
                    return checksum
                }
            }
        }
    }

    /// The object IDs are made from the keys untimed, through their URI representation (the
    /// public way to name an object of a store).
    static func objectGraph(_ scenario: Scenario) -> (PersistentStoreCoordinator) throws -> Body {
        { coordinator in
            let store = coordinator.storeIdentifier ?? ""
            let ids = try scenario.faultKeys.map { key in
                guard let uri = URL(string: "x-coredata://\(store)/Player/p\(key)"),
                    let id = coordinator.managedObjectID(forURIRepresentation: uri)
                else { throw RawError(code: 0, message: "no object ID for player \(key)", sql: nil) }
                return id
            }
            return { _ in
                var checksum = Checksum()
                for id in ids {
                    let context = ManagedObjectContext(coordinator: coordinator)
                    let player = context.object(with: id) as! PlayerObject
                    checksum.add(number: Int64(player.number!), name: player.name!)
                }
                return checksum
            }
        }
    }
}
