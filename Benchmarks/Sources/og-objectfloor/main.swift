import CSQLite3
import Foundation

// og-objectfloor: what workload 2 costs any object graph, whatever its code. It reads the
// 100,000 rows of workload 2 five ways, from a store it builds with the same table, and times
// each (median of 9 runs):
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

/// The table and 100,000 rows of workload 2, in a new database file.
func makeStore(at path: String) -> OpaquePointer {
    unlink(path)
    var db: OpaquePointer?
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
        let db
    else { fatalError("cannot create \(path)") }
    let sql = """
        CREATE TABLE ZPLAYER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR, ZNUMBER INTEGER,
            ZPOSITION VARCHAR, ZTEAM INTEGER);
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000)
        INSERT INTO ZPLAYER SELECT x, 2, 1, printf('T%04d Player %02d', (x - 1) / 25, (x - 1) % 25 + 1),
            (x - 1) % 25 + 1, 'Goalkeeper', (x - 1) / 25 + 1 FROM n;
        """
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { fatalError(String(cString: sqlite3_errmsg(db))) }
    return db
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
        objects.reserveCapacity(100_000)
    }

    mutating func insert(_ object: PlayerObject) {
        objects[object.pk] = object
    }
}

/// A uniquing table indexed by the key: pages of 32 object references, made as keys reach
/// them, found through a directory indexed by page number.
struct KeyTable: UniquingTable {
    private var pages: [UnsafeMutablePointer<PlayerObject?>?] = []

    mutating func insert(_ object: PlayerObject) {
        let key = Int(object.pk)
        let page = key >> 5
        if page >= pages.count { pages.append(contentsOf: repeatElement(nil, count: page + 1 - pages.count)) }
        if pages[page] == nil {
            let slots = UnsafeMutablePointer<PlayerObject?>.allocate(capacity: 32)
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
