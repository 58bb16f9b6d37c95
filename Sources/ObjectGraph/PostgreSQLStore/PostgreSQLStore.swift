import Foundation
import ObjectGraphPostgreSQL

/// A store in one schema of a PostgreSQL database, laid out as the SQLite store lays out its
/// file (Core Data's tables: `Z_PRIMARYKEY`, `Z_METADATA`, one table per inheritance
/// hierarchy with `Z_PK`, `Z_ENT`, `Z_OPT`, join tables, `Z_FOK_` positions), so that one
/// database holds as many stores as it has schemas.
///
/// Creating a store takes a transaction-scoped advisory lock on its schema's name, so that
/// concurrent creators make one store and the others open it. A save is one transaction, sent
/// in a few round trips: its keys (one `UPDATE … RETURNING` per entity), its writes (a
/// pipeline), its commit. Optimistic locking is on `Z_OPT`; uniqueness constraints are unique
/// indexes. Requests the SQL cannot answer exactly as ``PredicateEvaluator`` does (see
/// ``SQLQuery/isTranslatable(_:in:)``) are evaluated by the context.
final class PostgreSQLStore: PersistentStore {
    let identifier: String
    let tag: UInt16
    let configuration: ModelConfiguration
    let connection: PostgreSQLConnection
    let schema: StoreSchema
    /// The schema's name in the database.
    let schemaName: String
    /// The store as messages name it: host, port, database and schema, no password.
    let name: String
    /// Whether the store was opened to read only, or is on a hot standby.
    let isReadOnly: Bool
    /// Whether the server is a hot standby, where no transaction writes.
    let isStandby: Bool
    /// Row layouts by entity.
    let layouts: [ObjectIdentifier: RowLayout]
    /// Whether an entity of the model has a uniqueness constraint.
    let hasUniquenessConstraints: Bool
    let tracksHistory: Bool
    /// The queries reading full rows of a table by one key and by an array of keys, by root
    /// entity, built on first use: a fault costs no SQL text to build.
    var rowsByKeySQL: [ObjectIdentifier: (sql: String, anySQL: String)] = [:]

    /// Opens the store in `schema` of the database `connectionString` leads to, or creates it
    /// there (unless `options` make it read-only), migrating a store of an earlier version of
    /// the model when `options` say so.
    ///
    /// - Throws: ``StoreError/unreachable(store:reason:)`` when the server cannot be reached
    ///   or refuses; ``StoreError/notAStore(path:reason:)`` for a schema holding other tables
    ///   or an invalid schema name; ``StoreError/incompatibleModel(path:entities:)``;
    ///   ``StoreError/cannotMigrate(path:_:)``; ``StoreError/server(_:)``.
    init(connection connectionString: String, schema: String, configuration: ModelConfiguration, options: StoreOptions)
        throws(StoreError)
    {
        let destination = PostgreSQLConnection.destination(of: connectionString) ?? "(an unreadable connection string)"
        name = "\(destination) (schema \(schema))"
        schemaName = schema
        self.configuration = configuration
        guard Self.isValidSchemaName(schema) else {
            throw .notAStore(
                path: name,
                reason: "a schema name is 1 to 63 letters, digits and underscores, not starting with a digit")
        }
        let connection: PostgreSQLConnection
        do {
            connection = try PostgreSQLConnection(connectionString)
        } catch {
            throw .unreachable(store: destination, reason: error.message)
        }
        self.connection = connection
        let name = self.name
        func wrap<T>(_ body: () throws -> T) throws(StoreError) -> T {
            do { return try body() } catch { throw Self.storeError(error, store: name) }
        }
        let quoted = Self.quoted(schema)
        let isStandby = try wrap { try connection.execute("SELECT pg_is_in_recovery()").int64(0, 0) != 0 }
        let isReadOnly = options.isReadOnly || isStandby
        (self.isStandby, self.isReadOnly) = (isStandby, isReadOnly)
        let entities = configuration.entities
        let opened = try wrap {
            try connection.inTransaction { () throws -> (String, StoreSchema, Bool) in
                if !isReadOnly {
                    // One creator at a time; the others then find the store made.
                    try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(Self.lockKey(schema))])
                }
                if try Self.holdsStore(connection, schema: schema) {
                    try connection.execute("SET LOCAL search_path TO \(quoted)")
                    let (identifier, storeSchema) = try Self.open(
                        connection, schema: schema, name: name, configuration: configuration, writes: !isReadOnly,
                        migrates: options.migrates && !isReadOnly)
                    // A read-only store without the history's tables cannot get them.
                    let tracksHistory =
                        try Self.tableNames(connection, schema: schema).contains("atransaction")
                        || (options.persistentHistoryTracking && !isReadOnly)
                    if tracksHistory, !isReadOnly, try !SQLHistory.isReady(on: connection) {
                        try connection.perform(SQLHistory.creation(in: .postgreSQL))
                    }
                    return (identifier, storeSchema, tracksHistory)
                }
                guard options.createsStore else { throw StoreError.noStore(path: name) }
                guard !isReadOnly else {
                    throw StoreError.notAStore(
                        path: name,
                        reason: isStandby
                            ? "the schema holds no store, and a standby server cannot create one"
                            : "the schema holds no store, and a read-only store is not created")
                }
                let identifier = UUID().uuidString
                let numbers = Dictionary(uniqueKeysWithValues: entities.map { ($0.name, $0.entityNumber) })
                let schema = StoreSchema(entities: entities, entityNumbers: numbers)
                try connection.execute("CREATE SCHEMA IF NOT EXISTS \(quoted)")
                try connection.execute("SET LOCAL search_path TO \(quoted)")
                try Self.createSchema(schema, configuration: configuration, identifier: identifier, on: connection)
                if options.persistentHistoryTracking { try connection.perform(SQLHistory.creation(in: .postgreSQL)) }
                return (identifier, schema, options.persistentHistoryTracking)
            }
        }
        (identifier, self.schema, tracksHistory) = opened
        _ = try wrap { try connection.execute("SET search_path TO \(quoted)") }
        tag = try StoreTags.tag(for: identifier)
        layouts = RowLayout.layouts(for: self.schema, entities: entities)
        hasUniquenessConstraints = entities.contains { !$0.constraints.isEmpty }
    }

    /// Whether the predicate and orderings translate into PostgreSQL exactly.
    func evaluates(_ request: StoreRequest) -> Bool { SQLQuery.isTranslatable(request, in: .postgreSQL) }

    /// Whether `name` can name a schema: letters, digits and underscores, as PostgreSQL's
    /// unquoted identifiers are, at most 63 bytes.
    static func isValidSchemaName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 63, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }

    /// A schema name as a quoted identifier (checked by ``isValidSchemaName(_:)`` already).
    static func quoted(_ name: String) -> String { "\"\(name)\"" }

    /// The advisory lock guarding the creation of the store in `schema`: a 64-bit FNV-1a hash
    /// of its name.
    static func lockKey(_ schema: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "ObjectGraph store \(schema)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// `error` as a ``StoreError``: itself, or what the server or libpq said.
    static func storeError(_ error: any Error, store: String) -> StoreError {
        switch error {
        case let error as StoreError: return error
        case let error as PostgreSQLError:
            if error.isConnectionFailure { return .unreachable(store: store, reason: error.message) }
            if error.isReadOnlyTransaction { return .readOnlyStandby(store: store) }
            return .server(error)
        default: return .server(PostgreSQLError(message: "\(error)"))
        }
    }

    /// Runs store work, turning its errors into ``StoreError``s.
    func wrap<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw Self.storeError(error, store: name) }
    }
}

@available(*, unavailable)
extension PostgreSQLStore: Sendable {}
