// libFuzzer target for `make fuzz FUZZ=store`, a client of the public API (built by the
// Makefile, not SwiftPM): each input is a list of edits made with the SQLite C API to a store
// ObjectGraph saved, as another program or a damaged disk might leave it: any value of any
// type in any cell, rows deleted or copied, bytes of a value changed, indexes, columns and
// tables dropped. ObjectGraph then opens the edited file, fetches every entity (at once, in
// batches, counted, across relationships), reads every property, follows every relationship,
// fires faults by ID, changes and deletes objects and saves.
// Errors are fine; a crash stops the fuzzer with the input saved. A save that succeeds must
// leave a store that opens again.

import CSQLite
import Foundation
import ObjectGraph

/// The store every input edits, saved once per process, and what its tables hold.
private final class SeedStore {
    let model: ManagedObjectModel
    let bytes: Data
    let directory: URL
    private var inputs = 0
    /// Every table with its columns, and every index, as the seed store has them.
    let tables: [(name: String, columns: [String])]
    let indexes: [String]

    init() throws {
        model = try FuzzGraph.model()
        let seed = try FuzzGraph.emptyDirectory(named: "store-seed").appending(path: "seed.sqlite")
        do {
            let coordinator = PersistentStoreCoordinator(model: model)
            try coordinator.addPersistentStore(.sqlite(seed))
            let context = ManagedObjectContext(coordinator: coordinator)
            try FuzzGraph.insert(into: context)
            try context.save()
        }
        // The coordinator is gone: its connection closed and folded the log into the file.
        // A fixed UUID, so that an input does the same in every run.
        let database = try RawDatabase(seed)
        database.strings("UPDATE Z_METADATA SET Z_UUID = '00000000-0000-4000-8000-000000000000'")
        let names = database.strings("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        tables = names.map { name in (name, database.strings("SELECT name FROM pragma_table_info(?)", .text(Array(name.utf8)))) }
        indexes = database.strings("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        database.close()
        bytes = try Data(contentsOf: seed)
        directory = try FuzzGraph.emptyDirectory(named: "store-edited")
    }

    /// A new file for the next input (no state of SQLite's for a file reaches the next one).
    func nextFile() -> URL {
        inputs += 1
        return directory.appending(path: "store-\(inputs).sqlite")
    }
}

/// A SQLite connection of the harness's own, beside ObjectGraph's.
private final class RawDatabase {
    private var handle: OpaquePointer?

    init(_ url: URL) throws {
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            sqlite3_close_v2(handle)
            throw CocoaError(.fileReadUnknown)
        }
    }

    deinit { close() }

    func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Runs `sql` with `values` bound in order; returns its rows' first columns as text.
    @discardableResult
    func strings(_ sql: String, _ values: SQLiteInput...) -> [String] {
        run(sql, values) { statement in sqlite3_column_text(statement, 0).map { String(cString: $0) } }
    }

    /// Runs `sql` with `values` bound in order; returns the first column of its first row.
    func firstValue(_ sql: String, _ values: SQLiteInput...) -> SQLiteInput? {
        run(sql, values) { statement -> SQLiteInput? in
            switch sqlite3_column_type(statement, 0) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, 0))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, 0))
            case SQLITE_TEXT, SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, 0))
                let bytes =
                    sqlite3_column_blob(statement, 0).map { [UInt8](UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
                return sqlite3_column_type(statement, 0) == SQLITE_TEXT ? .text(bytes) : .blob(bytes)
            default: return .null
            }
        }.first ?? nil
    }

    private func run<Row>(_ sql: String, _ values: [SQLiteInput], _ row: (OpaquePointer) -> Row?) -> [Row] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return [] }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() { value.bind(to: statement, at: Int32(index + 1)) }
        var rows: [Row] = []
        while sqlite3_step(statement) == SQLITE_ROW { row(statement).map { rows.append($0) } }
        return rows
    }
}

/// A value bound as it is, of any of SQLite's storage classes; text need not be UTF-8.
private enum SQLiteInput {
    case null
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob([UInt8])

    func bind(to statement: OpaquePointer, at index: Int32) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch self {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let value): sqlite3_bind_int64(statement, index, value)
        case .real(let value): sqlite3_bind_double(statement, index, value)
        case .text(let bytes):
            // Never an empty buffer: SQLite reads a missing pointer as NULL, not as empty text.
            (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sqlite3_bind_text(statement, index, $0.baseAddress, Int32(bytes.count), transient)
                }
            }
        case .blob(let bytes):
            (bytes + [0]).withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(bytes.count), transient) }
        }
    }
}

/// The fuzzer's bytes, read as the edits' choices; past the end every read is zero.
private struct EditScript {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func choice(_ count: Int) -> Int { count == 0 ? 0 : Int(byte()) % count }

    mutating func int64() -> Int64 { (0..<8).reduce(0) { value, _ in value << 8 | Int64(byte()) } }

    mutating func bytes(upTo limit: Int) -> [UInt8] { (0..<choice(limit + 1)).map { _ in byte() } }

    /// A value of any storage class, weighted towards those that trip readers up.
    mutating func value() -> SQLiteInput {
        switch choice(8) {
        case 0: return .null
        case 1: return .integer(Int64(Int8(bitPattern: byte())))
        case 2: return .integer(int64())
        case 3: return .integer([0, 1, -1, .max, .min, 1 << 16, Int64(Int16.max) + 1, 1 << 53, 1 << 62][choice(9)])
        case 4: return .real(Double(bitPattern: UInt64(bitPattern: int64())))
        case 5: return .text(bytes(upTo: 24))
        case 6: return .blob(bytes(upTo: 24))
        default: return .integer(Int64(choice(40)))
        }
    }
}

/// Makes one edit to the file: the script's next choices pick what and where.
private func edit(_ database: RawDatabase, _ script: inout EditScript, seed: SeedStore) {
    let table = seed.tables[script.choice(seed.tables.count)]
    let name = "\"\(table.name)\""
    let column = "\"\(table.columns[script.choice(table.columns.count)])\""
    let row = "(SELECT rowid FROM \(name) LIMIT 1 OFFSET ?)"
    let offset = SQLiteInput.integer(Int64(script.choice(32)))
    switch script.choice(8) {
    case 0, 1, 2:
        database.strings("UPDATE \(name) SET \(column) = ? WHERE rowid = \(row)", script.value(), offset)
    case 3:
        database.strings("DELETE FROM \(name) WHERE rowid = \(row)", offset)
    case 4:
        let copied = table.columns.filter { $0 != "Z_PK" }.map { "\"\($0)\"" }.joined(separator: ", ")
        database.strings("INSERT INTO \(name) (\(copied)) SELECT \(copied) FROM \(name) WHERE rowid = \(row)", offset)
    case 5:
        // One byte of a value changed in place, its storage class kept: a damaged plist,
        // text that is no longer UTF-8, a UUID of the wrong length once cut.
        guard let value = database.firstValue("SELECT \(column) FROM \(name) WHERE rowid = \(row)", offset) else { return }
        let position = Int(script.byte())
        let replacement = script.byte()
        let cut = script.byte() % 4 == 0
        func changed(_ bytes: [UInt8]) -> [UInt8] {
            guard !bytes.isEmpty else { return [replacement] }
            var bytes = bytes
            bytes[position % bytes.count] = replacement
            return cut ? Array(bytes.prefix(position % bytes.count)) : bytes
        }
        let edited: SQLiteInput
        switch value {
        case .text(let bytes): edited = .text(changed(bytes))
        case .blob(let bytes): edited = .blob(changed(bytes))
        default: return
        }
        database.strings("UPDATE \(name) SET \(column) = ? WHERE rowid = \(row)", edited, offset)
    case 6:
        database.strings("DROP INDEX \"\(seed.indexes[script.choice(seed.indexes.count)])\"")
    default:
        database.strings(script.byte() % 4 == 0 ? "DROP TABLE \(name)" : "ALTER TABLE \(name) DROP COLUMN \(column)")
    }
}

/// Uses the store at `url` every way a program would; returns whether a save succeeded.
private func exercise(_ url: URL, model: ManagedObjectModel) -> Bool {
    let coordinator = PersistentStoreCoordinator(model: model)
    guard (try? coordinator.addPersistentStore(.sqlite(url))) != nil else { return false }
    let context = ManagedObjectContext(coordinator: coordinator)
    var fetched: [ManagedObject] = []
    for entity in model.entities {
        let request = FetchRequest<ManagedObject>(entityName: entity.name)
        if let objects = try? context.fetch(request) { fetched += objects }
        _ = try? context.count(for: request)
        if let batches = try? context.fetch(request, batchSize: 2) { for object in batches { read(object) } }
        let sorted = FetchRequest<ManagedObject>(
            entityName: entity.name, sortOrderings: entity.persistentAttributes.map { FetchOrdering($0.name) })
        _ = try? context.fetch(sorted)
    }
    for (entity, format) in [
        ("Player", "team.name BEGINSWITH 'P' OR team.group.name == 'A'"),
        ("Team", "players.@count > 1 AND ANY players.number < 10"),
        ("Sponsor", "ANY players.team.code == 'POL'"), ("Human", "name CONTAINS[cd] 'u'"),
    ] {
        _ = try? context.fetch(FetchRequest<ManagedObject>(entityName: entity, predicate: try? FetchPredicate(format: format)))
    }
    for object in fetched { read(object) }

    // Faults by ID, in a context that has seen none of them.
    let other = ManagedObjectContext(coordinator: coordinator)
    for object in fetched { if let found = try? other.existingObject(with: object.objectID) { read(found) } }

    // Change and delete, and save; then insert and relate, and save.
    for (index, object) in fetched.enumerated() where !object.isDeleted {
        if index % 3 == 0 {
            context.delete(object)
        } else if let attribute = object.entity.persistentAttributes.first {
            try? object.setValue(
                index % 2 == 0 ? nil : (try? object.value(forKey: attribute.name)) ?? nil, forKey: attribute.name)
        }
    }
    var saved = (try? context.save()) != nil
    context.rollback()
    let survivors = fetched.filter { !$0.isDeleted && $0.managedObjectContext != nil }
    for entity in model.entities where !entity.isAbstract {
        guard let object = try? context.insertNewObject(forEntityName: entity.name) else { continue }
        for attribute in entity.attributes where !attribute.isOptional {
            let value: Any? =
                switch attribute.attributeType {
                case .string: "Fuzz"
                case .integer16: Int16(7)
                case .date: Date(timeIntervalSinceReferenceDate: 0)
                default: nil
                }
            try? object.setValue(value, forKey: attribute.name)
        }
        for relationship in entity.relationships {
            guard let related = survivors.first(where: { $0.entity.isKind(of: relationship.destinationEntity) }) else { continue }
            try? object.setValue(relationship.isToMany ? Set([related]) : related, forKey: relationship.name)
        }
    }
    saved = (try? context.save()) != nil || saved
    return saved
}

/// Reads every property of `object`, and the objects its relationships reach.
private func read(_ object: ManagedObject) {
    let names = object.entity.attributes.map(\.name) + object.entity.relationships.map(\.name)
    for name in names {
        switch try? object.value(forKey: name) {
        case let related as ManagedObject: _ = try? related.value(forKey: related.entity.attributes.first?.name ?? "")
        case let members as Set<ManagedObject>: for member in members { _ = member.objectID.uriRepresentation }
        default: break
        }
    }
}

nonisolated(unsafe) private var seedStore: SeedStore?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    if seedStore == nil {
        do { seedStore = try SeedStore() } catch { fatalError("cannot make the seed store: \(error)") }
    }
    let seed = seedStore!
    let file = seed.nextFile()
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
    guard (try? seed.bytes.write(to: file)) != nil else { fatalError("cannot write \(file.path)") }
    do {
        guard let database = try? RawDatabase(file) else { return 0 }
        var script = EditScript(bytes: UnsafeRawBufferPointer(start: bytes, count: count))
        while !script.isAtEnd { edit(database, &script, seed: seed) }
    }
    if exercise(file, model: seed.model) {
        let again = PersistentStoreCoordinator(model: seed.model)
        do { try again.addPersistentStore(.sqlite(file)) } catch {
            fatalError("a store saved without error does not open again: \(error)")
        }
    }
    return 0
}
