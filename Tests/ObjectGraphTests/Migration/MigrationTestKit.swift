import Foundation
import Testing

@testable import ObjectGraph
@testable import ObjectGraphPostgreSQL
@testable import ObjectGraphSQLite

// What the migration suites share beyond `MigrationSupport.swift`: versioned models in one
// line, a store whose log holds its last save, byte snapshots, and reads of the SQL schema.

extension ManagedObjectModel {
    /// The versioned model of `versions` (name and XML, oldest first) whose current version is
    /// `current`, or the last one.
    static func versioned(_ versions: [(name: String, xml: Data)], current: String? = nil) throws -> ManagedObjectModel {
        try ManagedObjectModel(
            versions: versions.map { ModelVersion(name: $0.name, xml: $0.xml) }, current: current ?? versions.last!.name)
    }
}

extension ModelXML {
    /// `entities` with each change made: every text to replace must occur in it.
    static func edit(_ entities: String, _ changes: [(String, String)]) throws -> String {
        var edited = entities
        for (old, new) in changes {
            try #require(edited.contains(old), "the model lacks \(old)")
            edited = edited.replacingOccurrences(of: old, with: new)
        }
        return edited
    }
}

extension ManagedObject {
    /// The `name` of the object a to-one points at, or `nil`.
    func name(of key: String) throws -> String? {
        guard let object = try value(forKey: key) as? ManagedObject else { return nil }
        return try object.value(forKey: "name") as? String
    }

    /// The `name`s of the objects a to-many holds.
    func names(of key: String) throws -> Set<String> {
        let objects = try #require(try value(forKey: key) as? Set<ManagedObject>, "\(key) is not a to-many")
        return Set(try objects.map { try #require(try $0.value(forKey: "name") as? String) })
    }

    /// The value of an attribute as the framework's value type, to compare across types.
    func attribute(_ key: String) throws -> AttributeValue {
        try #require(AttributeValue(any: try value(forKey: key)))
    }
}

extension ManagedObjectContext {
    /// The object of `entity` whose `name` is `name`, required to exist once.
    func one(_ entity: String, named name: String) throws -> ManagedObject {
        try one(entity, named: name, key: "name")
    }

    /// The object of `entity` whose `key` is `value`, required to exist once.
    func one(_ entity: String, named value: String, key: String) throws -> ManagedObject {
        let matches = try all(entity, by: key).filter { try $0.value(forKey: key) as? String == value }
        try #require(matches.count == 1, "\(matches.count) \(entity) objects with \(key) \(value)")
        return matches[0]
    }

    /// The `name`s of every object of `entity`, sorted.
    func names(_ entity: String) throws -> [String] {
        try all(entity, by: "name").map { try #require(try $0.value(forKey: "name") as? String) }
    }
}

/// What a store holds, to tell whether anything changed: the bytes of a store file and of its
/// log (`nil` when there is none, or an empty one: SQLite may leave an empty log behind a
/// reader); a PostgreSQL store's tables with their columns and rows, as text.
struct StoreBytes: Equatable {
    var store: Data
    var log: Data?

    init(of store: MigrationStore) throws {
        guard store.kind == .postgreSQL else {
            self.store = try Data(contentsOf: store.url)
            log = FileManager.default.contents(atPath: store.path + "-wal").flatMap { $0.isEmpty ? nil : $0 }
            return
        }
        var dump = ""
        for table in try store.tables().sorted() {
            dump += "\(table) \(try store.columns(of: table).sorted())\n"
            dump += try store.texts("SELECT CAST(ROW(t.*) AS TEXT) FROM \(table) t").sorted().joined(separator: "\n") + "\n"
        }
        self.store = Data(dump.utf8)
    }
}

extension MigrationStore {
    /// Creates the store with `xml` and `fill`, then saves `more` through a second coordinator
    /// and copies the store and its `-wal` while that coordinator is still open: the store under
    /// test holds its last save in its log only, as a store left by a running program does.
    func createWithPendingLog(
        _ xml: Data, _ fill: (ManagedObjectContext) throws -> Void, then more: (ManagedObjectContext) throws -> Void
    ) throws {
        let origin = try MigrationStore()
        try origin.create(xml, fill)
        try withExtendedLifetime(try origin.open(try ManagedObjectModel(xml: xml))) { context in
            try more(context)
            try context.save()
            let log = try #require(FileManager.default.contents(atPath: origin.path + "-wal"))
            try #require(!log.isEmpty, "the log of the open store is empty")
            try FileManager.default.copyItem(atPath: origin.path, toPath: path)
            try FileManager.default.copyItem(atPath: origin.path + "-wal", toPath: path + "-wal")
        }
    }

    /// A connection of its own to the store's file (read-only) or schema.
    private func database() throws -> any MigrationDatabase {
        guard kind == .postgreSQL else { return try SQLiteConnection(path: path, readOnly: true) }
        let connection = try PostgreSQLConnection(try PostgreSQLTestServer.connectionURL())
        try connection.execute("SET search_path TO \(schema)")
        return connection
    }

    /// The store's metadata, read without opening it as a store.
    func metadata() throws -> StoreMetadata {
        guard kind == .postgreSQL else { return try PersistentStoreCoordinator.metadataForPersistentStore(at: url) }
        guard case .blob(let bytes) = try database().rows("SELECT Z_PLIST FROM Z_METADATA", []).first?.first else {
            throw StoreError.notAStore(path: schema, reason: "no metadata")
        }
        return try StoreMetadata(propertyList: Data(bytes))
    }

    /// The first column of every row `sql` (placeholders `?`) returns, as text, read on a
    /// connection of its own.
    func texts(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [String] {
        try database().rows(sql, arguments).map { row in
            guard case .text(let text) = row[0] else { return row[0].description }
            return text
        }
    }

    /// The tables of the store, upper-cased.
    func tables() throws -> Set<String> {
        let sql =
            kind == .postgreSQL
            ? "SELECT tablename::text FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
            : "SELECT name FROM sqlite_master WHERE type = 'table'"
        return Set(try texts(sql).map { $0.uppercased() })
    }

    /// The columns of `table`, upper-cased.
    func columns(of table: String) throws -> Set<String> {
        Set(try database().columns(of: table).map { $0.uppercased() })
    }

    /// The store's indexes as "TABLE(COLUMN, …)", upper-cased (the indexes of primary keys
    /// left out).
    func indexes() throws -> Set<String> {
        if kind == .postgreSQL {
            return Set(
                try database().rows(
                    """
                    SELECT table_class.relname::text || '(' || array_to_string(ARRAY(\
                    SELECT attname::text FROM unnest(pg_index.indkey::int2[]) WITH ORDINALITY AS key(number, position) \
                    JOIN pg_catalog.pg_attribute ON attrelid = table_class.oid AND attnum = key.number \
                    ORDER BY key.position), ', ') || ')' \
                    FROM pg_catalog.pg_index \
                    JOIN pg_catalog.pg_class table_class ON table_class.oid = pg_index.indrelid \
                    JOIN pg_catalog.pg_namespace ON pg_namespace.oid = table_class.relnamespace \
                    WHERE pg_namespace.nspname = current_schema() AND NOT pg_index.indisprimary
                    """, []
                ).map { row in
                    guard case .text(let text) = row[0] else { return "?" }
                    return text.uppercased()
                })
        }
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let rows = try connection.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            .rows()
        return Set(
            try rows.map { row in
                guard case .text(let name) = row[0], case .text(let table) = row[1] else { return "?" }
                let columns = try connection.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno").rows([.text(name)])
                    .map { column -> String in
                        guard case .text(let text) = column[0] else { return "?" }
                        return text
                    }
                return "\(table)(\(columns.joined(separator: ", ")))".uppercased()
            })
    }

    /// Whether the migration left its backup copy beside the store (a SQLite store's; a
    /// PostgreSQL store migrates in a transaction and makes none).
    var hasBackup: Bool { FileManager.default.fileExists(atPath: path + ".migration-backup") }
}

/// Runs `body`, which must throw a ``StoreError``, and returns it.
func storeError(_ body: () throws -> Void) throws -> StoreError {
    try #require(throws: StoreError.self) { try body() }
}

/// The ``MigrationError`` inside a ``StoreError/cannotMigrate(path:_:)``, required.
func migrationError(_ error: StoreError, sourceLocation: SourceLocation = #_sourceLocation) throws -> MigrationError {
    guard case .cannotMigrate(_, let migration) = error else {
        Issue.record("expected cannotMigrate, got \(error)", sourceLocation: sourceLocation)
        throw error
    }
    return migration
}
