import ObjectGraphSQLite

/// Uniqueness constraints in a save: the store's unique indexes refuse a row that breaks one,
/// and the save then names the constraint and the two objects.
extension SQLiteStore {
    /// Clears the constrained columns that `updates` change, before any update is written.
    ///
    /// SQLite checks a unique index after each statement, not at the end of the transaction:
    /// without this, objects that swap values (two players swapping shirt numbers) would meet
    /// halfway. With it, a row the updates write can only meet a row whose values are final,
    /// and a refused write is a real conflict.
    func releaseConstrainedValues(of updates: [StoreChanges.Update]) throws {
        guard hasUniquenessConstraints else { return }
        for update in updates {
            guard let sql = schema.releasingConstrainedColumns(of: update) else { continue }
            try connection.execute(sql, [.integer(update.id.primaryKey ?? 0)])
        }
    }
}

/// Finds which uniqueness constraint a refused row breaks, and which row has its values,
/// inside the save's transaction.
struct ConstraintConflictFinder {
    /// A value of a constraint's property.
    private enum KeyValue {
        case attribute(AttributeValue)
        case toOne(ManagedObjectID)
    }

    let store: SQLiteStore
    let changes: StoreChanges
    /// The permanent IDs of the save's inserts, in order.
    let permanentIDs: [ManagedObjectID]

    /// The conflict the insert at `offset` in ``StoreChanges/inserts`` meets; `nil` when it
    /// breaks no constraint (the refusal was something else).
    func conflict(ofInsert offset: Int) throws -> ConstraintConflict? {
        let insert = changes.inserts[offset]
        return try conflict(of: permanentIDs[offset], reportedAs: insert.id) { key in
            switch key {
            case .attribute(let attribute): .attribute(insert.attributes[attribute.storageIndex])
            case .toOne(let relationship): changes.toOne(relationship.storageIndex, of: insert).map(KeyValue.toOne)
            }
        }
    }

    /// The conflict `update` meets; `nil` when it breaks no constraint.
    func conflict(of update: StoreChanges.Update) throws -> ConstraintConflict? {
        try conflict(of: update.id, reportedAs: update.id) { key in
            switch key {
            case .attribute(let attribute):
                if let change = update.attributes.first(where: { $0.0 === attribute }) { return .attribute(change.1) }
            case .toOne(let relationship):
                if let change = update.toOne.first(where: { $0.0 === relationship }) { return change.1.map(KeyValue.toOne) }
            }
            return try savedValue(of: key, in: update.id)
        }
    }

    /// The first constraint of `id`'s entity whose values another row has, with that row.
    private func conflict(
        of id: ManagedObjectID, reportedAs reported: ManagedObjectID, value: (UniquenessConstraint.Key) throws -> KeyValue?
    ) throws -> ConstraintConflict? {
        let schema = store.schema
        let resolve = PermanentIDs(temporaries: changes.inserts.map(\.id), permanents: permanentIDs).resolve
        for constraint in id.entity.constraints {
            var values: [KeyValue] = []
            for key in constraint.keys {
                guard let keyValue = try value(key) else { break }
                if case .attribute(let attribute) = keyValue, attribute.isNull { break }
                values.append(keyValue)
            }
            guard values.count == constraint.keys.count else { continue }
            let arguments: [SQLiteValue] = values.map {
                switch $0 {
                case .attribute(let attribute): StoredValue.encode(attribute)
                case .toOne(let destination): .integer(resolve(destination)?.primaryKey ?? 0)
                }
            }
            let table = schema.table(for: constraint.entity).name
            var conditions = schema.columns(of: constraint).map { "\($0) = ?" } + ["Z_PK != ?"]
            if let numbers = schema.entityFilter(for: constraint.entity, includesSubentities: true) {
                conditions.append("Z_ENT IN (\(numbers.map(String.init).joined(separator: ", ")))")
            }
            let rows = try store.connection.prepare(
                "SELECT Z_PK, Z_ENT FROM \(table) WHERE \(conditions.joined(separator: " AND ")) LIMIT 1"
            ).rows(arguments + [.integer(id.primaryKey ?? 0)])
            guard let row = rows.first, case .integer(let pk) = row[0], case .integer(let number) = row[1] else { continue }
            let entity = schema.entitiesByNumber[Int(number)] ?? constraint.entity
            let holder = ManagedObjectID(entity: entity, primaryKey: pk, storeTag: store.tag)
            return ConstraintConflict(
                entityName: constraint.entity.name, constraint: constraint.names,
                values: values.map {
                    switch $0 {
                    case .attribute(let attribute): attribute.description
                    case .toOne(let destination): destination.description
                    }
                },
                objectID: reported, conflictingObjectID: temporaryID(of: holder) ?? holder)
        }
        return nil
    }

    /// The temporary ID of an object this save inserts, by its permanent ID.
    private func temporaryID(of id: ManagedObjectID) -> ManagedObjectID? {
        permanentIDs.firstIndex(of: id).map { changes.inserts[$0].id }
    }

    /// The saved value of a property of the row of `id` (a property the update leaves alone).
    private func savedValue(of key: UniquenessConstraint.Key, in id: ManagedObjectID) throws -> KeyValue? {
        let schema = store.schema
        let column: String
        switch key {
        case .attribute(let attribute): column = schema.column(for: attribute)
        case .toOne(let relationship): column = schema.foreignKey(for: relationship).column
        }
        let statement = try store.connection.prepare("SELECT \(column) FROM \(schema.table(for: id.entity).name) WHERE Z_PK = ?")
        try statement.bind(id.primaryKey ?? 0, at: 1)
        guard try statement.step() else { return nil }
        switch key {
        case .attribute(let attribute):
            return .attribute(StoredValue.read(statement, column: 0, as: attribute.attributeType))
        case .toOne(let relationship):
            guard !statement.isNull(at: 0) else { return nil }
            return .toOne(
                ManagedObjectID(entity: relationship.destinationEntity, primaryKey: statement.int64(at: 0), storeTag: store.tag))
        }
    }
}
