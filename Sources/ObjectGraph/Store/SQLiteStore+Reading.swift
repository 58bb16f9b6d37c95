/// Reading rows: fetches, faults, to-many relationships.
extension SQLiteStore {
    /// Where each stored property of an entity sits in a full row of its table
    /// (`Z_PK, Z_ENT, Z_OPT` and then the table's columns).
    struct RowLayout {
        var attributeCount: Int
        var relationshipCount: Int
        var attributes: [(index: Int, column: Int32, type: AttributeType)] = []
        var toOnes: [(index: Int, column: Int32, entityColumn: Int32?, destination: EntityDescription)] = []
    }

    static func layouts(for schema: StoreSchema, model: ManagedObjectModel) -> [ObjectIdentifier: RowLayout] {
        var layouts: [ObjectIdentifier: RowLayout] = [:]
        for entity in model.entities {
            let table = schema.table(for: entity)
            var position: [String: Int32] = [:]
            for (index, column) in table.columns.enumerated() { position[column.name] = Int32(index + 3) }
            var layout = RowLayout(attributeCount: entity.attributes.count, relationshipCount: entity.relationships.count)
            for attribute in entity.attributes where !attribute.isTransient {
                layout.attributes.append((attribute.storageIndex, position[schema.column(for: attribute)]!, attribute.attributeType))
            }
            for relationship in entity.relationships where !relationship.isToMany && !relationship.isTransient {
                let key = schema.foreignKey(for: relationship)
                layout.toOnes.append((relationship.storageIndex, position[key.column]!,
                                      key.entityColumn.map { position[$0]! }, relationship.destinationEntity))
            }
            layouts[ObjectIdentifier(entity)] = layout
        }
        return layouts
    }

    /// The select list of a full row of `table`, qualified with `alias`.
    func fullRowColumns(_ table: StoreSchema.Table, alias: String) -> String {
        (["Z_PK", "Z_ENT", "Z_OPT"] + table.columns.map(\.name)).map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// An object ID from a primary key and an entity number.
    func objectID(pk: Int64, entityNumber: Int64) -> ManagedObjectID? {
        guard let entity = schema.entitiesByNumber[Int(entityNumber)] else { return nil }
        return ManagedObjectID(entity: entity, key: .permanent(pk), storeIdentifier: identifier)
    }

    /// Decodes a full row read with ``fullRowColumns(_:alias:)``.
    func decodeRow(_ statement: SQLiteStatement) -> (ManagedObjectID, Snapshot)? {
        guard let id = objectID(pk: statement.int64(at: 0), entityNumber: statement.int64(at: 1)),
              let layout = layouts[ObjectIdentifier(id.entity)] else { return nil }
        var attributes = [AttributeValue](repeating: .null, count: layout.attributeCount)
        for slot in layout.attributes {
            attributes[slot.index] = StoredValue.read(statement, column: slot.column, as: slot.type)
        }
        var toOne = [ManagedObjectID?](repeating: nil, count: layout.relationshipCount)
        for slot in layout.toOnes where !statement.isNull(at: slot.column) {
            let pk = statement.int64(at: slot.column)
            if let entityColumn = slot.entityColumn {
                toOne[slot.index] = objectID(pk: pk, entityNumber: statement.int64(at: entityColumn))
            } else {
                toOne[slot.index] = ManagedObjectID(entity: slot.destination, key: .permanent(pk), storeIdentifier: identifier)
            }
        }
        return (id, Snapshot(version: statement.int64(at: 2), attributes: attributes, toOne: toOne))
    }

    // MARK: Fetching

    func fetchIDs(_ request: StoreRequest) throws -> [ManagedObjectID] {
        let statement = try prepareFetch(request, columns: "t0.Z_PK, t0.Z_ENT")
        var ids: [ManagedObjectID] = []
        try Self.wrap {
            while try statement.step() {
                if let id = objectID(pk: statement.int64(at: 0), entityNumber: statement.int64(at: 1)) { ids.append(id) }
            }
        }
        return ids
    }

    func fetchSnapshots(_ request: StoreRequest) throws -> [(ManagedObjectID, Snapshot)] {
        let statement = try prepareFetch(request, columns: fullRowColumns(schema.table(for: request.entity), alias: "t0"))
        var rows: [(ManagedObjectID, Snapshot)] = []
        try Self.wrap {
            while try statement.step() {
                if let row = decodeRow(statement) { rows.append(row) }
            }
        }
        return rows
    }

    func count(_ request: StoreRequest) throws -> Int {
        var unordered = request
        unordered.orderings = []
        let inner = try SQLQuery(schema: schema, request: unordered, columns: "t0.Z_PK")
        let statement = try Self.wrap { try connection.cachedStatement("SELECT COUNT(*) FROM (\(inner.sql))") }
        try Self.wrap {
            try statement.bind(inner.arguments)
            _ = try statement.step()
        }
        return Int(statement.int64(at: 0))
    }

    private func prepareFetch(_ request: StoreRequest, columns: String) throws -> SQLiteStatement {
        let query = try SQLQuery(schema: schema, request: request, columns: columns)
        return try Self.wrap {
            let statement = try connection.cachedStatement(query.sql)
            try statement.bind(query.arguments)
            return statement
        }
    }

    // MARK: Faults

    /// Rows are read by primary key in chunks of this many (bound parameters per statement).
    static let chunkSize = 500

    func snapshots(for ids: [ManagedObjectID]) throws -> [ManagedObjectID: Snapshot] {
        var result: [ManagedObjectID: Snapshot] = [:]
        result.reserveCapacity(ids.count)
        let byRoot = Dictionary(grouping: ids) { ObjectIdentifier($0.entity.rootEntity) }
        for group in byRoot.values {
            let table = schema.table(for: group[0].entity)
            for chunk in group.chunked(Self.chunkSize) {
                let sql = "SELECT \(fullRowColumns(table, alias: "t0")) FROM \(table.name) t0 WHERE t0.Z_PK IN (\(Self.placeholders(chunk.count)))"
                try Self.wrap {
                    let statement = try chunk.count == Self.chunkSize || chunk.count == 1
                        ? connection.cachedStatement(sql) : connection.prepare(sql)
                    for (index, id) in chunk.enumerated() { try statement.bind(id.primaryKey ?? 0, at: Int32(index + 1)) }
                    while try statement.step() {
                        if let (id, snapshot) = decodeRow(statement) { result[id] = snapshot }
                    }
                    statement.reset()
                }
            }
        }
        return result
    }

    func destinations(
        of relationship: RelationshipDescription, for sources: [ManagedObjectID]
    ) throws -> [ManagedObjectID: [ManagedObjectID]] {
        var result: [ManagedObjectID: [ManagedObjectID]] = [:]
        guard let inverse = relationship.inverseRelationship else { return result }
        let sourceByPK = Dictionary(sources.map { ($0.primaryKey ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
        let destinationTable = schema.table(for: relationship.destinationEntity)
        let sql: (Int) -> String
        if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (sourceColumn, destinationColumn) = isOwner
                ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            sql = { count in
                """
                SELECT j.\(sourceColumn), d.Z_PK, d.Z_ENT FROM \(join.name) j \
                JOIN \(destinationTable.name) d ON d.Z_PK = j.\(destinationColumn) \
                WHERE j.\(sourceColumn) IN (\(Self.placeholders(count))) ORDER BY d.Z_PK
                """
            }
        } else {
            let foreignKey = schema.foreignKey(for: inverse).column
            sql = { count in
                """
                SELECT d.\(foreignKey), d.Z_PK, d.Z_ENT FROM \(destinationTable.name) d \
                WHERE d.\(foreignKey) IN (\(Self.placeholders(count))) ORDER BY d.Z_PK
                """
            }
        }
        for chunk in sources.chunked(Self.chunkSize) {
            try Self.wrap {
                let statement = try chunk.count == 1 || chunk.count == Self.chunkSize
                    ? connection.cachedStatement(sql(chunk.count)) : connection.prepare(sql(chunk.count))
                for (index, id) in chunk.enumerated() { try statement.bind(id.primaryKey ?? 0, at: Int32(index + 1)) }
                while try statement.step() {
                    guard let source = sourceByPK[statement.int64(at: 0)],
                          let destination = objectID(pk: statement.int64(at: 1), entityNumber: statement.int64(at: 2))
                    else { continue }
                    result[source, default: []].append(destination)
                }
                statement.reset()
            }
        }
        return result
    }

    /// `?, ?, ?` for `count` parameters.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

extension Array {
    /// The array cut into consecutive slices of at most `size` elements.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
