import ObjectGraphSQLite

/// A batch request run on a SQL store's tables, inside the transaction the store opened:
/// set-based statements (`IN` lists of keys, a chunk at a time), bound parameters only.
///
/// Both SQL stores run it, each on its own connection (``SQLDatabase`` speaks the store's
/// dialect).
struct SQLBatch {
    let schema: StoreSchema
    let database: any SQLDatabase
    /// The store's tag, for the IDs of the rows read.
    let tag: UInt16

    /// Keys per `IN` list, well below the bound parameters either database takes (32,766 in
    /// SQLite, 65,535 in PostgreSQL): few statements, and few round trips to a server.
    private let chunkSize = 10_000

    /// Runs `batch`.
    ///
    /// - Throws: ``BatchRequestError``; the database's errors. The caller rolls back.
    func run(_ batch: StoreBatch) throws -> StoreBatch.Outcome {
        let selected = try select(batch)
        var outcome = StoreBatch.Outcome(selected: selected)
        switch batch.action {
        case .delete:
            let deletion = try BatchDeletion(of: selected, destinations: destinations(of:for:))
            for (toOne, rows) in deletion.nullified {
                let key = schema.foreignKey(for: toOne)
                let clear = ([key.column] + (key.entityColumn.map { [$0] } ?? [])).map { "\($0) = NULL" }
                try perform(
                    "UPDATE \(schema.table(for: toOne.entity).name) SET \(clear.joined(separator: ", ")), Z_OPT = Z_OPT + 1",
                    on: rows)
                outcome.updated += rows
            }
            try unlink(deletion.deleted)
            for group in Dictionary(grouping: deletion.deleted, by: { ObjectIdentifier($0.entity.rootEntity) }).values {
                try perform("DELETE FROM \(schema.table(for: group[0].entity).name)", on: group)
            }
            outcome.deleted = deletion.deleted
        case .update(let values):
            guard !selected.isEmpty else { return outcome }
            let assignments = values.map { "\(schema.column(for: $0.0)) = ?" } + ["Z_OPT = Z_OPT + 1"]
            let arguments = values.map { StoredValue.encode($0.1) }
            try perform(
                "UPDATE \(schema.table(for: batch.entity).name) SET \(assignments.joined(separator: ", "))", arguments,
                on: selected)
            outcome.updated = selected
        }
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
            return ids(try database.rows(query.sql, query.arguments), within: batch.entity)
        case .ids(let ids):
            let table = schema.table(for: batch.entity).name
            var found: [ManagedObjectID] = []
            for chunk in ids.compactMap(\.primaryKey).chunked(chunkSize) {
                let sql = "SELECT Z_PK, Z_ENT FROM \(table) WHERE Z_PK IN (\(Self.placeholders(chunk.count))) ORDER BY Z_PK"
                found += self.ids(try database.rows(sql, chunk.map { .integer($0) }), within: batch.entity)
            }
            return found
        }
    }

    /// The saved destinations of `relationship` for `sources`.
    private func destinations(
        of relationship: RelationshipDescription, for sources: [ManagedObjectID]
    ) throws -> [ManagedObjectID] {
        let destination = schema.table(for: relationship.destinationEntity).name
        let source = schema.table(for: relationship.entity).name
        let from: String
        if !relationship.isToMany {
            from = "\(destination) d JOIN \(source) s ON d.Z_PK = s.\(schema.foreignKey(for: relationship).column) WHERE s.Z_PK"
        } else if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (sourceColumn, destinationColumn) =
                isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            from = "\(destination) d JOIN \(join.name) j ON d.Z_PK = j.\(destinationColumn) WHERE j.\(sourceColumn)"
        } else {
            from = "\(destination) d WHERE d.\(schema.memberKeyColumn(for: relationship))"
        }
        var found: [ManagedObjectID] = []
        for chunk in sources.compactMap(\.primaryKey).chunked(chunkSize) {
            let sql = "SELECT d.Z_PK, d.Z_ENT FROM \(from) IN (\(Self.placeholders(chunk.count)))"
            found += ids(try database.rows(sql, chunk.map { .integer($0) }), within: relationship.destinationEntity)
        }
        return found
    }

    /// Removes what names the deleted rows from other rows, as a save's delete does: join-table
    /// links, the key columns of to-manys without an inverse, to-ones without an inverse.
    private func unlink(_ deleted: [ManagedObjectID]) throws {
        for group in Dictionary(grouping: deleted, by: { ObjectIdentifier($0.entity) }).values {
            for relationship in group[0].entity.relationships where relationship.isSavedAsLinks {
                if relationship.isToManyWithoutInverse {
                    let column = schema.memberKeyColumn(for: relationship)
                    try perform(
                        "UPDATE \(schema.table(for: relationship.destinationEntity).name) SET \(column) = NULL",
                        on: group, column: column)
                } else {
                    let (join, isOwner) = schema.joinTable(for: relationship)
                    try perform(
                        "DELETE FROM \(join.name)", on: group, column: isOwner ? join.sourceColumn : join.destinationColumn)
                }
            }
            for toOne in schema.toOnesWithoutInverse where group[0].entity.isKind(of: toOne.destinationEntity) {
                let key = schema.foreignKey(for: toOne)
                let clear = ([key.column] + (key.entityColumn.map { [$0] } ?? [])).map { "\($0) = NULL" }
                try perform(
                    "UPDATE \(schema.table(for: toOne.entity).name) SET \(clear.joined(separator: ", "))", on: group,
                    column: key.column)
            }
        }
    }

    /// Runs `statement` (an `UPDATE … SET …` or a `DELETE FROM …`) on the rows whose `column`
    /// holds one of the keys of `rows`, a chunk at a time; `arguments` bind the `SET` first.
    private func perform(
        _ statement: String, _ arguments: [SQLiteValue] = [], on rows: [ManagedObjectID], column: String = "Z_PK"
    ) throws {
        for chunk in rows.compactMap(\.primaryKey).chunked(chunkSize) {
            try database.perform(
                "\(statement) WHERE \(column) IN (\(Self.placeholders(chunk.count)))", arguments + chunk.map { .integer($0) })
        }
    }

    /// The IDs of rows read as (`Z_PK`, `Z_ENT`), those of entities within `scope`.
    private func ids(_ rows: [[SQLiteValue]], within scope: EntityDescription) -> [ManagedObjectID] {
        rows.compactMap { row in
            guard case .integer(let key) = row[0], case .integer(let number) = row[1],
                let entity = schema.entitiesByNumber[Int(number)], entity.isKind(of: scope),
                (0...ManagedObjectID.maxPrimaryKey).contains(key)
            else { return nil }
            return ManagedObjectID(entity: entity, primaryKey: key, storeTag: tag)
        }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
