// Unsafe: the statement caches skip run-time exclusivity checks (read for every row written or fault loaded); the
// invariant is above them.

import Foundation
import ObjectGraphSQLite

/// A store in a SQLite database file, laid out as Core Data lays out its own (see
/// ``StoreSchema``), with bookkeeping in `Z_PRIMARYKEY` and `Z_METADATA`.
///
/// A new file is made in WAL mode, and every file is opened with a busy timeout, so that
/// several processes can share it. Opening refuses, without touching them, folders, files that
/// are not databases, databases that are not ObjectGraph or Core Data stores, and stores
/// created with another model.
final class SQLiteStore: PersistentStore {
    let identifier: String
    let tag: UInt16
    let configuration: ModelConfiguration
    let connection: SQLiteConnection
    let schema: StoreSchema
    let path: String
    /// Whether the store was opened to read only (``StoreOptions/isReadOnly``).
    let isReadOnly: Bool
    /// Row layouts by entity.
    let layouts: [ObjectIdentifier: RowLayout]
    /// Whether an entity of the model has a uniqueness constraint: a save then looks at them.
    let hasUniquenessConstraints: Bool
    let tracksHistory: Bool
    // Statements of SQL made from the schema, prepared on first use and kept here so that a
    // row read or written costs no SQL text to build or hash. Only the store's own methods
    // touch them, never while another access to the same cache is open: no run-time
    // exclusivity checks. (The store is confined to its coordinator's thread, as it is not
    // Sendable, and a method looks a statement up, or stores one, in a single access; it
    // prepares the statement in between, with no access open.)
    /// Statements on lists of keys (faults, to-many relationships).
    @exclusivity(unchecked) var keyedStatements: [KeyedStatementKey: SQLiteStatement] = [:]
    /// DELETE statements by root entity.
    @exclusivity(unchecked) var deleteStatements: [ObjectIdentifier: RowDeleteStatements] = [:]
    /// Statements reading and deleting the rows of one owner, by the to-one naming it.
    @exclusivity(unchecked) var ownerStatements: [ObjectIdentifier: OwnerStatements] = [:]
    /// UPDATE statements by the columns they set.
    @exclusivity(unchecked) var updateStatements: [UpdateShape: SQLiteStatement] = [:]
    /// INSERT statements by entity, built on first use.
    @exclusivity(unchecked) var insertPlans: [ObjectIdentifier: InsertPlan] = [:]

    /// Every request: SQLite calls the evaluator's own string functions.
    func evaluates(_ request: StoreRequest) -> Bool { true }

    /// How long a write waits for another process's transaction before failing.
    static let busyTimeoutMilliseconds = 5_000

    /// Opens the store at `url`, or creates it (unless `options` make it read-only), holding
    /// the entities of `configuration`.
    ///
    /// - Throws: ``StoreError``; ``StoreError/inaccessible(path:reason:)`` when the system
    ///   refuses this process the file or its folder, whatever SQLite said;
    ///   ``StoreError/damaged(path:reason:)`` when SQLite finds the file malformed.
    convenience init(url: URL, configuration: ModelConfiguration, options: StoreOptions = StoreOptions()) throws {
        do {
            try self.init(opening: url, configuration: configuration, options: options)
        } catch {
            if let problem = Self.accessProblem(at: url.path, readOnly: options.isReadOnly) {
                throw StoreError.inaccessible(path: url.path, reason: problem)
            }
            if case StoreError.database(let error) = error, error.isDamage {
                throw StoreError.damaged(path: url.path, reason: error.message)
            }
            throw error
        }
    }

    /// What keeps this process from reading (and, unless `readOnly`, writing) the store file
    /// at `path`, or from making files in its folder, in the system's words; `nil` when
    /// nothing does.
    static func accessProblem(at path: String, readOnly: Bool) -> String? {
        if access(path, F_OK) == 0 {
            if access(path, R_OK) != 0 { return "it cannot be read (\(String(cString: strerror(errno))))" }
            if readOnly { return nil }
            if access(path, W_OK) != 0 {
                return
                    "it is read-only to this user (\(String(cString: strerror(errno)))), and a store is opened to read and write"
            }
        }
        let folder = URL(filePath: path).deletingLastPathComponent().path
        guard !readOnly, access(folder, W_OK | X_OK) != 0 else { return nil }
        return
            "its folder \(folder) is not writable (\(String(cString: strerror(errno)))), and SQLite keeps the store's -wal and -shm files there, even for reading"
    }

    private init(opening url: URL, configuration: ModelConfiguration, options: StoreOptions) throws {
        let path = url.path
        self.path = path
        self.configuration = configuration
        isReadOnly = options.isReadOnly
        let entities = configuration.entities
        let connection: SQLiteConnection
        let schema: StoreSchema
        try Self.refuseFolder(at: path)
        if Self.isEmptyOrMissing(path) {
            guard options.createsStore else { throw StoreError.noStore(path: path) }
            guard !options.isReadOnly else {
                throw StoreError.notAStore(
                    path: path, reason: "the file is missing or empty, and a read-only store is not created")
            }
            // The tag first: a process out of tags makes no file.
            let identifier = UUID().uuidString
            tag = try StoreTags.tag(for: identifier)
            connection = try Self.wrap { try SQLiteConnection(path: path) }
            connection.setBusyTimeout(ms: Self.busyTimeoutMilliseconds)
            try Self.registerFunctions(on: connection)
            let numbers = Dictionary(uniqueKeysWithValues: entities.map { ($0.name, $0.entityNumber) })
            schema = StoreSchema(entities: entities, entityNumbers: numbers)
            try Self.wrap {
                try connection.execute("PRAGMA journal_mode = WAL")
                try connection.inTransaction {
                    try Self.createSchema(schema, configuration: configuration, identifier: identifier, on: connection)
                    if options.persistentHistoryTracking { try connection.perform(SQLHistory.creation(in: .sqlite)) }
                }
            }
            self.identifier = identifier
            tracksHistory = options.persistentHistoryTracking
        } else {
            // An existing store keeps its journal mode: WAL for the stores ObjectGraph makes,
            // whatever Core Data's has.
            let opened = try Self.open(path: path, configuration: configuration, options: options)
            (connection, identifier, schema) = (opened.connection, opened.identifier, opened.schema)
            // A read-only store without the history's tables cannot get them.
            tracksHistory = opened.keepsHistory || (options.persistentHistoryTracking && !options.isReadOnly)
            if !options.isReadOnly {
                try Self.synchroniseIndexes(
                    connection, path: path, model: configuration.model, schema: schema, metadata: opened.metadata)
                if tracksHistory { try Self.prepareHistory(on: connection) }
            }
            tag = try StoreTags.tag(for: identifier)
        }
        self.connection = connection
        self.schema = schema
        layouts = RowLayout.layouts(for: schema, entities: entities)
        hasUniquenessConstraints = entities.contains { !$0.constraints.isEmpty }
        if !options.isReadOnly { try Self.wrap { try connection.execute("PRAGMA synchronous = NORMAL") } }
    }

    /// Runs SQLite work, turning its errors into ``StoreError/database(_:)``.
    static func wrap<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw storeError(error)
        }
    }

    /// `error` as a ``StoreError``: itself, or ``StoreError/database(_:)``.
    static func storeError(_ error: any Error) -> StoreError {
        switch error {
        case let error as StoreError: error
        case let error as SQLiteError: .database(error)
        default: .database(SQLiteError(resultCode: 1, message: "\(error)"))
        }
    }

    // MARK: Creating

    private static func createSchema(
        _ schema: StoreSchema, configuration: ModelConfiguration, identifier: String, on connection: SQLiteConnection
    ) throws {
        try connection.execute(
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
        try connection.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
        try connection.execute("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
        for entity in configuration.entities {
            try connection.execute(
                "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, 0)",
                [
                    .integer(Int64(schema.number(of: entity))), .text(entity.name),
                    .integer(Int64(entity.superentity.map(schema.number(of:)) ?? 0)),
                ])
        }
        let plist = try StoreMetadata(identifier: identifier, configuration: configuration, schema: schema).propertyList()
        try connection.execute(
            "INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)",
            [.text(identifier), .blob([UInt8](plist))])
        for statement in schema.creationSQL() { try connection.execute(statement) }
    }

    // MARK: Opening

    /// Checks that the store has every entity table of `schema`: a store whose table another
    /// program dropped would otherwise read as one without those objects.
    ///
    /// - Throws: ``StoreError/damaged(path:reason:)`` naming the first table missing.
    private static func checkTables(of schema: StoreSchema, in existing: ExistingSchema, path: String) throws(StoreError) {
        // Entity tables only: a join table's name holds entity numbers, which another program
        // may have renumbered (the store then fails where it uses that relationship).
        if let missing = schema.tables.values.map(\.name).sorted().first(where: { existing.table(named: $0) == nil }) {
            throw .damaged(path: path, reason: "its table \(missing) is missing")
        }
    }

    /// Refuses a folder at `path`, of which SQLite would only say that it cannot open it.
    ///
    /// - Throws: ``StoreError/notAStore(path:reason:)`` if `path` is a folder.
    static func refuseFolder(at path: String) throws(StoreError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return }
        throw .notAStore(path: path, reason: "it is a folder")
    }

    /// Whether the store at `path` is to be created: no file, or an empty one.
    private static func isEmptyOrMissing(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 || status.st_size == 0
    }

    /// An existing store, opened and checked.
    private struct OpenedStore {
        var connection: SQLiteConnection
        /// The store's UUID.
        var identifier: String
        var schema: StoreSchema
        var metadata: StoreMetadata
        /// Whether the store has the persistent history's tables.
        var keepsHistory: Bool
    }

    /// Opens an existing file, checking it with reads only.
    ///
    /// A file refused is left as it was, its `-wal` included. The file must be a database, one
    /// of ObjectGraph's of this configuration or of an older version of it, which is then
    /// migrated, or one Core Data wrote whose tables hold the configuration's entities and
    /// properties.
    private static func open(
        path: String, configuration: ModelConfiguration, options: StoreOptions
    ) throws(StoreError) -> OpenedStore {
        let entities = configuration.entities
        // Reading a file in WAL mode makes its -wal and -shm files.
        let hadLog = ["-wal", "-shm"].contains { access(path + $0, F_OK) == 0 }
        let reader: SQLiteConnection
        do {
            reader = try SQLiteConnection(path: path, readOnly: options.isReadOnly, create: false)
        } catch {
            throw .notAStore(path: path, reason: "cannot open it: \(error)")
        }
        // Closed after a refusal, the connection leaves the file as it found it: a log it had
        // stays as it was, and one that reading made goes, as SQLite removes a log the last
        // connection to a file closes (one without frames: the connection only read).
        reader.setCheckpointsOnClose(!hadLog)
        // Another process may be writing: wait for it.
        reader.setBusyTimeout(ms: busyTimeoutMilliseconds)
        // Before any index is made or written: an index expression may call them.
        try registerFunctions(on: reader)
        var existing: ExistingSchema
        do {
            // The columns only of a store Core Data wrote, read below.
            existing = try ExistingSchema(reading: reader, withColumns: false)
        } catch let error as SQLiteError {
            switch error.primaryResultCode {
            case 26: throw .notAStore(path: path, reason: "the file is not a SQLite database")
            case 11: throw .damaged(path: path, reason: error.message)
            case 5, 6: throw .database(error)  // busy or locked: ours or not, it cannot be told now
            default: throw .notAStore(path: path, reason: error.message)
            }
        } catch {
            throw .notAStore(path: path, reason: "\(error)")
        }
        guard existing.table(named: "Z_METADATA") != nil, existing.table(named: "Z_PRIMARYKEY") != nil else {
            throw .notAStore(path: path, reason: "it has no Z_METADATA and Z_PRIMARYKEY tables")
        }
        let metadataRows = try wrap { try reader.prepare("SELECT Z_UUID, Z_PLIST FROM Z_METADATA").rows() }
        guard let row = metadataRows.first, case .text(let uuid) = row[0], case .blob(let bytes) = row[1],
            var metadata = try? StoreMetadata(propertyList: Data(bytes))
        else { throw .notAStore(path: path, reason: "its Z_METADATA row is missing or unreadable") }
        // The UUID names the store in every object's URI, as Core Data writes it.
        guard UUID(standardForm: uuid) != nil else {
            throw .notAStore(path: path, reason: "its Z_METADATA row's Z_UUID \(uuid.debugDescription) is not a UUID")
        }

        let schema: StoreSchema
        if metadata.isWrittenByCoreData {
            // Core Data's version hashes are its own: the tables tell whether the model fits.
            let numbers = try entityNumbers(on: reader)
            existing = try wrap { try ExistingSchema(reading: reader) }
            schema = StoreSchema(entities: entities, entityNumbers: numbers, existing: existing)
            let differences =
                entityDifferences(configuration, numbers: numbers) + schema.differences(from: existing, entities: entities)
            guard differences.isEmpty else { throw .mismatchedSchema(path: path, differences: differences) }
        } else {
            if !configuration.isCompatible(with: metadata) {
                guard options.migrates, let earlier = try? configuration.version(matching: metadata) else {
                    throw .incompatibleModel(path: path, entities: configuration.differingEntities(metadata))
                }
                try migrate(reader, path: path, from: earlier, to: configuration)
                metadata = try readMetadata(on: reader, path: path)
                existing = try wrap { try ExistingSchema(reading: reader, withColumns: false) }
            }
            let numbers = try entityNumbers(on: reader)
            guard Set(numbers.keys) == Set(entities.map(\.name)) else {
                throw .notAStore(path: path, reason: "its Z_PRIMARYKEY table does not list the entities the store holds")
            }
            schema = StoreSchema(entities: entities, entityNumbers: numbers)
            try checkTables(of: schema, in: existing, path: path)
        }
        if !options.isReadOnly { reader.setCheckpointsOnClose(true) }
        return OpenedStore(
            connection: reader, identifier: uuid, schema: schema, metadata: metadata,
            keepsHistory: existing.table(named: "ATRANSACTION") != nil)
    }

    /// How the entities a store's `Z_PRIMARYKEY` lists differ from the configuration's: one of
    /// them missing, or one the model does not have (Core Data may list the model's other
    /// entities in a store of a configuration).
    private static func entityDifferences(_ configuration: ModelConfiguration, numbers: [String: Int]) -> [String] {
        let names = Set(configuration.model.entities.map(\.name))
        return configuration.entities.map(\.name).filter { numbers[$0] == nil }.sorted().map {
            "\($0): not in the store's Z_PRIMARYKEY"
        }
            + numbers.keys.filter { !names.contains($0) }.sorted().map { "\($0): in the store, not in the model" }
    }

    /// Registers the SQL functions the predicate translation and index expressions call on
    /// `connection`: string folding and matching, shared with the in-memory evaluator so both
    /// give the same answers.
    private static func registerFunctions(on connection: SQLiteConnection) throws(StoreError) {
        try wrap {
            try connection.createFunction("og_fold", argumentCount: 2) { arguments in
                guard case .text(let text) = arguments[0], case .integer(let options) = arguments[1] else { return arguments[0] }
                return .text(StringFolding.fold(text, ComparisonPredicate.Options(rawValue: UInt8(options))))
            }
            for (name, transform) in [("og_upper", { (text: String) in text.uppercased() }), ("og_lower", { $0.lowercased() })] {
                try connection.createFunction(name, argumentCount: 1) { arguments in
                    guard case .text(let text) = arguments[0] else { return arguments[0] }
                    return .text(transform(text))
                }
            }
            try connection.createFunction("og_like", argumentCount: 3) { arguments in
                guard case .text(let text) = arguments[0], case .text(let pattern) = arguments[1],
                    case .integer(let options) = arguments[2]
                else { return .null }
                return .integer(StringMatching.like(text, pattern: pattern, options: .init(rawValue: UInt8(options))) ? 1 : 0)
            }
            try connection.createFunction("og_matches", argumentCount: 3) { arguments in
                guard case .text(let text) = arguments[0], case .text(let pattern) = arguments[1],
                    case .integer(let options) = arguments[2]
                else { return .null }
                return .integer(
                    try StringMatching.matches(text, regex: pattern, options: .init(rawValue: UInt8(options))) ? 1 : 0)
            }
        }
    }
}

@available(*, unavailable)
extension SQLiteStore: Sendable {}
