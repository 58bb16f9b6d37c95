import GRDB
import ObjectGraph
import SeededRandom

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
        /// Timed, with no target of its own: ObjectGraph's median must be within `ratio` times
        /// that of workload `base` (the same program on less input). Reported as two rows: the
        /// workload against raw C, and `id/base`, named `title`, against the base.
        case scaling(base: String, ratio: Double, title: String)
        /// Timed against a promise of the planner's own: ObjectGraph's median (a whole `em`
        /// process) must be within `milliseconds`; the raw C side is shown for information.
        case deadline(milliseconds: Double)
        /// Not run; the message says why.
        case pending(String)
    }

    enum Fixture {
        /// A store with the schema and no rows.
        case empty
        /// The whole tournament, saved.
        case seeded
        /// A copy of the file whose path the closure returns (it makes the file on first use,
        /// untimed).
        case copy(of: () throws -> String)
        /// No file: the body creates one at the path it is given.
        case newFile
    }

    /// A row of its own for the peak resident size of the processes a workload runs.
    ///
    /// ObjectGraph's peak must be within `ratio` times a reference size, shown in the raw C
    /// column. The raw C side's own peak goes into the row's resident figures.
    struct PeakResidentTarget {
        var id: String
        var title: String
        var ratio: Double
        /// What the ratio is against (`3× the plist`), for the target column.
        var reference: String
        /// The reference size in bytes, asked after the runs (the input it measures may be made by
        /// a set-up).
        var bytes: () -> Int
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
    /// The sides that open the store themselves (a migration opens it with another model
    /// version; a whole process opens it in the child): they get the file's path instead of a
    /// connection, a queue or a coordinator.
    var onFile: [Implementation: (String) throws -> Body] = [:]
    /// The peak resident size row of a workload of whole processes, if it has one.
    var peakResident: PeakResidentTarget?
    var rawC: (RawDatabase) throws -> Body = { _ in { _ in Checksum() } }
    var grdb: (DatabaseQueue) throws -> Body = { _ in { _ in Checksum() } }
    var objectGraph: (PersistentStoreCoordinator) throws -> Body = { _ in { _ in Checksum() } }

    /// Whether `filters` (workload IDs; one ending in a digit selects its lettered parts, `3`
    /// selects `3a` and `3b`, `S5` selects `S5a` to `S5c`; a bare letter its numbered ones, `S`
    /// selects `S1` to `S5c`) select it.
    func isSelected(by filters: [String]) -> Bool {
        filters.isEmpty
            || filters.contains { filter in
                guard id != filter else { return true }
                guard id.hasPrefix(filter), let last = filter.last else { return false }
                let rest = id.dropFirst(filter.count)
                return last.isNumber ? rest.allSatisfy(\.isLetter) : rest.first?.isNumber == true
            }
    }

    /// The workload whose run a `scaling` workload's target compares with, if any.
    var base: String? {
        guard case .scaling(let base, _, _) = kind else { return nil }
        return base
    }

    /// The workloads `filters` select, in their order, with the bases the selected ones need.
    static func selected(_ workloads: [Workload], by filters: [String]) -> [Workload] {
        let selected = workloads.filter { $0.isSelected(by: filters) }
        let bases = Set(selected.compactMap(\.base))
        return workloads.filter { $0.isSelected(by: filters) || bases.contains($0.id) }
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
        var generator = SeededGenerator(seed: seed)
        var keys = Array(Int64(1)...Int64(tournament.players.count))
        keys.shuffle(using: &generator)
        faultKeys = Array(keys.prefix(faultCount))
        deletionBound = Tournament.teamName(tournament.teams.count / 4)
        teamPrefix = String(Tournament.teamName(tournament.teams.count * 3 / 10).prefix(3))
    }
}
