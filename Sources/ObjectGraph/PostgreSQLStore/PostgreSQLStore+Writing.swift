import ObjectGraphPostgreSQL

/// Writing a save: one transaction in a few round trips, every statement with bound
/// parameters.
extension PostgreSQLStore {
    /// What the result of one statement of a save's pipeline must show.
    private enum Expectation {
        /// Nothing.
        case none
        /// Exactly one row changed, else the object conflicts.
        case oneRow(ManagedObjectID)
        /// At least one row read, else the object conflicts.
        case found(ManagedObjectID)
        /// No row read, else the object conflicts.
        case nothingFound(ManagedObjectID)
        /// A row returned for each of these keys (in the first column), else the object of the
        /// first key missing conflicts.
        case everyKey([Int64: ManagedObjectID])
        /// No row returned, else the object of the key in the first column of the first row
        /// conflicts.
        case noKey([Int64: ManagedObjectID])
        /// No row returned: the rows deleted with the owners of these groups were exactly those
        /// the context listed, at the versions it read. Else the first row returned (`Z_PK`,
        /// `Z_ENT`), one that differs, conflicts.
        case ownedRows([StoreChanges.OwnedRows])
    }

    /// A save's pipeline: statements and what each must show.
    private struct Batch {
        var statements: [PostgreSQLConnection.Statement] = []
        var expectations: [Expectation] = []
        /// For the statements writing an insert or an update, which one.
        var writes: [Int: ConstraintCheck] = [:]

        mutating func add(_ sql: String, _ parameters: [PostgreSQLValue], expecting: Expectation = .none) {
            statements.append(.init(sql, parameters))
            expectations.append(expecting)
        }
    }

    /// Writes a save in one transaction: deletes, then updates, then inserts, then links,
    /// then the positions of ordered to-manys; then `beforeCommit` runs, then the commit.
    ///
    /// Round trips: `BEGIN` with the keys of the inserts, the writes and checks (one
    /// pipeline, which begins the transaction when nothing is inserted), the commit.
    ///
    /// - Throws: ``ConstraintConflict`` when a row would break a uniqueness constraint;
    ///   ``StoreError/conflict(_:)`` when another save changed or deleted a row this one read;
    ///   ``StoreError/readOnly(path:)``, ``StoreError/readOnlyStandby(store:)``; what
    ///   `beforeCommit` throws. Nothing is written then.
    func save(_ changes: StoreChanges, beforeCommit: () throws -> Void) throws -> PermanentIDs {
        if isStandby { throw StoreError.readOnlyStandby(store: name) }
        guard !isReadOnly else { throw StoreError.readOnly(path: name) }
        var committed = false
        defer {
            if !committed, connection.isConnected, connection.isInTransaction { _ = try? connection.execute("ROLLBACK") }
        }
        do {
            let permanentIDs = try begin(allocatingKeysFor: changes.inserts)
            let permanent = PermanentIDs(temporaries: changes.inserts.map(\.id), permanents: permanentIDs)
            // Without inserts, the transaction begins in the writes' round trip.
            let batch = try writes(
                of: changes, as: permanentIDs, resolve: permanent.resolve, beginning: changes.inserts.isEmpty)
            do {
                let results = try connection.pipeline(batch.statements)
                for (result, expectation) in zip(results, batch.expectations) {
                    switch expectation {
                    case .none: break
                    case .oneRow(let id): if result.affectedRows != 1 { throw StoreError.conflict(id) }
                    case .found(let id): if result.rowCount == 0 { throw StoreError.conflict(id) }
                    case .nothingFound(let id): if result.rowCount > 0 { throw StoreError.conflict(id) }
                    case .everyKey(let expected):
                        let found = Set((0..<result.rowCount).map { result.int64($0, 0) })
                        if let missing = expected.keys.sorted().first(where: { !found.contains($0) }) {
                            throw StoreError.conflict(expected[missing]!)
                        }
                    case .noKey(let owners):
                        if result.rowCount > 0, let owner = owners[result.int64(0, 0)] { throw StoreError.conflict(owner) }
                    case .ownedRows(let groups): try check(groups, against: result)
                    }
                }
            } catch let error as PostgreSQLError where error.isUniqueViolation {
                guard let index = error.statementIndex, let check = batch.writes[index] else { throw error }
                _ = try? connection.execute("ROLLBACK")
                throw try constraintConflict(check, in: changes, permanentIDs: permanentIDs) ?? error
            }
            if tracksHistory, case let record = HistoryRecord(changes, resolve: permanent.resolve, permanentIDs: permanentIDs),
                !record.isEmpty
            {
                try history.write(record)
            }
            try beforeCommit()
            try connection.execute("COMMIT")
            committed = true
            return permanent
        } catch let conflict as ConstraintConflict {
            throw conflict
        } catch {
            throw Self.storeError(error, store: name)
        }
    }

    /// Begins the transaction and reserves the inserts' keys, in one round trip; does nothing
    /// for a save without inserts.
    ///
    /// Keys are reserved by raising each root entity's `Z_MAX`, whose row stays locked until
    /// the commit, so that concurrent writers never hand out the same key.
    ///
    /// - Returns: The permanent ID of each insert, in order.
    private func begin(allocatingKeysFor inserts: [StoreChanges.Insert]) throws -> [ManagedObjectID] {
        guard let first = inserts.first else { return [] }
        let byRoot = Dictionary(grouping: inserts.indices) { ObjectIdentifier(inserts[$0].id.entity.rootEntity) }
        // In one order for every save, so that two saves never wait for each other's rows.
        let roots = byRoot.values.sorted { inserts[$0[0]].id.entity.rootEntity.name < inserts[$1[0]].id.entity.rootEntity.name }
        var statements: [PostgreSQLConnection.Statement] = [.init("BEGIN")]
        for group in roots {
            statements.append(
                .init(
                    "UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + $1 WHERE Z_ENT = $2 RETURNING Z_MAX",
                    [.integer(Int64(group.count)), .integer(Int64(schema.number(of: inserts[group[0]].id.entity.rootEntity)))]
                ))
        }
        let results = try connection.pipeline(statements)
        var permanent = [ManagedObjectID](repeating: first.id, count: inserts.count)
        for (group, result) in zip(roots, results.dropFirst()) {
            let root = inserts[group[0]].id.entity.rootEntity
            guard result.rowCount == 1, !result.isNull(0, 0), case let last = result.int64(0, 0),
                last >= Int64(group.count), last <= ManagedObjectID.maxPrimaryKey
            else {
                throw StoreError.damaged(path: name, reason: "its Z_PRIMARYKEY row for \(root.name) holds no key counter")
            }
            var next = last - Int64(group.count)
            for index in group {
                next += 1
                permanent[index] = ManagedObjectID(entity: inserts[index].id.entity, primaryKey: next, storeTag: tag)
            }
        }
        return permanent
    }

    /// Checks that the rows deleted with the owners of `groups` are exactly those the context
    /// listed, at the versions it read: `result` holds the rows that differ (`Z_PK`, `Z_ENT`),
    /// in key order.
    ///
    /// - Throws: ``StoreError/conflict(_:)`` naming the first row that differs: one the
    ///   context did not list, or one it listed that is gone or changed.
    private func check(_ groups: [StoreChanges.OwnedRows], against result: PostgreSQLResult) throws {
        guard result.rowCount > 0 else { return }
        let pk = result.int64(0, 0)
        for group in groups {
            if let listed = group.rows.first(where: { $0.id.primaryKey == pk }) { throw StoreError.conflict(listed.id) }
        }
        let relationship = groups[0].relationship
        throw StoreError.conflict(
            objectID(pk: pk, entityNumber: result.int64(0, 1), within: relationship.entity) ?? groups[0].owner)
    }

    /// The pipeline writing and checking a save's rows.
    private func writes(
        of changes: StoreChanges, as permanentIDs: [ManagedObjectID], resolve: @escaping (ManagedObjectID?) -> ManagedObjectID?,
        beginning: Bool
    ) throws -> Batch {
        var batch = Batch()
        if beginning { batch.add("BEGIN", []) }
        let key = { (id: ManagedObjectID?) in PostgreSQLValue.integer(resolve(id)?.primaryKey ?? 0) }
        // Rows deleted one by one: one statement per table, at the versions read.
        let deletesByTable = Dictionary(grouping: changes.deletes) { ObjectIdentifier($0.id.entity.rootEntity) }
        for deletes in deletesByTable.values.sorted(by: { ($0[0].id.primaryKey ?? 0) < ($1[0].id.primaryKey ?? 0) }) {
            let table = schema.table(for: deletes[0].id.entity).name
            let read = deletes.filter { $0.version != nil }
            let unread = deletes.filter { $0.version == nil }
            if !read.isEmpty {
                batch.add(
                    "DELETE FROM \(table) t USING unnest($1::bigint[], $2::bigint[]) AS d(pk, opt) WHERE t.Z_PK = d.pk AND t.Z_OPT = d.opt RETURNING t.Z_PK",
                    [.integerArray(read.map { $0.id.primaryKey ?? 0 }), .integerArray(read.map { $0.version ?? 0 })],
                    expecting: .everyKey(Dictionary(read.map { ($0.id.primaryKey ?? 0, $0.id) }) { first, _ in first }))
            }
            if !unread.isEmpty {
                batch.add(
                    "DELETE FROM \(table) WHERE Z_PK = ANY($1) RETURNING Z_PK",
                    [.integerArray(unread.map { $0.id.primaryKey ?? 0 })],
                    expecting: .everyKey(Dictionary(unread.map { ($0.id.primaryKey ?? 0, $0.id) }) { first, _ in first }))
            }
            for delete in deletes { unlink(delete.id, in: &batch) }
        }
        // The rows deleted with their owners, after the owners, whose rows are locked then: a
        // save that adds a member locks its owner first (below), so that every member added
        // before is seen here, and checked against those the context listed, and every one
        // added after finds its owner gone.
        let ownedByRelationship = Dictionary(grouping: changes.ownedDeletes) { ObjectIdentifier($0.relationship) }
        for groups in ownedByRelationship.values.sorted(by: {
            ObjectIdentifier($0[0].relationship) < ObjectIdentifier($1[0].relationship)
        }) {
            let table = schema.table(for: groups[0].relationship.entity).name
            let column = schema.foreignKey(for: groups[0].relationship).column
            // Compared on the server, which returns only the rows that differ: those deleted
            // but not listed, listed but not deleted, or deleted at another version than read
            // (-1: not read).
            let listed = groups.flatMap(\.rows)
            batch.add(
                """
                WITH deleted AS (DELETE FROM \(table) WHERE \(column) = ANY($1) RETURNING Z_PK, Z_ENT, Z_OPT) \
                SELECT coalesce(deleted.Z_PK, listed.pk), coalesce(deleted.Z_ENT, 0) \
                FROM deleted FULL JOIN unnest($2::bigint[], $3::bigint[]) AS listed(pk, opt) ON deleted.Z_PK = listed.pk \
                WHERE deleted.Z_PK IS NULL OR listed.pk IS NULL OR (listed.opt >= 0 AND listed.opt <> deleted.Z_OPT) \
                ORDER BY 1 LIMIT 1
                """,
                [
                    .integerArray(groups.map { $0.owner.primaryKey ?? 0 }), .integerArray(listed.map { $0.id.primaryKey ?? 0 }),
                    .integerArray(listed.map { $0.version ?? -1 }),
                ], expecting: .ownedRows(groups))
            for group in groups {
                for delete in group.rows { unlink(delete.id, in: &batch) }
            }
        }
        // The rows pointed at stay as read until the commit.
        for reference in changes.referenced where reference.id.primaryKey != nil {
            let table = schema.table(for: reference.id.entity).name
            if let version = reference.version {
                batch.add(
                    "SELECT 1 FROM \(table) WHERE Z_PK = $1 AND Z_OPT = $2 FOR SHARE", [key(reference.id), .integer(version)],
                    expecting: .found(reference.id))
            } else {
                batch.add(
                    "SELECT 1 FROM \(table) WHERE Z_PK = $1 FOR SHARE", [key(reference.id)], expecting: .found(reference.id))
            }
        }
        releaseConstrainedValues(of: changes.updates, in: &batch)
        for update in changes.updates {
            var assignments = ["Z_OPT = Z_OPT + 1"]
            var parameters: [PostgreSQLValue] = []
            func assign(_ column: String, _ value: PostgreSQLValue) {
                parameters.append(value)
                assignments.append("\(column) = $\(parameters.count)")
            }
            for (attribute, value) in update.attributes {
                assign(schema.column(for: attribute), try storable(value, of: attribute, in: update.id))
            }
            for (relationship, id) in update.toOne {
                let foreignKey = schema.foreignKey(for: relationship)
                let destination = resolve(id)
                assign(foreignKey.column, destination.map { .integer($0.primaryKey ?? 0) } ?? .null)
                if let entityColumn = foreignKey.entityColumn {
                    assign(entityColumn, destination.map { .integer(Int64(schema.number(of: $0.entity))) } ?? .null)
                }
            }
            let table = schema.table(for: update.id.entity).name
            batch.writes[batch.statements.count] = .update(update)
            batch.add(
                "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = $\(parameters.count + 1) AND Z_OPT = $\(parameters.count + 2)",
                parameters + [key(update.id), .integer(update.version)], expecting: .oneRow(update.id))
        }
        // One INSERT per entity, written once: a save may insert thousands of rows.
        var insertSQL: [ObjectIdentifier: String] = [:]
        for (offset, (insert, id)) in zip(changes.inserts, permanentIDs).enumerated() {
            var parameters: [PostgreSQLValue] = [
                .integer(id.primaryKey ?? 0), .integer(Int64(schema.number(of: id.entity))), .integer(1),
            ]
            for attribute in id.entity.attributes where !attribute.isTransient {
                parameters.append(try storable(insert.attributes[attribute.storageIndex], of: attribute, in: insert.id))
            }
            for relationship in id.entity.relationships where !relationship.isToMany && !relationship.isTransient {
                let destination = resolve(changes.toOne(relationship.storageIndex, of: insert))
                parameters.append(destination.map { .integer($0.primaryKey ?? 0) } ?? .null)
                if schema.foreignKey(for: relationship).entityColumn != nil {
                    parameters.append(destination.map { .integer(Int64(schema.number(of: $0.entity))) } ?? .null)
                }
            }
            let sql = insertSQL[ObjectIdentifier(id.entity)] ?? insertStatement(for: id.entity)
            insertSQL[ObjectIdentifier(id.entity)] = sql
            batch.writes[batch.statements.count] = .insert(offset: offset)
            batch.add(sql, parameters)
        }
        checkNoMemberLeft(by: changes, in: &batch)
        for link in changes.removedLinks { write(link, added: false, key: key, in: &batch) }
        for link in changes.addedLinks { write(link, added: true, key: key, in: &batch) }
        for ordering in changes.orderings { write(ordering, key: key, in: &batch) }
        return batch
    }

    /// The `INSERT` of a row of `entity`: its keys, its stored attributes, then its to-ones'
    /// keys (and entity numbers), in the order a save binds them.
    private func insertStatement(for entity: EntityDescription) -> String {
        var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
        for attribute in entity.attributes where !attribute.isTransient { columns.append(schema.column(for: attribute)) }
        for relationship in entity.relationships where !relationship.isToMany && !relationship.isTransient {
            let foreignKey = schema.foreignKey(for: relationship)
            columns.append(foreignKey.column)
            if let entityColumn = foreignKey.entityColumn { columns.append(entityColumn) }
        }
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(schema.table(for: entity).name) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// `value` as bound, checked that PostgreSQL can hold it.
    ///
    /// - Throws: ``StoreError/unstorableValue(store:reason:)`` for text holding a NUL
    ///   character, which PostgreSQL's `text` cannot hold.
    private func storable(_ value: AttributeValue, of attribute: AttributeDescription, in id: ManagedObjectID) throws
        -> PostgreSQLValue
    {
        if case .string(let text) = value, text.utf8.contains(0) {
            throw StoreError.unstorableValue(
                store: name,
                reason:
                    "\(attribute.entity.name).\(attribute.name) of \(id) holds a NUL character, which PostgreSQL's text cannot hold"
            )
        }
        return Self.encode(value)
    }

    /// Removes what points at a deleted row from other rows: its links, its key in the rows
    /// of its to-manys without an inverse, and the to-ones without an inverse naming it.
    private func unlink(_ id: ManagedObjectID, in batch: inout Batch) {
        let key: [PostgreSQLValue] = [.integer(id.primaryKey ?? 0)]
        for relationship in id.entity.relationships where relationship.isSavedAsLinks {
            if relationship.isToManyWithoutInverse {
                let table = schema.table(for: relationship.destinationEntity).name
                let column = schema.memberKeyColumn(for: relationship)
                batch.add("UPDATE \(table) SET \(column) = NULL WHERE \(column) = $1", key)
            } else {
                let (join, isOwner) = schema.joinTable(for: relationship)
                batch.add("DELETE FROM \(join.name) WHERE \(isOwner ? join.sourceColumn : join.destinationColumn) = $1", key)
            }
        }
        for toOne in schema.toOnesWithoutInverse where id.entity.isKind(of: toOne.destinationEntity) {
            let table = schema.table(for: toOne.entity).name
            let foreignKey = schema.foreignKey(for: toOne)
            let clear = ([foreignKey.column] + (foreignKey.entityColumn.map { [$0] } ?? [])).map { "\($0) = NULL" }
            batch.add("UPDATE \(table) SET \(clear.joined(separator: ", ")) WHERE \(foreignKey.column) = $1", key)
        }
    }

    /// Clears the constrained columns an update changes before any update writes them, so
    /// that rows swapping values never meet a unique index half done.
    private func releaseConstrainedValues(of updates: [StoreChanges.Update], in batch: inout Batch) {
        guard hasUniquenessConstraints else { return }
        for update in updates {
            guard let sql = schema.releasingConstrainedColumns(of: update) else { continue }
            batch.add(Self.numberingPlaceholders(sql), [.integer(update.id.primaryKey ?? 0)])
        }
    }

    /// Checks that no row still names, through a one-to-many's foreign key, a row this save
    /// deletes (a member another save added since): a conflict.
    private func checkNoMemberLeft(by changes: StoreChanges, in batch: inout Batch) {
        // Owners whose members were deleted set-wise, after the owner's row was locked, have
        // none left (the groups name the members' to-one, the inverse of the owner's to-many).
        var grouped: [ObjectIdentifier: Set<Int64>] = [:]
        for group in changes.ownedDeletes {
            grouped[ObjectIdentifier(group.relationship), default: []].insert(group.owner.primaryKey ?? 0)
        }
        // The deleted owners to check, by the one-to-many that must leave no member.
        var owners: [ObjectIdentifier: (relationship: RelationshipDescription, ids: [Int64: ManagedObjectID])] = [:]
        for delete in changes.deletes {
            for relationship in delete.id.entity.relationships where relationship.leavesNoMemberBehindOnDelete {
                guard let inverse = relationship.inverseRelationship,
                    grouped[ObjectIdentifier(inverse)]?.contains(delete.id.primaryKey ?? 0) != true
                else { continue }
                owners[ObjectIdentifier(relationship), default: (relationship, [:])].ids[delete.id.primaryKey ?? 0] = delete.id
            }
        }
        for (relationship, ids) in owners.values.sorted(by: { $0.relationship.name < $1.relationship.name }) {
            let table = schema.table(for: relationship.destinationEntity).name
            let column = schema.foreignKey(for: relationship.inverseRelationship!).column
            batch.add(
                "SELECT \(column) FROM \(table) WHERE \(column) = ANY($1) LIMIT 1", [.integerArray(Array(ids.keys))],
                expecting: .noKey(ids))
        }
    }

    private func write(
        _ link: StoreChanges.Link, added: Bool, key: (ManagedObjectID?) -> PostgreSQLValue, in batch: inout Batch
    ) {
        let (source, destination) = (key(link.source), key(link.destination))
        if link.relationship.isToManyWithoutInverse {
            // The destination's column names its source: one at most, the last one added.
            let table = schema.table(for: link.relationship.destinationEntity).name
            let column = schema.memberKeyColumn(for: link.relationship)
            batch.add(
                added
                    ? "UPDATE \(table) SET \(column) = $1 WHERE Z_PK = $2"
                    : "UPDATE \(table) SET \(column) = NULL WHERE \(column) = $1 AND Z_PK = $2", [source, destination])
            return
        }
        let (join, _) = schema.joinTable(for: link.relationship)
        batch.add(
            added
                ? "INSERT INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) VALUES ($1, $2) ON CONFLICT DO NOTHING"
                : "DELETE FROM \(join.name) WHERE \(join.sourceColumn) = $1 AND \(join.destinationColumn) = $2",
            [source, destination])
    }

    /// Numbers the members of an ordered to-many 1, 2, 3… in its position column.
    private func write(_ ordering: StoreChanges.Ordering, key: (ManagedObjectID?) -> PostgreSQLValue, in batch: inout Batch) {
        let relationship = ordering.relationship
        let column = schema.orderColumn(for: relationship)
        for (position, member) in ordering.members.enumerated() {
            if relationship.isManyToMany {
                let (join, isOwner) = schema.joinTable(for: relationship)
                let (ownerColumn, memberColumn) =
                    isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
                batch.add(
                    "UPDATE \(join.name) SET \(column) = $1 WHERE \(memberColumn) = $2 AND \(ownerColumn) = $3",
                    [.integer(Int64(position) + 1), key(member), key(ordering.owner)])
            } else {
                let table = schema.table(for: relationship.destinationEntity).name
                batch.add(
                    "UPDATE \(table) SET \(column) = $1 WHERE Z_PK = $2", [.integer(Int64(position) + 1), key(member)])
            }
        }
    }
}
