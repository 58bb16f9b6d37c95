import GRDB
import ObjectGraph

/// The three contestants.
enum Implementation: String, CaseIterable, Codable {
    case rawC = "raw"
    case grdb
    case objectGraph = "og"

    var title: String {
        switch self {
        case .rawC: "raw C"
        case .grdb: "GRDB"
        case .objectGraph: "ObjectGraph"
        }
    }
}

/// The timed part of one run of a workload: everything it captured was prepared untimed.
typealias Body = (MemoryProbe) throws -> Checksum

/// One workload, implemented three ways.
///
/// Each implementation is a set-up function that receives the open database (untimed) and
/// returns the body to time. The harness compares the checksums of all bodies, and for
/// writing workloads a digest of the database each left behind.
struct Workload {
    enum Kind {
        /// Timed; ObjectGraph's median must be within `ratio` times raw C's.
        case time(ratio: Double)
        /// Memory of faults against fully loaded objects; ObjectGraph's faults must cost at
        /// most `share` of its loaded objects. Reported as two rows, named `rows`.
        case memory(share: Double, rows: (faults: String, loaded: String))
        /// Not run; the message says why.
        case pending(String)
    }

    enum Fixture {
        /// A store with the schema and no rows.
        case empty
        /// The whole tournament, saved.
        case seeded
    }

    var id: String
    var title: String
    var kind: Kind
    var fixture: Fixture = .seeded
    /// Whether the database the body leaves behind is digested into the checksum.
    var writes = false
    /// The implementations the workload has (workload 9 has no GRDB side).
    var sides: [Implementation] = Implementation.allCases
    /// The digest of the database a writing workload leaves behind (the tournament's tables by
    /// default; a workload that changes the schema digests what it makes).
    var digest: (String) throws -> UInt64 = Fixtures.digest
    /// Set for a workload whose ObjectGraph side opens the store itself (a migration opens it
    /// with another model version): it gets the file's path instead of a coordinator.
    var objectGraphOnFile: ((String) throws -> Body)?
    var rawC: (RawDatabase) throws -> Body = { _ in { _ in Checksum() } }
    var grdb: (DatabaseQueue) throws -> Body = { _ in { _ in Checksum() } }
    var objectGraph: (PersistentStoreCoordinator) throws -> Body = { _ in { _ in Checksum() } }

    /// Whether `filters` (workload IDs, a bare number selects its lettered parts) select it.
    func isSelected(by filters: [String]) -> Bool {
        filters.isEmpty || filters.contains { id == $0 || (id.hasPrefix($0) && id.dropFirst($0.count).allSatisfy(\.isLetter)) }
    }
}

/// What every workload may use: the tournament, its parameters, the entity numbers of the
/// prepared store.
struct Scenario {
    let tournament: Tournament
    let teamEntity: Int64
    let playerEntity: Int64
    /// The player primary keys whose faults workload 6 fires, in (seeded) random order.
    let faultKeys: [Int64]
    /// Teams whose name sorts below this are deleted by workload 7 (a quarter of them).
    let deletionBound: String
    /// The prefix workload 3 matches team names against (`T12` for 4,000 teams).
    let teamPrefix: String
    /// The position updated by workload 5 (10% of the players).
    let updatedPosition = Tournament.positions[0]
    /// The number workload 3 filters on.
    let filteredNumber: Int64 = 7

    init(tournament: Tournament, teamEntity: Int64, playerEntity: Int64, faultCount: Int, seed: UInt64) {
        self.tournament = tournament
        self.teamEntity = teamEntity
        self.playerEntity = playerEntity
        var generator = SplitMix64(seed: seed)
        var keys = Array(Int64(1)...Int64(tournament.players.count))
        keys.shuffle(using: &generator)
        faultKeys = Array(keys.prefix(faultCount))
        deletionBound = Tournament.teamName(tournament.teams.count / 4)
        teamPrefix = String(Tournament.teamName(tournament.teams.count * 3 / 10).prefix(3))
    }
}
