import ObjectGraphPostgreSQL

/// The conflicts a save's unique indexes find, named as the SQLite store names them.
extension PostgreSQLStore {
    /// An insert or update whose unique index may refuse it.
    enum ConstraintCheck {
        case insert(offset: Int)
        case update(StoreChanges.Update)
    }

    /// The conflict a unique index found, named as the SQLite store names it: the object
    /// holding the values already, found among the save's own rows or the saved ones.
    func constraintConflict(
        _ check: ConstraintCheck, in changes: StoreChanges, permanentIDs: [ManagedObjectID]
    ) throws -> ConstraintConflict? {
        let id: ManagedObjectID
        let reported: ManagedObjectID
        var values: (UniquenessConstraint.Key) throws -> PostgreSQLValue?
        switch check {
        case .insert(let offset):
            let insert = changes.inserts[offset]
            (id, reported) = (permanentIDs[offset], insert.id)
            values = { key in self.value(of: key, inInsert: offset, changes: changes, permanentIDs: permanentIDs) }
        case .update(let update):
            (id, reported) = (update.id, update.id)
            values = { key in
                switch key {
                case .attribute(let attribute):
                    if let change = update.attributes.first(where: { $0.0 === attribute }) { return Self.encode(change.1) }
                case .toOne(let relationship):
                    if let change = update.toOne.first(where: { $0.0 === relationship }) {
                        return change.1.map {
                            .integer(
                                PermanentIDs(temporaries: changes.inserts.map(\.id), permanents: permanentIDs).resolve($0)?
                                    .primaryKey ?? 0)
                        } ?? .null
                    }
                }
                return try self.savedValue(of: key, in: update.id)
            }
        }
        for constraint in id.entity.constraints {
            var keyValues: [PostgreSQLValue] = []
            for key in constraint.keys {
                guard let value = try values(key), value != .null else { break }
                keyValues.append(value)
            }
            guard keyValues.count == constraint.keys.count else { continue }
            // Another row of this save?
            for (offset, other) in permanentIDs.enumerated() where other != id && other.entity.isKind(of: constraint.entity) {
                let theirs = constraint.keys.map { value(of: $0, inInsert: offset, changes: changes, permanentIDs: permanentIDs) }
                if theirs == keyValues {
                    return conflict(constraint, keyValues, reported: reported, holder: changes.inserts[offset].id)
                }
            }
            // A saved row?
            let table = schema.table(for: constraint.entity).name
            var conditions = schema.columns(of: constraint).enumerated().map { "\($1) = $\($0 + 1)" }
            conditions.append("Z_PK != $\(keyValues.count + 1)")
            if let numbers = schema.entityFilter(for: constraint.entity, includesSubentities: true) {
                conditions.append("Z_ENT IN (\(numbers.map(String.init).joined(separator: ", ")))")
            }
            let rows = try connection.execute(
                "SELECT Z_PK, Z_ENT FROM \(table) WHERE \(conditions.joined(separator: " AND ")) LIMIT 1",
                keyValues + [.integer(id.primaryKey ?? 0)])
            if rows.rowCount > 0,
                let holder = objectID(pk: rows.int64(0, 0), entityNumber: rows.int64(0, 1), within: constraint.entity)
            {
                return conflict(constraint, keyValues, reported: reported, holder: holder)
            }
        }
        return nil
    }

    private func conflict(
        _ constraint: UniquenessConstraint, _ values: [PostgreSQLValue], reported: ManagedObjectID, holder: ManagedObjectID
    ) -> ConstraintConflict {
        ConstraintConflict(
            entityName: constraint.entity.name, constraint: constraint.names,
            values: zip(constraint.keys, values).map { key, value in
                switch (key, value) {
                case (.toOne(let relationship), .integer(let pk)):
                    ManagedObjectID(entity: relationship.destinationEntity, primaryKey: pk, storeTag: tag).description
                default: Self.description(of: value)
                }
            },
            objectID: reported, conflictingObjectID: holder)
    }

    /// A constrained value as messages show it, as ``AttributeValue`` describes itself.
    private static func description(of value: PostgreSQLValue) -> String {
        switch value {
        case .text(let text): AttributeValue.string(text).description
        case .integer(let number): AttributeValue.integer(number).description
        case .real(let number): AttributeValue.double(number).description
        default: "\(value)"
        }
    }

    /// The value an insert writes to a constrained key.
    private func value(
        of key: UniquenessConstraint.Key, inInsert offset: Int, changes: StoreChanges, permanentIDs: [ManagedObjectID]
    ) -> PostgreSQLValue {
        let insert = changes.inserts[offset]
        switch key {
        case .attribute(let attribute): return Self.encode(insert.attributes[attribute.storageIndex])
        case .toOne(let relationship):
            let resolve = PermanentIDs(temporaries: changes.inserts.map(\.id), permanents: permanentIDs).resolve
            return changes.toOne(relationship.storageIndex, of: insert).map { .integer(resolve($0)?.primaryKey ?? 0) } ?? .null
        }
    }

    /// The saved value of a constrained key of a row.
    private func savedValue(of key: UniquenessConstraint.Key, in id: ManagedObjectID) throws -> PostgreSQLValue? {
        let column: String
        switch key {
        case .attribute(let attribute): column = schema.column(for: attribute)
        case .toOne(let relationship): column = schema.foreignKey(for: relationship).column
        }
        let result = try connection.execute(
            "SELECT \(column) FROM \(schema.table(for: id.entity).name) WHERE Z_PK = $1", [.integer(id.primaryKey ?? 0)])
        guard result.rowCount > 0 else { return nil }
        return result.value(0, 0)
    }
}
