import CSQLite3
import Foundation

/// The prepared database files runs start from, made once per process.
///
/// They are an empty store (ObjectGraph creates it, so all three sides share its exact layout
/// and indexes) and the seeded tournament. Each run works on its own copy, so set-up is never
/// timed.
final class Fixtures {
    let directory: URL
    let scenario: Scenario
    private let emptyPath: String
    private let seededPath: String
    private var copies = 0

    init(tournament: Tournament, faultCount: Int, seed: UInt64) throws {
        directory = FileManager.default.temporaryDirectory
            .appending(path: "og-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        emptyPath = directory.appending(path: "empty.sqlite").path
        seededPath = directory.appending(path: "seeded.sqlite").path

        do { _ = try ObjectGraphSide.open(path: emptyPath) }
        let numbers = try Self.entityNumbers(emptyPath)
        scenario = Scenario(
            tournament: tournament, teamEntity: numbers.team, playerEntity: numbers.player,
            faultCount: faultCount, seed: seed)
        try FileManager.default.copyItem(atPath: emptyPath, toPath: seededPath)
        do {
            let db = try RawDatabase(path: seededPath)
            _ = try Insert.rawC(scenario)(db)(MemoryProbe())
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        for path in [emptyPath, seededPath] {
            guard !FileManager.default.fileExists(atPath: path + "-wal") else {
                throw RawError(code: 0, message: "\(path) kept a WAL file after closing", sql: nil)
            }
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A fresh copy of a fixture, for one run (for `newFile`, a path where no file is).
    func copy(_ fixture: Workload.Fixture) throws -> String {
        copies += 1
        let path = directory.appending(path: "run-\(copies).sqlite").path
        let source: String
        switch fixture {
        case .empty: source = emptyPath
        case .seeded: source = seededPath
        case .copy(let file): source = try file()
        case .newFile: return path
        }
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    /// Deletes a run's copy and its WAL companions.
    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func entityNumbers(_ path: String) throws -> (team: Int64, player: Int64) {
        let db = try RawDatabase(path: path)
        let team = try db.integers("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Team'")[0]
        let player = try db.integers("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Player'")[0]
        return (team, player)
    }

    /// A digest of the tournament tables' content (never of primary keys a side chose):
    /// counts, totals, the team each player points at, row versions and `Z_MAX`.
    static func digest(_ path: String) throws -> UInt64 {
        let db = try RawDatabase(path: path)
        let values = try db.integers(
            """
            SELECT (SELECT COUNT(*) FROM ZTEAM), (SELECT COUNT(*) FROM ZPLAYER),
                   (SELECT TOTAL(ZNUMBER) FROM ZPLAYER), (SELECT TOTAL(length(ZNAME) + length(ZPOSITION)) FROM ZPLAYER),
                   (SELECT TOTAL(length(ZNAME)) FROM ZTEAM),
                   (SELECT COUNT(*) FROM ZPLAYER p JOIN ZTEAM t ON t.Z_PK = p.ZTEAM WHERE substr(p.ZNAME, 1, length(t.ZNAME)) = t.ZNAME),
                   (SELECT TOTAL(Z_OPT) + 1000 * TOTAL(Z_ENT) FROM ZPLAYER), (SELECT TOTAL(Z_OPT) + 1000 * TOTAL(Z_ENT) FROM ZTEAM),
                   (SELECT TOTAL(Z_MAX * Z_ENT) FROM Z_PRIMARYKEY),
                   (SELECT TOTAL(ZNUMBER * (ZPOSITION = 'Goalkeeper')) FROM ZPLAYER)
            """)
        return values.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64(bitPattern: $1)) &* 1_099_511_628_211 }
    }
}
