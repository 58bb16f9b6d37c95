import CMalloc
import CSQLite3
import Foundation

// og-objectfloor: what workloads 2 and 8 cost any object graph, whatever its code, on a store
// it builds with the same table and players as og-bench's (names, numbers, positions, teams).
//
// Workload 2: it reads the 100,000 rows five ways and times each (median of 9 runs):
//
// - structs: one struct per row in an array, as the raw C side of og-bench does;
// - objects: one class instance per row instead, the least an object graph allocates;
// - objects + open table: plus a uniquing table (open addressing, one pointer per slot,
//   hashed keys), the least an object graph does to keep one instance per row;
// - objects + Dictionary: the same uniquing with a Swift Dictionary;
// - objects + key table: uniquing in slots indexed by the primary key itself, in pages of 32
//   (as ObjectGraph's registry does since fix 63).
//
// Each variant then reads two attributes of every row, as workload 2 does, and releases
// everything inside the timed region.
//
// Workload 8: it measures, as og-bench does (malloc's bytes in use, from before the first
// query on a new connection), the least memory of 100,000 rows held as faults and then
// loaded: a fault object that holds its key and nothing else (a Swift object header and
// 8 bytes), registered in a key table and kept in an array, all sized exactly; then every row's
// values in one array of structs beside them, the least a loaded row can add.

/// A row of `ZPLAYER` as a struct.
struct PlayerRow {
    var pk: Int64
    var version: Int64
    var name: String
    var number: Int64
    var position: String
    var team: Int64
}

/// A row of `ZPLAYER` as an object.
final class PlayerObject {
    let pk: Int64
    var version: Int64
    var name: String
    var number: Int64
    var position: String
    var team: Int64

    init(_ row: PlayerRow) {
        (pk, version, name, number, position, team) = (row.pk, row.version, row.name, row.number, row.position, row.team)
    }
}

/// How many rows the store has.
let playerCount = 100_000

/// The table and ``playerCount`` rows of workload 2, in a new database file.
func makeStore(at path: String) -> OpaquePointer {
    unlink(path)
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
        let db
    else { fatalError("cannot create \(path)") }
    let sql = """
        CREATE TABLE ZPLAYER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR, ZNUMBER INTEGER,
            ZPOSITION VARCHAR, ZTEAM INTEGER);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < \(playerCount))
        INSERT INTO ZPLAYER SELECT x, 2, 1, printf('T%04d Player %02d', (x - 1) / 25, (x - 1) % 25 + 1),
            (x - 1) % 25 + 1,
            CASE (x - 1) % 10 WHEN 0 THEN 'Goalkeeper' WHEN 1 THEN 'Left Back' WHEN 2 THEN 'Centre Back'
                WHEN 3 THEN 'Right Back' WHEN 4 THEN 'Defensive Midfielder' WHEN 5 THEN 'Central Midfielder'
                WHEN 6 THEN 'Attacking Midfielder' WHEN 7 THEN 'Left Winger' WHEN 8 THEN 'Right Winger'
                ELSE 'Striker' END,
            (x - 1) / 25 + 1 FROM n;
        """
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { fatalError(String(cString: sqlite3_errmsg(db))) }
    return db
}

/// Calls `body` with each primary key of the table, in order.
func forEachKey(in db: OpaquePointer, _ body: (Int64) -> Void) {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT Z_PK FROM ZPLAYER ORDER BY Z_PK", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    while sqlite3_step(statement) == SQLITE_ROW { body(sqlite3_column_int64(statement, 0)) }
}

/// Calls `body` with each row of the table, read into a struct.
func forEachRow(in db: OpaquePointer, _ body: (PlayerRow) -> Void) {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT Z_PK, Z_OPT, ZNAME, ZNUMBER, ZPOSITION, ZTEAM FROM ZPLAYER ORDER BY Z_PK", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    func text(_ column: Int32) -> String { String(cString: sqlite3_column_text(statement, column)) }
    while sqlite3_step(statement) == SQLITE_ROW {
        body(
            PlayerRow(
                pk: sqlite3_column_int64(statement, 0), version: sqlite3_column_int64(statement, 1), name: text(2),
                number: sqlite3_column_int64(statement, 3), position: text(4), team: sqlite3_column_int64(statement, 5)))
    }
}

/// A table keeping one object per primary key, as an object graph's registry does.
protocol UniquingTable {
    init()
    /// Registers `object` under its primary key.
    mutating func insert(_ object: PlayerObject)
    /// Releases what the table holds that its own deinitialization does not.
    func free()
}

extension UniquingTable {
    func free() {}
}

/// A uniquing table: power-of-two slots of object references, at most three quarters full,
/// linear probing from a multiplicative hash of the key.
struct OpenTable: UniquingTable {
    private var slots = ContiguousArray<PlayerObject?>(repeating: nil, count: 1 << 18)

    mutating func insert(_ object: PlayerObject) {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: (UInt64(bitPattern: object.pk) &* 0x9E37_79B9_7F4A_7C15) >> 17) & mask
        while let present = slots[index], present.pk != object.pk { index = (index + 1) & mask }
        slots[index] = object
    }
}

/// The same uniquing with a Swift `Dictionary`, reserved to the table's size.
struct DictionaryTable: UniquingTable {
    private var objects: [Int64: PlayerObject]

    init() {
        objects = [:]
        objects.reserveCapacity(playerCount)
    }

    mutating func insert(_ object: PlayerObject) {
        objects[object.pk] = object
    }
}

/// A uniquing table indexed by the key: pages of 32 object references, made as keys reach
/// them, found through a directory indexed by page number.
struct KeyTable: UniquingTable {
    private var pages: [UnsafeMutablePointer<AnyObject?>?] = []

    mutating func insert(_ object: PlayerObject) {
        insert(object, key: object.pk)
    }

    /// Registers `object` under `key`.
    mutating func insert(_ object: AnyObject, key: Int64) {
        let key = Int(key)
        let page = key >> 5
        if page >= pages.count { pages.append(contentsOf: repeatElement(nil, count: page + 1 - pages.count)) }
        if pages[page] == nil {
            let slots = UnsafeMutablePointer<AnyObject?>.allocate(capacity: 32)
            slots.initialize(repeating: nil, count: 32)
            pages[page] = slots
        }
        pages[page]![key & 31] = object
    }

    /// Releases the objects and frees the pages.
    func free() {
        for case let slots? in pages {
            slots.deinitialize(count: 32)
            slots.deallocate()
        }
    }
}

/// The checksum of workload 2: each row's number and the length of its name.
func checksum<Row>(_ rows: [Row], number: (Row) -> Int64, name: (Row) -> String) -> Int {
    rows.reduce(0) { $0 &+ Int(number($1)) &+ name($1).utf8.count }
}

@inline(never) func structs(_ db: OpaquePointer) -> Int {
    var rows: [PlayerRow] = []
    forEachRow(in: db) { rows.append($0) }
    return checksum(rows, number: \.number, name: \.name)
}

@inline(never) func objects(_ db: OpaquePointer) -> Int {
    var objects: [PlayerObject] = []
    forEachRow(in: db) { objects.append(PlayerObject($0)) }
    return checksum(objects, number: \.number, name: \.name)
}

/// One object per row, each registered in a `Table` that lives as long as the objects.
@inline(never) func objects<Table: UniquingTable>(in _: Table.Type, _ db: OpaquePointer) -> Int {
    var objects: [PlayerObject] = []
    var table = Table()
    forEachRow(in: db) { row in
        let object = PlayerObject(row)
        table.insert(object)
        objects.append(object)
    }
    defer { table.free() }
    return withExtendedLifetime(table) { checksum(objects, number: \.number, name: \.name) }
}

/// The least a fault can be: an object with its key, and nothing to load its row with.
final class FaultObject {
    let pk: Int64

    init(_ pk: Int64) { self.pk = pk }
}

/// Bytes malloc has handed out and not taken back.
func mallocBytes() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks + info.hblkhd)
}

/// Workload 8's floor on a new connection to the store at `path`: the bytes in use once the
/// rows are held as fault objects, and once their values are loaded too, and SQLite's share
/// of each.
func memoryFloor(path: String) -> (faults: Int, loaded: Int, sqliteFaults: Int, sqliteLoaded: Int) {
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
        fatalError("cannot open \(path)")
    }
    defer { sqlite3_close_v2(db) }
    // Sized exactly, and measured from a trimmed heap.
    malloc_trim(0)
    let base = mallocBytes()
    let sqliteBase = Int(sqlite3_memory_used())
    var faults: [FaultObject] = []
    faults.reserveCapacity(playerCount)
    var table = KeyTable()
    forEachKey(in: db) { key in
        let fault = FaultObject(key)
        table.insert(fault, key: key)
        faults.append(fault)
    }
    let faultBytes = mallocBytes() - base
    let sqliteFaultBytes = Int(sqlite3_memory_used()) - sqliteBase
    var rows: [PlayerRow] = []
    rows.reserveCapacity(playerCount)
    forEachRow(in: db) { rows.append($0) }
    let loadedBytes = mallocBytes() - base
    let sqliteLoadedBytes = Int(sqlite3_memory_used()) - sqliteBase
    withExtendedLifetime((faults, rows)) {}
    table.free()
    return (faultBytes, loadedBytes, sqliteFaultBytes, sqliteLoadedBytes)
}

let path = FileManager.default.temporaryDirectory.appendingPathComponent("og-objectfloor.sqlite").path
let db = makeStore(at: path)
defer {
    sqlite3_close_v2(db)
    unlink(path)
}
let variants: [(String, (OpaquePointer) -> Int)] = [
    ("structs", structs), ("objects", objects), ("objects + open table", { objects(in: OpenTable.self, $0) }),
    ("objects + Dictionary", { objects(in: DictionaryTable.self, $0) }),
    ("objects + key table", { objects(in: KeyTable.self, $0) }),
]
var baseline = 0.0
print("workload 2's floor for an object graph: 100,000 rows, median of 9 runs")
for (name, variant) in variants {
    var samples: [Double] = []
    var checksum = 0
    for _ in 0..<10 {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum = variant(db)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let median = samples.dropFirst().sorted()[4]
    if baseline == 0 { baseline = median }
    print(
        name.padding(toLength: 22, withPad: " ", startingAt: 0),
        String(format: "%7.1f ms  %5.2f×  (checksum %d)", median, median / baseline, checksum))
}

let memory = memoryFloor(path: path)
func mebibytes(_ bytes: Int) -> String { String(format: "%5.1f MiB", Double(bytes) / 1_048_576) }
print("")
print("workload 8's floor for an object graph: 100,000 rows, malloc'd bytes (SQLite's share)")
print("fault objects + key table ", mebibytes(memory.faults), "(\(mebibytes(memory.sqliteFaults)))")
print("  + every row loaded      ", mebibytes(memory.loaded), "(\(mebibytes(memory.sqliteLoaded)))")
print(
    "faults / loaded            ",
    String(
        format: "%5.0f%%     (without SQLite's share: %.0f%%)", 100 * Double(memory.faults) / Double(memory.loaded),
        100 * Double(memory.faults - memory.sqliteFaults) / Double(memory.loaded - memory.sqliteLoaded)))
