import ObjectGraphSQLite

/// A batch request run on a SQL store's tables, inside the transaction the store opened:
/// set-based statements (keys in lists, a chunk at a time), bound parameters only; the reads
/// that find the rows, then every write sent together.
///
/// Both SQL stores run it, each on its own connection (``SQLDatabase`` speaks the store's
/// dialect).
struct SQLBatch {
    let schema: StoreSchema
    let database: any SQLDatabase
    /// The store's tag, for the IDs of the rows read.
    let tag: UInt16
    /// The store's persistent history, where it keeps one: the batch is recorded there.
    let history: SQLHistory?

    /// Keys per `IN` list, well below the bound parameters either database takes (32,766 in
    /// SQLite, 65,535 in PostgreSQL): few statements, and few round trips to a server.
    private let chunkSize = 10_000

    /// Runs `batch`.
    ///
    /// - Throws: ``BatchRequestError``; the database's errors. The caller rolls back.
    func run(_ batch: StoreBatch) throws -> StoreBatch.Outcome {
        let selected = try select(batch)
        var outcome = StoreBatch.Outcome(selected: selected)
        var writes: [SQLStatement] = []
        // Only where the store keeps a history: most do not, and a batch names thousands of rows.
        var record = history.map { _ in HistoryRecord(labels: batch.labels) }
        switch batch.action {
        case .delete:
            let deletion = try BatchDeletion(of: selected, destinations: destinations(of:for:))
            for (toOne, rows) in deletion.nullified {
                let key = schema.foreignKey(for: toOne)
                let clear = ([key.column] + (key.entityColumn.map { [$0] } ?? [])).map { "\($0) = NULL" }
                writes += statements(
                    "UPDATE \(schema.table(for: toOne.entity).name) SET \(clear.joined(separator: ", ")), Z_OPT = Z_OPT + 1",
                    on: rows)
                outcome.updated += rows
                for row in rows { record?.add(.update, row, properties: [toOne.name]) }
            }
            writes += unlinking(deletion.deleted)
            for group in Dictionary(grouping: deletion.deleted, by: { ObjectIdentifier($0.entity.rootEntity) }).values {
                writes += statements("DELETE FROM \(schema.table(for: group[0].entity).name)", on: group)
            }
            outcome.deleted = deletion.deleted
            for row in deletion.deleted { record?.add(.delete, row) }
        case .update(let values):
            guard !selected.isEmpty else { return outcome }
            let assignments = values.map { "\(schema.column(for: $0.0)) = ?" } + ["Z_OPT = Z_OPT + 1"]
            let arguments = values.map { StoredValue.encode($0.1) }
            writes = statements(
                "UPDATE \(schema.table(for: batch.entity).name) SET \(assignments.joined(separator: ", "))", arguments,
                on: selected)
            outcome.updated = selected
            let names = values.map(\.0.name)
            for row in selected { record?.add(.update, row, properties: names) }
        }
        try database.perform(writes)
        if let history, let record, !record.isEmpty { try history.write(record) }
        return outcome
    }

    /// The rows the batch names, in key order.
    private func select(_ batch: StoreBatch) throws -> [ManagedObjectID] {
        switch batch.selection {
        case .matching(let predicate):
            let request = batch.request(predicate)
            guard SQLQuery.isTranslatable(request, in: database.dialect) else {
                throw BatchRequestError.untranslatablePredicate(entity: batch.entity.name, predicate: batch.predicateFormat)
            }
            let query = try SQLQuery(schema: schema, request: request, columns: "t0.Z_PK, t0.Z_ENT", dialect: database.dialect)
            return ids(try database.keys(query.sql, query.arguments), within: batch.entity)
        case .ids(let ids):
            let table = schema.table(for: batch.entity).name
            var found: [ManagedObjectID] = []
            for chunk in ids.compactMap({ $0.primaryKey }).chunked(chunkSize) {
                let keys = database.dialect.keyIsIn("Z_PK", chunk)
                let sql = "SELECT Z_PK, Z_ENT FROM \(table) WHERE \(keys.condition) ORDER BY Z_PK"
                found += self.ids(try database.keys(sql, keys.arguments), within: batch.entity)
            }
            return found
        }
    }

    /// The saved destinations of `relationship` for `sources`, rows to delete (locked first
    /// where the database locks rows).
    private func destinations(
        of relationship: RelationshipDescription, for sources: [ManagedObjectID]
    ) throws -> [ManagedObjectID] {
        let destination = schema.table(for: relationship.destinationEntity).name
        let source = schema.table(for: relationship.entity).name
        let (from, column): (String, String)
        if !relationship.isToMany {
            (from, column) = (
                "\(destination) d JOIN \(source) s ON d.Z_PK = s.\(schema.foreignKey(for: relationship).column)", "s.Z_PK"
            )
        } else if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (sourceColumn, destinationColumn) =
                isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            (from, column) = ("\(destination) d JOIN \(join.name) j ON d.Z_PK = j.\(destinationColumn)", "j.\(sourceColumn)")
        } else {
            (from, column) = (destination + " d", "d.\(schema.memberKeyColumn(for: relationship))")
        }
        var found: [ManagedObjectID] = []
        for chunk in sources.compactMap({ $0.primaryKey }).chunked(chunkSize) {
            let keys = database.dialect.keyIsIn(column, chunk)
            let sql = "SELECT d.Z_PK, d.Z_ENT FROM \(from) WHERE \(keys.condition)"
            // The sources are rows to delete: locked first, no save gives them a destination
            // this query would miss.
            let lock = database.dialect.lockingRows(of: source, chunk).map { [$0] } ?? []
            found += ids(try database.keys(sql, keys.arguments, after: lock), within: relationship.destinationEntity)
        }
        return found
    }

    /// The statements that remove what names the deleted rows from other rows, as a save's
    /// delete does: join-table links, the key columns of to-manys without an inverse, to-ones
    /// without an inverse.
    private func unlinking(_ deleted: [ManagedObjectID]) -> [SQLStatement] {
        var writes: [SQLStatement] = []
        for group in Dictionary(grouping: deleted, by: { ObjectIdentifier($0.entity) }).values {
            for relationship in group[0].entity.relationships where relationship.isSavedAsLinks {
                if relationship.isToManyWithoutInverse {
                    let column = schema.memberKeyColumn(for: relationship)
                    writes += statements(
                        "UPDATE \(schema.table(for: relationship.destinationEntity).name) SET \(column) = NULL",
                        on: group, column: column)
                } else {
                    let (join, isOwner) = schema.joinTable(for: relationship)
                    writes += statements(
                        "DELETE FROM \(join.name)", on: group, column: isOwner ? join.sourceColumn : join.destinationColumn)
                }
            }
            for toOne in schema.toOnesWithoutInverse where group[0].entity.isKind(of: toOne.destinationEntity) {
                let key = schema.foreignKey(for: toOne)
                let clear = ([key.column] + (key.entityColumn.map { [$0] } ?? [])).map { "\($0) = NULL" }
                writes += statements(
                    "UPDATE \(schema.table(for: toOne.entity).name) SET \(clear.joined(separator: ", "))", on: group,
                    column: key.column)
            }
        }
        return writes
    }

    /// `statement` (an `UPDATE … SET …` or a `DELETE FROM …`) on the rows whose `column`
    /// holds one of the keys of `rows`, a chunk at a time; `arguments` bind the `SET` first.
    private func statements(
        _ statement: String, _ arguments: [SQLiteValue] = [], on rows: [ManagedObjectID], column: String = "Z_PK"
    ) -> [SQLStatement] {
        rows.compactMap({ $0.primaryKey }).chunked(chunkSize).map { chunk in
            let keys = database.dialect.keyIsIn(column, chunk)
            return SQLStatement(sql: "\(statement) WHERE \(keys.condition)", arguments: arguments + keys.arguments)
        }
    }

    /// The IDs of rows read as (`Z_PK`, `Z_ENT`), those of entities within `scope`.
    private func ids(_ keys: [(primaryKey: Int64, entityNumber: Int64)], within scope: EntityDescription) -> [ManagedObjectID] {
        // Rows come mostly of one entity: the last one looked up is asked first.
        var last: (number: Int64, entity: EntityDescription?) = (-1, nil)
        return keys.compactMap { key in
            if key.entityNumber != last.number {
                let entity = schema.entitiesByNumber[Int(truncatingIfNeeded: key.entityNumber)]
                last = (key.entityNumber, entity.flatMap { $0.isKind(of: scope) ? $0 : nil })
            }
            guard let entity = last.entity, (0...ManagedObjectID.maxPrimaryKey).contains(key.primaryKey) else { return nil }
            return ManagedObjectID(entity: entity, primaryKey: key.primaryKey, storeTag: tag)
        }
    }
}
