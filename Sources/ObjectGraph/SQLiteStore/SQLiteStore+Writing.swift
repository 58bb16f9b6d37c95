import ObjectGraphSQLite

/// Writing a save: one transaction, every statement with bound parameters.
extension SQLiteStore {
    /// Writes a save in one transaction: deletes, then updates, then inserts, then links, then
    /// the positions of ordered to-manys; then `beforeCommit` runs.
    ///
    /// - Throws: ``ConstraintConflict`` when a row would break a uniqueness constraint;
    ///   ``StoreError/readOnly(path:)`` for a read-only store; ``StoreError`` otherwise; what
    ///   `beforeCommit` throws. Nothing is written then.
    func save(_ changes: StoreChanges, beforeCommit: () throws -> Void) throws -> PermanentIDs {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        do {
            return try connection.inTransaction {
                // Before this save changes it.
                let dataVersion = connection.dataVersion
                let permanentIDs = try allocatePrimaryKeys(for: changes.inserts)
                let permanent = PermanentIDs(temporaries: changes.inserts.map(\.id), permanents: permanentIDs)
                let resolve = permanent.resolve
                let conflicts = ConstraintConflictFinder(store: self, changes: changes, permanentIDs: permanentIDs)
                try write(changes.deletes)
                try write(changes.ownedDeletes, dataVersion: dataVersion)
                try checkExistence(of: changes.referenced)
                try releaseConstrainedValues(of: changes.updates)
                var updating: (shape: UpdateShape, statement: SQLiteStatement)?
                for update in changes.updates {
                    if updating?.shape.matches(update) != true { updating = try updateStatement(for: update) }
                    do {
                        try write(update, with: updating!.statement, resolve: resolve)
                    } catch let error as SQLiteError where error.primaryResultCode == 19 {
                        throw try conflicts.conflict(of: update) ?? error
                    }
                }
                var plan: InsertPlan?
                for (offset, (insert, id)) in zip(changes.inserts, permanentIDs).enumerated() {
                    if plan?.entity !== id.entity { plan = try insertPlan(for: id.entity) }
                    do {
                        try write(insert, as: id, with: plan!, in: changes, resolve: resolve)
                    } catch let error as SQLiteError where error.primaryResultCode == 19 {
                        throw try conflicts.conflict(ofInsert: offset) ?? error
                    }
                }
                try checkNoMemberLeft(by: changes)
                for link in changes.removedLinks { try write(link, added: false, resolve: resolve) }
                for link in changes.addedLinks { try write(link, added: true, resolve: resolve) }
                for ordering in changes.orderings { try write(ordering, resolve: resolve) }
                if tracksHistory, case let record = HistoryRecord(changes, resolve: resolve, permanentIDs: permanentIDs),
                    !record.isEmpty
                {
                    try history.write(record)
                }
                try beforeCommit()
                return permanent
            }
        } catch let conflict as ConstraintConflict {
            throw conflict
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Checks that a save leaves no member pointing at an owner it deleted.
    ///
    /// Once a save's rows are written, no row may still name a row it deleted through a
    /// one-to-many's foreign key (``RelationshipDescription/leavesNoMemberBehindOnDelete``):
    /// such a member was added by another save the deleting context did not see. Members of an
    /// owner deleted with it as a group are checked by that group already.
    ///
    /// - Throws: ``StoreError/conflict(_:)`` naming the deleted row.
    private func checkNoMemberLeft(by changes: StoreChanges) throws {
        // The relationships to check, by entity; most entities have none.
        var checked: [ObjectIdentifier: [RelationshipDescription]] = [:]
        var groups: Set<OwnedGroup>?
        for delete in changes.deletes {
            let entity = delete.id.entity
            let relationships =
                checked[ObjectIdentifier(entity)]
                ?? {
                    let list = entity.relationships.filter(\.leavesNoMemberBehindOnDelete)
                    checked[ObjectIdentifier(entity)] = list
                    return list
                }()
            for relationship in relationships {
                if groups == nil { groups = Set(changes.ownedDeletes.map { OwnedGroup($0.relationship, $0.owner) }) }
                guard !groups!.contains(OwnedGroup(relationship, delete.id)), let inverse = relationship.inverseRelationship
                else { continue }
                let table = schema.table(for: relationship.destinationEntity).name
                let column = schema.foreignKey(for: inverse).column
                let statement = try connection.cachedStatement("SELECT 1 FROM \(table) WHERE \(column) = ? LIMIT 1")
                defer { statement.reset() }
                try statement.bind(delete.id.primaryKey ?? 0, at: 1)
                if try statement.step() { throw StoreError.conflict(delete.id) }
            }
        }
    }

    /// An owner and the to-many whose members a save deletes with it as a group.
    private struct OwnedGroup: Hashable {
        let relationship: ObjectIdentifier
        let owner: ManagedObjectID

        init(_ relationship: RelationshipDescription, _ owner: ManagedObjectID) {
            self.relationship = ObjectIdentifier(relationship)
            self.owner = owner
        }
    }

    /// Checks, inside the save's transaction, that the rows other rows are about to point at
    /// are still there, at the version read when one is given.
    ///
    /// - Throws: ``StoreError/conflict(_:)`` naming the first one another save deleted (or
    ///   changed).
    private func checkExistence(of references: [StoreChanges.Reference]) throws {
        for reference in references {
            guard let key = reference.id.primaryKey else { continue }
            let table = schema.table(for: reference.id.entity).name
            let statement = try connection.cachedStatement(
                reference.version == nil
                    ? "SELECT 1 FROM \(table) WHERE Z_PK = ?" : "SELECT 1 FROM \(table) WHERE Z_PK = ? AND Z_OPT = ?")
            defer { statement.reset() }
            try statement.bind(key, at: 1)
            if let version = reference.version { try statement.bind(version, at: 2) }
            guard try statement.step() else { throw StoreError.conflict(reference.id) }
        }
    }

    /// Reserves primary keys by raising each root entity's `Z_MAX` inside the transaction, so
    /// that concurrent writers never hand out the same key.
    ///
    /// - Returns: The permanent ID of each insert, in order.
    private func allocatePrimaryKeys(for inserts: [StoreChanges.Insert]) throws -> [ManagedObjectID] {
        guard let first = inserts.first else { return [] }
        var permanent = [ManagedObjectID](repeating: first.id, count: inserts.count)
        let byRoot = Dictionary(grouping: inserts.indices) { ObjectIdentifier(inserts[$0].id.entity.rootEntity) }
        let groups = byRoot.values.map { $0.map { (index: $0, entity: inserts[$0].id.entity) } }
        for group in groups.sorted(by: { $0[0].entity.rootEntity.name < $1[0].entity.rootEntity.name }) {
            let root = Int64(schema.number(of: group[0].entity.rootEntity))
            try connection.execute(
                "UPDATE Z_PRIMARYKEY SET Z_MAX = Z_MAX + ? WHERE Z_ENT = ?", [.integer(Int64(group.count)), .integer(root)])
            let statement = try connection.cachedStatement("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?")
            try statement.bind(root, at: 1)
            let found = try statement.step()
            let reserved = found ? statement.value(at: 0) : .null
            statement.reset()
            // Only another program can leave the counter missing, not a number, or so high
            // that the keys would leave an ID's range (SQLite turns an overflowing sum into a
            // real number).
            guard case .integer(let last) = reserved, last >= Int64(group.count), last <= ManagedObjectID.maxPrimaryKey else {
                let name = group[0].entity.rootEntity.name
                throw StoreError.damaged(
                    path: path, reason: "its Z_PRIMARYKEY row for \(name) holds Z_MAX \(reserved), no key counter")
            }
            var next = last - Int64(group.count)
            for member in group {
                next += 1
                permanent[member.index] = ManagedObjectID(entity: member.entity, primaryKey: next, storeTag: tag)
            }
        }
        return permanent
    }

    /// Deletes rows one by one, in key order.
    ///
    /// Each write then lands next to the previous one in the b-tree. Deletes usually come in
    /// that order already (as the context deleted them), and are then not sorted.
    private func write(_ deletes: [StoreChanges.Delete]) throws {
        let ordered = deletes.sortedIfNeeded(
            on: { (UInt(bitPattern: $0.id.entity.rootIdentity), $0.id.primaryKey ?? 0) }, by: <)
        for delete in ordered { try write(delete) }
    }

    /// Deletes one row, at the version read if it was read.
    func write(_ delete: StoreChanges.Delete) throws {
        let root = ObjectIdentifier(delete.id.entity.rootEntity)
        let statements: RowDeleteStatements
        if let cached = deleteStatements[root] {
            statements = cached
        } else {
            let table = schema.table(for: delete.id.entity).name
            statements = RowDeleteStatements(
                atVersion: try connection.cachedStatement("DELETE FROM \(table) WHERE Z_PK = ? AND Z_OPT = ?"),
                any: try connection.cachedStatement("DELETE FROM \(table) WHERE Z_PK = ?"))
            deleteStatements[root] = statements
        }
        let statement = delete.version == nil ? statements.any : statements.atVersion
        defer { statement.reset() }
        try statement.bind(delete.id.primaryKey ?? 0, at: 1)
        if let version = delete.version { try statement.bind(version, at: 2) }
        _ = try statement.step()
        guard connection.changes == 1 else { throw StoreError.conflict(delete.id) }
        try unlink(delete.id)
    }

    /// The statements deleting one row of a table, at a version or at any.
    struct RowDeleteStatements {
        let atVersion: SQLiteStatement
        let any: SQLiteStatement
    }

    /// Removes what points at a deleted row from other rows: its links in join tables, its key
    /// in the rows of its to-manys without an inverse, and the to-ones without an inverse that
    /// point at it (set to nil, so that no row names a deleted one).
    func unlink(_ id: ManagedObjectID) throws {
        let key: [SQLiteValue] = [.integer(id.primaryKey ?? 0)]
        for relationship in id.entity.relationships where relationship.isSavedAsLinks {
            if relationship.isToManyWithoutInverse {
                let table = schema.table(for: relationship.destinationEntity).name
                let column = schema.memberKeyColumn(for: relationship)
                try connection.cachedStatement("UPDATE \(table) SET \(column) = NULL WHERE \(column) = ?").run(key)
            } else {
                let (join, isOwner) = schema.joinTable(for: relationship)
                let column = isOwner ? join.sourceColumn : join.destinationColumn
                try connection.cachedStatement("DELETE FROM \(join.name) WHERE \(column) = ?").run(key)
            }
        }
        for toOne in schema.toOnesWithoutInverse where id.entity.isKind(of: toOne.destinationEntity) {
            let table = schema.table(for: toOne.entity).name
            let foreignKey = schema.foreignKey(for: toOne)
            let clear = ([foreignKey.column] + (foreignKey.entityColumn.map { [$0] } ?? [])).map { "\($0) = NULL" }
            try connection.cachedStatement(
                "UPDATE \(table) SET \(clear.joined(separator: ", ")) WHERE \(foreignKey.column) = ?"
            ).run(key)
        }
    }

    /// Which columns an UPDATE sets: the statement's cache key.
    struct UpdateShape: Hashable {
        var entity: ObjectIdentifier
        var attributes: [Int]
        var toOnes: [Int]

        /// The shape of `update`'s statement.
        init(_ update: StoreChanges.Update) {
            entity = ObjectIdentifier(update.id.entity)
            attributes = update.attributes.map(\.0.storageIndex)
            toOnes = update.toOne.map(\.0.storageIndex)
        }

        /// Whether `update` sets the same columns, checked without building its shape: a save's
        /// updates usually come in runs of one shape.
        func matches(_ update: StoreChanges.Update) -> Bool {
            entity == ObjectIdentifier(update.id.entity)
                && attributes.elementsEqual(update.attributes.lazy.map(\.0.storageIndex))
                && toOnes.elementsEqual(update.toOne.lazy.map(\.0.storageIndex))
        }
    }

    /// The UPDATE statement setting the changed columns of `update`, prepared once per shape.
    private func updateStatement(for update: StoreChanges.Update) throws -> (shape: UpdateShape, statement: SQLiteStatement) {
        let shape = UpdateShape(update)
        if let statement = updateStatements[shape] { return (shape, statement) }
        var assignments = ["Z_OPT = Z_OPT + 1"]
        for (attribute, _) in update.attributes {
            assignments.append("\(schema.column(for: attribute)) = ?")
        }
        for (relationship, _) in update.toOne {
            let key = schema.foreignKey(for: relationship)
            assignments.append("\(key.column) = ?")
            if let entityColumn = key.entityColumn { assignments.append("\(entityColumn) = ?") }
        }
        let table = schema.table(for: update.id.entity)
        let statement = try connection.cachedStatement(
            "UPDATE \(table.name) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ? AND Z_OPT = ?")
        updateStatements[shape] = statement
        return (shape, statement)
    }

    private func write(
        _ update: StoreChanges.Update, with statement: SQLiteStatement, resolve: (ManagedObjectID?) -> ManagedObjectID?
    ) throws {
        // Only another program can leave a version that cannot grow (SQLite would make a
        // real number of it, and no later save would find the row at its version).
        guard update.version < Int64.max else {
            throw StoreError.damaged(
                path: path, reason: "its row of \(update.id) holds Z_OPT \(update.version), no version counter")
        }
        defer { statement.reset() }
        statement.startRow()
        var index: Int32 = 1
        for (attribute, value) in update.attributes {
            try StoredValue.bind(
                schema.marksExternalBinaryData(of: attribute) ? StoredValue.markedInline(value) : value, to: statement,
                at: index)
            index += 1
        }
        for (relationship, id) in update.toOne {
            let destination = resolve(id)
            if let pk = destination?.primaryKey { try statement.bind(pk, at: index) } else { try statement.bindNull(at: index) }
            index += 1
            if schema.foreignKey(for: relationship).entityColumn != nil {
                if let destination {
                    try statement.bind(Int64(schema.number(of: destination.entity)), at: index)
                } else {
                    try statement.bindNull(at: index)
                }
                index += 1
            }
        }
        try statement.bind(update.id.primaryKey ?? 0, at: index)
        try statement.bind(update.version, at: index + 1)
        _ = try statement.step()
        guard connection.changes == 1 else { throw StoreError.conflict(update.id) }
    }

    /// The INSERT statement of an entity and the values it binds, in order.
    struct InsertPlan {
        var entity: EntityDescription
        var entityNumber: Int64
        var statement: SQLiteStatement
        /// The storage index of each attribute, and whether its value keeps a marker byte
        /// (``StoreSchema/marksExternalBinaryData(of:)``).
        var attributes: [(index: Int, isMarked: Bool)]
        var toOnes: [(index: Int, hasEntityColumn: Bool)]
    }

    private func insertPlan(for entity: EntityDescription) throws -> InsertPlan {
        if let plan = insertPlans[ObjectIdentifier(entity)] { return plan }
        var columns = ["Z_PK", "Z_ENT", "Z_OPT"]
        var attributes: [(index: Int, isMarked: Bool)] = []
        var toOnes: [(index: Int, hasEntityColumn: Bool)] = []
        for attribute in entity.attributes where !attribute.isTransient {
            columns.append(schema.column(for: attribute))
            attributes.append((attribute.storageIndex, schema.marksExternalBinaryData(of: attribute)))
        }
        for relationship in entity.relationships where !relationship.isToMany && !relationship.isTransient {
            let key = schema.foreignKey(for: relationship)
            columns.append(key.column)
            if let entityColumn = key.entityColumn { columns.append(entityColumn) }
            toOnes.append((relationship.storageIndex, key.entityColumn != nil))
        }
        let sql =
            "INSERT INTO \(schema.table(for: entity).name) (\(columns.joined(separator: ", "))) VALUES (\(Self.placeholders(columns.count)))"
        let plan = InsertPlan(
            entity: entity, entityNumber: Int64(schema.number(of: entity)), statement: try connection.cachedStatement(sql),
            attributes: attributes, toOnes: toOnes)
        insertPlans[ObjectIdentifier(entity)] = plan
        return plan
    }

    private func write(
        _ insert: StoreChanges.Insert, as id: ManagedObjectID, with plan: InsertPlan, in changes: StoreChanges,
        resolve: (ManagedObjectID?) -> ManagedObjectID?
    ) throws {
        let statement = plan.statement
        defer { statement.reset() }
        statement.startRow()
        try statement.bind(id.primaryKey ?? 0, at: 1)
        try statement.bind(plan.entityNumber, at: 2)
        try statement.bind(Int64(1), at: 3)
        var index: Int32 = 4
        for attribute in plan.attributes {
            let value = insert.attributes[attribute.index]
            try StoredValue.bind(attribute.isMarked ? StoredValue.markedInline(value) : value, to: statement, at: index)
            index += 1
        }
        for slot in plan.toOnes {
            let destination = resolve(changes.toOne(slot.index, of: insert))
            if let pk = destination?.primaryKey { try statement.bind(pk, at: index) } else { try statement.bindNull(at: index) }
            index += 1
            if slot.hasEntityColumn {
                if let destination {
                    try statement.bind(Int64(schema.number(of: destination.entity)), at: index)
                } else {
                    try statement.bindNull(at: index)
                }
                index += 1
            }
        }
        _ = try statement.step()
    }

    /// Numbers the members of an ordered to-many 1, 2, 3… in its position column.
    private func write(_ ordering: StoreChanges.Ordering, resolve: (ManagedObjectID?) -> ManagedObjectID?) throws {
        let relationship = ordering.relationship
        let column = schema.orderColumn(for: relationship)
        let owner = SQLiteValue.integer(resolve(ordering.owner)?.primaryKey ?? 0)
        let statement: SQLiteStatement
        let ownerArgument: [SQLiteValue]
        if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (ownerColumn, memberColumn) =
                isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            statement = try connection.cachedStatement(
                "UPDATE \(join.name) SET \(column) = ? WHERE \(memberColumn) = ? AND \(ownerColumn) = ?")
            ownerArgument = [owner]
        } else {
            let table = schema.table(for: relationship.destinationEntity).name
            statement = try connection.cachedStatement("UPDATE \(table) SET \(column) = ? WHERE Z_PK = ?")
            ownerArgument = []
        }
        for (position, member) in ordering.members.enumerated() {
            let key = SQLiteValue.integer(resolve(member)?.primaryKey ?? 0)
            try statement.run([.integer(Int64(position) + 1), key] + ownerArgument)
        }
    }

    private func write(_ link: StoreChanges.Link, added: Bool, resolve: (ManagedObjectID?) -> ManagedObjectID?) throws {
        let source = resolve(link.source)?.primaryKey ?? 0
        let destination = resolve(link.destination)?.primaryKey ?? 0
        if link.relationship.isToManyWithoutInverse {
            // The destination's column names its source: one at most, the last one added.
            let table = schema.table(for: link.relationship.destinationEntity).name
            let column = schema.memberKeyColumn(for: link.relationship)
            let sql =
                added
                ? "UPDATE \(table) SET \(column) = ? WHERE Z_PK = ?"
                : "UPDATE \(table) SET \(column) = NULL WHERE \(column) = ? AND Z_PK = ?"
            try connection.cachedStatement(sql).run([.integer(source), .integer(destination)])
            return
        }
        let (join, _) = schema.joinTable(for: link.relationship)
        let sql =
            added
            ? "INSERT OR IGNORE INTO \(join.name) (\(join.sourceColumn), \(join.destinationColumn)) VALUES (?, ?)"
            : "DELETE FROM \(join.name) WHERE \(join.sourceColumn) = ? AND \(join.destinationColumn) = ?"
        try connection.cachedStatement(sql).run([.integer(source), .integer(destination)])
    }
}
