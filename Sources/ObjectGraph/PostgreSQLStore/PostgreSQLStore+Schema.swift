import Foundation
import ObjectGraphPostgreSQL

/// Creating and opening a store's tables.
extension PostgreSQLStore {
    /// Whether `schema` holds a store: its `Z_METADATA` table.
    static func holdsStore(_ connection: PostgreSQLConnection, schema: String) throws -> Bool {
        try connection.execute(
            "SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = $1 AND tablename = 'z_metadata'", [.text(schema)]
        ).rowCount > 0
    }

    /// The tables of `schema`, lower-cased as PostgreSQL keeps unquoted names.
    ///
    /// The schema is named, not `current_schema()`: the catalog then finds its tables by index.
    static func tableNames(_ connection: PostgreSQLConnection, schema: String) throws -> Set<String> {
        let result = try connection.execute(
            "SELECT tablename::text FROM pg_catalog.pg_tables WHERE schemaname = $1", [.text(schema)])
        return Set((0..<result.rowCount).compactMap { result.text($0, 0) })
    }

    /// Opens the store in the current schema: its UUID and schema, checked against the
    /// configuration.
    ///
    /// A store `writes` opens gets the model's indexes when they changed, and, when it
    /// `migrates`, a store of an earlier version of the model is migrated (in the caller's
    /// transaction, which holds the store's advisory lock).
    static func open(
        _ connection: PostgreSQLConnection, schema schemaName: String, name: String, configuration: ModelConfiguration,
        writes: Bool, migrates: Bool
    ) throws -> (String, StoreSchema) {
        var tables = try tableNames(connection, schema: schemaName)
        guard tables.contains("z_primarykey") else {
            throw StoreError.notAStore(path: name, reason: "it has no Z_METADATA and Z_PRIMARYKEY tables")
        }
        let rows = try connection.execute("SELECT Z_UUID, Z_PLIST FROM Z_METADATA")
        guard rows.rowCount > 0, let uuid = rows.text(0, 0), UUID(uuidString: uuid) != nil, let plist = rows.bytes(0, 1),
            var metadata = try? StoreMetadata(propertyList: Data(plist))
        else { throw StoreError.notAStore(path: name, reason: "its Z_METADATA row is missing or unreadable") }
        if !configuration.isCompatible(with: metadata) {
            guard migrates, let earlier = try? configuration.version(matching: metadata) else {
                throw StoreError.incompatibleModel(path: name, entities: configuration.differingEntities(metadata))
            }
            metadata = try migrate(connection, name: name, metadata: metadata, from: earlier, to: configuration)
            tables = try tableNames(connection, schema: schemaName)
        }
        let numbers = try entityNumbers(connection)
        let entities = configuration.entities
        guard Set(numbers.keys) == Set(entities.map(\.name)) else {
            throw StoreError.notAStore(path: name, reason: "its Z_PRIMARYKEY table does not list the entities the store holds")
        }
        let schema = StoreSchema(entities: entities, entityNumbers: numbers)
        if let missing = schema.tables.values.map(\.name).sorted().first(where: { !tables.contains($0.lowercased()) }) {
            throw StoreError.damaged(path: name, reason: "its table \(missing) is missing")
        }
        if writes, metadata.indexSignature != schema.indexSignature {
            do {
                try connection.synchroniseIndexes(of: schema)
            } catch let duplicates as DuplicateValues {
                let model = configuration.model
                throw StoreError.cannotMigrate(path: name, duplicates.migrationError(from: model, to: model))
            }
            metadata.indexSignature = schema.indexSignature
            try writeMetadata(metadata, on: connection)
        }
        return (uuid, schema)
    }

    /// The entity numbers the store's `Z_PRIMARYKEY` records, by entity name.
    static func entityNumbers(_ connection: PostgreSQLConnection) throws -> [String: Int] {
        let numbered = try connection.execute("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY")
        var numbers: [String: Int] = [:]
        for row in 0..<numbered.rowCount {
            if let entity = numbered.text(row, 1), case let number = Int(numbered.int64(row, 0)),
                !SQLHistory.isHistoryNumber(number)
            {
                numbers[entity] = number
            }
        }
        return numbers
    }

    /// Replaces the store's metadata.
    static func writeMetadata(_ metadata: StoreMetadata, on connection: PostgreSQLConnection) throws {
        try connection.execute("UPDATE Z_METADATA SET Z_PLIST = $1", [.bytes([UInt8](try metadata.propertyList()))])
    }

    /// Creates the bookkeeping tables, the entities' and join tables and their indexes in the
    /// current schema.
    static func createSchema(
        _ schema: StoreSchema, configuration: ModelConfiguration, identifier: String, on connection: PostgreSQLConnection
    ) throws {
        var statements: [PostgreSQLConnection.Statement] = [
            .init("CREATE TABLE Z_PRIMARYKEY (Z_ENT BIGINT PRIMARY KEY, Z_NAME TEXT, Z_SUPER BIGINT, Z_MAX BIGINT)"),
            .init("CREATE TABLE Z_METADATA (Z_VERSION BIGINT PRIMARY KEY, Z_UUID TEXT, Z_PLIST BYTEA)"),
            .init("CREATE TABLE Z_MODELCACHE (Z_CONTENT BYTEA)"),
        ]
        for entity in configuration.entities {
            statements.append(
                .init(
                    "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES ($1, $2, $3, 0)",
                    [
                        .integer(Int64(schema.number(of: entity))), .text(entity.name),
                        .integer(Int64(entity.superentity.map(schema.number(of:)) ?? 0)),
                    ]))
        }
        let plist = try StoreMetadata(identifier: identifier, configuration: configuration, schema: schema).propertyList()
        statements.append(
            .init(
                "INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, $1, $2)",
                [.text(identifier), .bytes([UInt8](plist))]))
        for table in schema.tables.values.sorted(by: { $0.name < $1.name }) {
            statements.append(.init(StoreSchema.creationSQL(of: table, in: .postgreSQL)))
        }
        for join in schema.joinTables.values.sorted(by: { $0.name < $1.name }) {
            statements.append(.init(StoreSchema.creationSQL(of: join, in: .postgreSQL)))
        }
        var names = SQLNames(reserved: [])
        for index in schema.indexes where index.isOnColumns {
            statements.append(.init(index.creationSQL(names: &names)))
        }
        _ = try connection.pipeline(statements)
    }
}
