extension StoreSchema {
    /// What keeps a store whose tables are `existing` from holding the objects of `entities`
    /// as this schema lays them out; empty when the store fits them.
    ///
    /// The differences are an entity without its table, a stored property without its column
    /// or with a column whose declared type does not hold its values, a many-to-many without
    /// its join table, a to-many without an inverse without its column in the destination's
    /// table.
    ///
    /// Each difference names the entity or property, then the table or column.
    func differences(from existing: ExistingSchema, entities: [EntityDescription]) -> [String] {
        var differences: [String] = []
        for entity in entities {
            let table = table(for: entity)
            guard let stored = existing.table(named: table.name) else {
                if entity.superentity == nil { differences.append("\(entity.name): the store has no table \(table.name)") }
                continue
            }
            func check(_ property: String, column: String, holds type: String, fits: (ColumnAffinity) -> Bool) {
                guard let found = stored.column(named: column) else {
                    differences.append("\(entity.name).\(property): \(table.name) has no column \(column)")
                    return
                }
                // A column declared without a type keeps any value.
                if !found.type.isEmpty, !fits(ColumnAffinity(declaredType: found.type)) {
                    differences.append(
                        "\(entity.name).\(property): column \(table.name).\(found.name) is \(found.type), which does not hold \(type) values"
                    )
                }
            }
            for attribute in entity.ownAttributes where !attribute.isTransient {
                check(
                    attribute.name, column: column(for: attribute), holds: attribute.attributeType.rawValue,
                    fits: { $0.holds(attribute.attributeType) })
            }
            for relationship in entity.ownRelationships where !relationship.isTransient {
                if !relationship.isToMany {
                    let key = foreignKey(for: relationship)
                    check(relationship.name, column: key.column, holds: "key", fits: ColumnAffinity.holdsKeys)
                    if let entityColumn = key.entityColumn {
                        check(relationship.name, column: entityColumn, holds: "entity number", fits: ColumnAffinity.holdsKeys)
                    }
                } else if relationship.isToManyWithoutInverse {
                    let destination = self.table(for: relationship.destinationEntity)
                    let column = memberKeyColumn(for: relationship)
                    if existing.table(named: destination.name)?.column(named: column) == nil {
                        differences.append("\(entity.name).\(relationship.name): \(destination.name) has no column \(column)")
                    }
                } else if relationship.ownsJoinTable {
                    let join = joinTable(for: relationship).table
                    if existing.table(named: join.name) == nil {
                        differences.append(
                            "\(entity.name).\(relationship.name): the store has no join table \(join.name) (nor another with columns Z_<n>\(relationship.inverseRelationship!.name.uppercased()) and Z_<n>\(relationship.name.uppercased()))"
                        )
                    }
                }
                if relationship.isOrdered, let column = orderColumns[ObjectIdentifier(relationship)] {
                    let table =
                        relationship.isManyToMany
                        ? joinTable(for: relationship).table.name : self.table(for: relationship.destinationEntity).name
                    if let stored = existing.table(named: table), stored.column(named: column) == nil {
                        differences.append("\(entity.name).\(relationship.name): \(table) has no column \(column) for its order")
                    }
                }
            }
        }
        return differences
    }
}
