import ObjectGraphSQLite

/// Rows that belong to an owner through a to-one (a player's `team`): reading their keys
/// along the foreign key's index, and deleting them all at once with their owner.
extension SQLiteStore {
    /// The statements on the rows of one owner through one to-one, prepared once per to-one.
    struct OwnerStatements {
        /// `SELECT Z_PK … WHERE fk = ? ORDER BY Z_PK`, with `Z_ENT` second when the table holds
        /// more than one entity: the owner's rows, from the foreign key's index alone otherwise.
        let keys: SQLiteStatement
        /// The one entity of the table's rows, when `keys` reads no `Z_ENT`.
        let entity: EntityDescription?
        /// Deletes the owner's rows at the version bound second.
        let deleteAtVersion: SQLiteStatement
        /// Deletes the owner's rows whatever their version.
        let delete: SQLiteStatement
        /// Whether other rows point at the deleted rows through a relationship saved as links or
        /// a to-one without an inverse (``SQLiteStore/unlink(_:)``).
        let unlinksRows: Bool
    }

    /// The statements on the rows that name their owner through `toOne`.
    func ownerStatements(for toOne: RelationshipDescription) throws -> OwnerStatements {
        if let statements = ownerStatements[ObjectIdentifier(toOne)] { return statements }
        let owned = toOne.entity
        let table = schema.table(for: owned).name
        let column = schema.foreignKey(for: toOne).column
        let isAlone = owned.rootEntity === owned && owned.subentities.isEmpty
        let statements = OwnerStatements(
            keys: try connection.cachedStatement(
                "SELECT Z_PK\(isAlone ? "" : ", Z_ENT") FROM \(table) WHERE \(column) = ? ORDER BY Z_PK"),
            entity: isAlone ? owned : nil,
            deleteAtVersion: try connection.cachedStatement("DELETE FROM \(table) WHERE \(column) = ? AND Z_OPT = ?"),
            delete: try connection.cachedStatement("DELETE FROM \(table) WHERE \(column) = ?"),
            unlinksRows: owned.selfAndDescendants.contains(where: schema.unlinksRows(of:)))
        ownerStatements[ObjectIdentifier(toOne)] = statements
        return statements
    }

    func destinationIDs(of relationship: RelationshipDescription, for source: ManagedObjectID) throws -> DestinationIDs {
        guard let inverse = relationship.inverseRelationship, !inverse.isToMany else {
            return DestinationIDs(ids: [], dataVersion: nil)
        }
        return try Self.wrap {
            let statements = try ownerStatements(for: inverse)
            let keys = statements.keys
            defer { keys.reset() }
            try keys.bind(source.primaryKey ?? 0, at: 1)
            var ids: [ManagedObjectID] = []
            let destination = relationship.destinationEntity
            while try keys.step() {
                let pk = keys.int64(at: 0)
                let id =
                    if let entity = statements.entity { objectID(pk: pk, entity: entity) } else {
                        objectID(pk: pk, entityNumber: keys.int64(at: 1), within: destination)
                    }
                if let id { ids.append(id) }
            }
            // The version of what the statement read: the connection notes changes by others
            // only when it begins a transaction.
            return DestinationIDs(ids: ids, dataVersion: connection.dataVersion)
        }
    }

    /// Deletes the rows of each owner, ordered by relationship, then owner.
    ///
    /// The context usually lists them in that order already. `dataVersion` is the store's as
    /// the save's transaction began (``SQLiteConnection/dataVersion``).
    func write(_ groups: [StoreChanges.OwnedRows], dataVersion: UInt32) throws {
        let ordered = groups.sortedIfNeeded(
            on: { (UInt(bitPattern: ObjectIdentifier($0.relationship)), $0.owner.primaryKey ?? 0) }, by: <)
        for group in ordered { try write(group, unchanged: group.listedAt == dataVersion) }
    }

    /// Deletes every row of an owner by its foreign key, which must be exactly `group.rows`,
    /// each at the version it was read at (if it was read): a row missing, moved, changed or
    /// added by another save since is a conflict.
    ///
    /// The keys are read from the foreign key's index alone, unless the rows are those listed
    /// by ID and the store is `unchanged` since (its data version is the one they were listed
    /// at). Rows all read at one version (or none read) are then deleted along the index in
    /// one pass, checked against that version by their count; SQLite would collect the rows
    /// and seek each one again for a `DELETE … RETURNING` instead. Rows read at different
    /// versions are deleted one by one.
    private func write(_ group: StoreChanges.OwnedRows, unchanged: Bool) throws {
        let deletes = group.rows
        let statements = try ownerStatements(for: group.relationship)
        let key = group.owner.primaryKey ?? 0
        var expected = deletes.map { $0.id.primaryKey ?? 0 }
        if !zip(expected, expected.dropFirst()).allSatisfy(<) { expected.sort() }
        var index = unchanged ? expected.count : 0
        if !unchanged {
            let keys = statements.keys
            defer { keys.reset() }
            try keys.bind(key, at: 1)
            while try keys.step() {
                let pk = keys.int64(at: 0)
                guard index < expected.count, expected[index] == pk else {
                    // A row of the owner this context did not read, or one it read is gone.
                    let missing = index < expected.count && expected[index] <= pk ? expected[index] : nil
                    throw StoreError.conflict(try conflictingRow(missing ?? pk, of: group))
                }
                index += 1
            }
        }
        guard index == expected.count else {
            throw StoreError.conflict(try conflictingRow(expected[index], of: group))
        }
        let version = deletes[0].version
        guard deletes.allSatisfy({ $0.version == version }) else {
            for delete in deletes { try write(delete) }
            return
        }
        let delete = version == nil ? statements.delete : statements.deleteAtVersion
        defer { delete.reset() }
        try delete.bind(key, at: 1)
        if let version { try delete.bind(version, at: 2) }
        _ = try delete.step()
        guard connection.changes == expected.count else {
            // The rows left behind are those at another version.
            let keys = statements.keys
            defer { keys.reset() }
            try keys.bind(key, at: 1)
            _ = try keys.step()
            throw StoreError.conflict(try conflictingRow(keys.int64(at: 0), of: group))
        }
        if statements.unlinksRows {
            for delete in deletes { try unlink(delete.id) }
        }
    }

    /// The ID of the owner's row `pk` in conflict: from the group if the save expected it, else
    /// read from the store.
    private func conflictingRow(_ pk: Int64, of group: StoreChanges.OwnedRows) throws -> ManagedObjectID {
        if let expected = group.rows.first(where: { $0.id.primaryKey == pk }) { return expected.id }
        let table = schema.table(for: group.relationship.entity).name
        let rows = try connection.cachedStatement("SELECT Z_ENT FROM \(table) WHERE Z_PK = ?").rows([.integer(pk)])
        guard case .integer(let entity)? = rows.first?.first else { return group.owner }
        return objectID(pk: pk, entityNumber: entity, within: group.relationship.entity) ?? group.owner
    }
}
