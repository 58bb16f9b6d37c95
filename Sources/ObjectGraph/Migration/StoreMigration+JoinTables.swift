import ObjectGraphSQLite

/// Join tables: created, or reused, and filled with the links they continue.
extension StoreMigration {
    // MARK: Join tables

    /// Creates or reuses the destination's join tables, filled with the links they continue.
    mutating func fillJoinTables() throws {
        for (identity, join) in destination.joinTables.sorted(by: { $0.value.name < $1.value.name }) {
            let relationship = mapping.destinationEntities.lazy.flatMap(\.ownRelationships).first {
                ObjectIdentifier($0) == identity
            }!
            let earlier = mapping.sourceRelationship(of: relationship, in: relationship.entity)
            if let earlier, earlier.isManyToMany,
                try reuse(source.joinTable(for: earlier), for: relationship, as: join, earlier: earlier)
            {
                continue
            }
            try database.perform(StoreSchema.creationSQL(of: join, in: database.dialect))
            guard let earlier else { continue }
            try database.perform(
                database.dialect.insertSkippingDuplicates(
                    into: join.name, columns: [join.sourceColumn, join.destinationColumn], links(of: earlier)))
        }
    }

    /// Keeps a source join table as the destination's when no key moved and it has the same
    /// position columns (of ordered sides).
    ///
    /// Renames its columns (and, at the end, the table). Returns whether it did.
    mutating func reuse(
        _ old: (table: StoreSchema.JoinTable, isOwner: Bool), for relationship: RelationshipDescription,
        as join: StoreSchema.JoinTable, earlier: RelationshipDescription
    ) throws -> Bool {
        guard keyOffsets[source.table(for: earlier.entity).name] == nil,
            keyOffsets[source.table(for: earlier.destinationEntity).name] == nil,
            reusedJoins[old.table.name] == nil,
            Set(old.table.orderColumns.map { $0.uppercased() }) == Set(join.orderColumns.map { $0.uppercased() })
        else { return false }
        // The old column holding the keys of `relationship`'s own objects, and the other.
        let own = old.isOwner ? old.table.sourceColumn : old.table.destinationColumn
        let other = old.isOwner ? old.table.destinationColumn : old.table.sourceColumn
        let name = current(old.table.name)
        try renameColumns(of: name, [(own, join.sourceColumn), (other, join.destinationColumn)])
        reusedJoins[old.table.name] = join.name
        return true
    }

    /// A `SELECT` of (own key, destination key) pairs of a source relationship, keys shifted.
    func links(of relationship: RelationshipDescription) -> String {
        let own = { (column: String) in shifted(column, to: relationship.entity).sql }
        let other = { (column: String) in shifted(column, to: relationship.destinationEntity).sql }
        if relationship.isManyToMany {
            let (join, isOwner) = source.joinTable(for: relationship)
            let (mine, theirs) =
                isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            return "SELECT \(own(mine)), \(other(theirs)) FROM \(current(join.name))"
        }
        if !relationship.isToMany {
            let table = source.table(for: relationship.entity)
            let key = source.foreignKey(for: relationship).column
            return "SELECT \(own("Z_PK")), \(other(key)) FROM \(current(table.name)) WHERE \(key) IS NOT NULL"
        }
        // A to-many whose destinations' rows name their source (its inverse's keys, or its own
        // column without an inverse): the links are those keys.
        let table = source.table(for: relationship.destinationEntity)
        let key = source.memberKeyColumn(for: relationship)
        return "SELECT \(own(key)), \(other("Z_PK")) FROM \(current(table.name)) WHERE \(key) IS NOT NULL"
    }
}
