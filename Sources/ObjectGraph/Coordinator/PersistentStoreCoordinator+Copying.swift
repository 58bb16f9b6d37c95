import ObjectGraphSQLite

extension PersistentStoreCoordinator {
    /// Copies every object of the store at `source` into a new store at `destination`, both of
    /// this coordinator's model, keeping each object's primary key, version, attributes,
    /// relationships and the order of ordered to-manys: a SQLite file into a PostgreSQL schema,
    /// or back.
    ///
    /// The destination is made, or must hold an empty store; it is written in one
    /// transaction. The coordinator itself adds neither store.
    ///
    /// ```swift
    /// try coordinator.copyPersistentStore(from: .sqlite(fileURL), to: .postgreSQL(serverURL, schema: "euro2024"))
    /// ```
    ///
    /// - Throws: ``StoreError/destinationNotEmpty(store:)`` when the destination holds objects,
    ///   the errors of ``addPersistentStore(_:configurationName:options:)`` opening either
    ///   store, and ``StoreError/notCopyable(store:reason:)`` for a store in memory, or one
    ///   Core Data wrote that keeps values behind marker bytes.
    public func copyPersistentStore(from source: StoreLocation, to destination: StoreLocation) throws {
        let from = try Self.tableRowStore(source, model: model, readOnly: true)
        let to = try Self.tableRowStore(destination, model: model, readOnly: false)
        guard from.schema.marksExternalBinaryData == false else {
            throw StoreError.notCopyable(
                store: source.description, reason: "Core Data keeps its external binary data behind marker bytes")
        }
        guard try to.keyCounters().values.allSatisfy({ $0 == 0 }) else {
            throw StoreError.destinationNotEmpty(store: destination.description)
        }
        let counters = try from.keyCounters()
        var tables: [TableRows] = []
        let entities = from.configuration.entities
        // Entity numbers as the destination numbers the source's.
        var numbers: [Int64: Int64] = [:]
        for entity in entities { numbers[Int64(from.schema.number(of: entity))] = Int64(to.schema.number(of: entity)) }
        func renumbered(_ value: SQLiteValue) -> SQLiteValue {
            guard case .integer(let number) = value, let mapped = numbers[number] else { return value }
            return .integer(mapped)
        }
        for root in entities where root.superentity == nil {
            let source = from.schema.table(for: root)
            let target = to.schema.table(for: root)
            // Columns correspond by position: both schemas derive them from one model.
            var entityColumns: Set<Int> = [1]
            for entity in root.selfAndDescendants {
                for relationship in entity.ownRelationships where !relationship.isToMany && !relationship.isTransient {
                    if let column = from.schema.foreignKey(for: relationship).entityColumn,
                        let index = source.columns.firstIndex(where: { $0.name == column })
                    {
                        entityColumns.insert(index + 3)
                    }
                }
            }
            let rows = try from.allRows(of: source.name, columns: ["Z_PK", "Z_ENT", "Z_OPT"] + source.columns.map(\.name))
                .map { row in row.enumerated().map { entityColumns.contains($0.offset) ? renumbered($0.element) : $0.element } }
            tables.append(
                TableRows(table: target.name, columns: ["Z_PK", "Z_ENT", "Z_OPT"] + target.columns.map(\.name), rows: rows))
        }
        for relationship in entities.flatMap(\.ownRelationships) where relationship.ownsJoinTable {
            let source = from.schema.joinTable(for: relationship).table
            let target = to.schema.joinTable(for: relationship).table
            let rows = try from.allRows(
                of: source.name, columns: [source.sourceColumn, source.destinationColumn] + source.orderColumns)
            tables.append(
                TableRows(
                    table: target.name, columns: [target.sourceColumn, target.destinationColumn] + target.orderColumns,
                    rows: rows))
        }
        var targetCounters: [Int: Int64] = [:]
        for (number, counter) in counters {
            if let mapped = numbers[Int64(number)] { targetCounters[Int(mapped)] = counter }
        }
        try to.insert(tables, keyCounters: targetCounters)
    }

    /// The store at `location`, opened on its own for copying.
    private static func tableRowStore(
        _ location: StoreLocation, model: ManagedObjectModel, readOnly: Bool
    ) throws -> any TableRowStore {
        let configuration = try ModelConfiguration(model: model, name: nil)
        switch location {
        case .sqlite(let url):
            return try SQLiteStore(url: url, configuration: configuration, options: StoreOptions(isReadOnly: readOnly))
        case .postgreSQL(let connection, let schema):
            return try PostgreSQLStore(
                connection: connection, schema: schema, configuration: configuration, options: StoreOptions(isReadOnly: readOnly))
        case .inMemory:
            throw StoreError.notCopyable(store: location.description, reason: "a store in memory has no rows to copy")
        }
    }
}
