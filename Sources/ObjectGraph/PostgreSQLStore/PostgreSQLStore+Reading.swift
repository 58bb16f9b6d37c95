import Foundation
import ObjectGraphPostgreSQL
import ObjectGraphSQLite

/// Reading rows: fetches, faults, to-many relationships.
extension PostgreSQLStore {
    /// Runs a query of the SQL translation: its `?` placeholders numbered for PostgreSQL, its
    /// arguments in PostgreSQL's types.
    func run(_ sql: String, _ arguments: [SQLiteValue]) throws(StoreError) -> PostgreSQLResult {
        try wrap { try connection.execute(Self.numberingPlaceholders(sql), arguments.map(Self.queryValue)) }
    }

    /// `sql` with its `?` placeholders numbered `$1`, `$2`…: the translation never writes a
    /// `?` elsewhere (no text is ever spliced into it).
    static func numberingPlaceholders(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A query's argument: as ``value(_:)``, but a finite real number as an exact `numeric`,
    /// which PostgreSQL compares exactly with a `bigint` (it would round the `bigint` to a
    /// `double precision`), as SQLite and the evaluator compare: an integral one in all its
    /// digits, another as the shortest decimal that reads back as it (no integer lies between
    /// the two).
    static func queryValue(_ value: SQLiteValue) -> PostgreSQLValue {
        guard case .real(let number) = value, number.isFinite else { return Self.value(value) }
        if number == number.rounded(), abs(number) < 0x1p64 {
            return .numeric((number < 0 ? "-" : "") + String(UInt64(abs(number))))
        }
        return .numeric(String(describing: number))
    }

    /// A SQL translation's argument in PostgreSQL's types.
    static func value(_ value: SQLiteValue) -> PostgreSQLValue {
        switch value {
        case .null: .null
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        case .blob(let value): .bytes(value)
        }
    }

    /// The permanent ID of row `pk` of `entity`; `nil` for a key no ID can hold.
    func objectID(pk: Int64, entity: EntityDescription) -> ManagedObjectID? {
        guard (0...ManagedObjectID.maxPrimaryKey).contains(pk) else { return nil }
        return ManagedObjectID(entity: entity, primaryKey: pk, storeTag: tag)
    }

    /// The ID of row `pk` whose entity number is `number`; `nil` for a number of no entity of
    /// `scope` (another program wrote it).
    func objectID(pk: Int64, entityNumber number: Int64, within scope: EntityDescription) -> ManagedObjectID? {
        guard let entity = schema.entitiesByNumber[Int(number)], entity.isKind(of: scope) else { return nil }
        return objectID(pk: pk, entity: entity)
    }

    /// Decodes a full row read with ``StoreSchema/Table/fullRowColumns(alias:)`` from column `offset`; `nil`
    /// for a row of no entity of `scope`.
    func decodeRow(
        _ result: PostgreSQLResult, _ row: Int32, offset: Int32 = 0, scope: EntityDescription,
        snapshots: inout SnapshotBuilder
    ) -> (ManagedObjectID, Snapshot)? {
        guard let entity = schema.entitiesByNumber[Int(result.int64(row, offset + 1))], entity.isKind(of: scope),
            let layout = layouts[ObjectIdentifier(entity)],
            let id = objectID(pk: result.int64(row, offset), entity: entity)
        else { return nil }
        let snapshot = snapshots.append(
            version: result.int64(row, offset + 2), attributeCount: layout.attributeCount,
            relationshipCount: layout.relationshipCount
        ) { slots in
            // One source per slot (see `RowLayout.sources`): each slot initialized once.
            for (index, source) in layout.sources.enumerated() {
                let slot: Snapshot.Slot
                switch source {
                case .none, .markedBinary:
                    slot = index < layout.attributeCount ? .value(.null) : .reference(nil)
                case .attribute(let column, let type):
                    slot = .value(Self.read(result, row, offset + column, as: type))
                case .toOne(let column, let entityColumn, let destination):
                    if result.isNull(row, offset + column) {
                        slot = .reference(nil)
                    } else {
                        let key = result.int64(row, offset + column)
                        let scope = destination.takeUnretainedValue()
                        slot = .reference(
                            entityColumn.map { objectID(pk: key, entityNumber: result.int64(row, offset + $0), within: scope) }
                                ?? objectID(pk: key, entity: scope))
                    }
                }
                (slots + index).initialize(to: slot)
            }
        }
        return (id, snapshot)
    }

    // MARK: Fetching

    func fetchIDs(_ request: StoreRequest) throws -> [ManagedObjectID] {
        let query = try SQLQuery(schema: schema, request: request, columns: "t0.Z_PK, t0.Z_ENT", dialect: .postgreSQL)
        let result = try run(query.sql, query.arguments)
        return (0..<result.rowCount).compactMap {
            objectID(pk: result.int64($0, 0), entityNumber: result.int64($0, 1), within: request.entity)
        }
    }

    func fetchSnapshots(_ request: StoreRequest) throws -> FetchedRows {
        let query = try SQLQuery(
            schema: schema, request: request, columns: schema.table(for: request.entity).fullRowColumns(alias: "t0"),
            dialect: .postgreSQL)
        let result = try run(query.sql, query.arguments)
        let rows = FetchedRows(capacity: Int(result.rowCount))
        var snapshots = SnapshotBuilder()
        for row in 0..<result.rowCount {
            if let (id, snapshot) = decodeRow(result, row, scope: request.entity, snapshots: &snapshots) {
                rows.append(id, snapshot)
            }
        }
        return rows
    }

    func count(_ request: StoreRequest) throws -> Int {
        var unordered = request
        unordered.orderings = []
        let inner = try SQLQuery(schema: schema, request: unordered, columns: "t0.Z_PK", dialect: .postgreSQL)
        return Int(try run("SELECT COUNT(*) FROM (\(inner.sql)) AS counted", inner.arguments).int64(0, 0))
    }

    func counts(_ request: StoreRequest, groupedBy key: GroupingKeyPath) throws -> [KeyPathValue: Int] {
        let query = try SQLQuery(schema: schema, request: request, countingBy: key, dialect: .postgreSQL)
        let result = try run(query.sql, query.arguments)
        var counts: [KeyPathValue: Int] = [:]
        for row in 0..<result.rowCount {
            let value: KeyPathValue
            switch key.terminal {
            case .attribute(let attribute):
                value = KeyPathValue(Self.read(result, row, 1, as: attribute.attributeType))
            case .toOne(let relationship):
                if result.isNull(row, 1) {
                    value = .null
                } else {
                    let destination = relationship.destinationEntity
                    let id =
                        schema.foreignKey(for: relationship).entityColumn != nil
                        ? objectID(pk: result.int64(row, 1), entityNumber: result.int64(row, 2), within: destination)
                        : objectID(pk: result.int64(row, 1), entity: destination)
                    value = id.map(KeyPathValue.object) ?? .null
                }
            }
            counts[value, default: 0] += Int(result.int64(row, 0))
        }
        return counts
    }

    // MARK: Faults and to-many relationships

    func snapshots(for ids: [ManagedObjectID]) throws -> [(ManagedObjectID, Snapshot)] {
        var rows: [(ManagedObjectID, Snapshot)] = []
        rows.reserveCapacity(ids.count)
        var snapshots = SnapshotBuilder(firstBlockRows: min(ids.count, 128))
        // Usually one root entity: grouped only when there are several.
        let root = ids.first?.entity.rootEntity
        let groups =
            ids.allSatisfy { $0.entity.rootEntity === root }
            ? [ids] : Array(Dictionary(grouping: ids) { ObjectIdentifier($0.entity.rootEntity) }.values)
        for group in groups where !group.isEmpty {
            let scope = group[0].entity.rootEntity
            // One key (a fault fired alone) is compared as one: the server plans `= $1` better
            // than `= ANY` of an array of one.
            let keys = group.map { $0.primaryKey ?? 0 }
            let result = try wrap {
                try keys.count == 1
                    ? connection.execute(rowsByKey(of: scope).sql, [.integer(keys[0])])
                    : connection.execute(rowsByKey(of: scope).anySQL, [.integerArray(keys)])
            }
            for row in 0..<result.rowCount {
                if let decoded = decodeRow(result, row, scope: scope, snapshots: &snapshots) { rows.append(decoded) }
            }
        }
        return rows
    }

    /// The queries reading full rows of the table of `root`: by one key, and by an array of
    /// keys.
    private func rowsByKey(of root: EntityDescription) -> (sql: String, anySQL: String) {
        if let queries = rowsByKeySQL[ObjectIdentifier(root)] { return queries }
        let table = schema.table(for: root)
        let select = "SELECT \(table.fullRowColumns(alias: "t0")) FROM \(table.name) t0 WHERE t0.Z_PK"
        let queries = (select + " = $1", select + " = ANY($1)")
        rowsByKeySQL[ObjectIdentifier(root)] = queries
        return queries
    }

    func destinations(of relationship: RelationshipDescription, for sources: [ManagedObjectID]) throws -> [RelatedRow] {
        guard relationship.isToMany, !relationship.isTransient else { return [] }
        var sourceByPK: [Int64: Int] = [:]
        for (index, source) in sources.enumerated() where sourceByPK[source.primaryKey ?? 0] == nil {
            sourceByPK[source.primaryKey ?? 0] = index
        }
        let destinationTable = schema.table(for: relationship.destinationEntity)
        let columns = destinationTable.fullRowColumns(alias: "d")
        // An ordered to-many's members by position (rows without one first), then by key.
        let orderColumn = relationship.isOrdered ? schema.orderColumn(for: relationship) : nil
        let order = { (alias: String) in orderColumn.map { " ORDER BY \(alias).\($0) NULLS FIRST, d.Z_PK" } ?? "" }
        let sql: String
        if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (sourceColumn, destinationColumn) =
                isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            sql = """
                SELECT j.\(sourceColumn), \(columns) FROM \(join.name) j \
                JOIN \(destinationTable.name) d ON d.Z_PK = j.\(destinationColumn) \
                WHERE j.\(sourceColumn) = ANY($1)\(order("j"))
                """
        } else {
            let foreignKey = schema.memberKeyColumn(for: relationship)
            sql =
                "SELECT d.\(foreignKey), \(columns) FROM \(destinationTable.name) d WHERE d.\(foreignKey) = ANY($1)\(order("d"))"
        }
        let result = try wrap { try connection.execute(sql, [.integerArray(Array(sourceByPK.keys))]) }
        var rows: [RelatedRow] = []
        var snapshots = SnapshotBuilder()
        for row in 0..<result.rowCount {
            guard let source = sourceByPK[result.int64(row, 0)],
                let (destination, snapshot) = decodeRow(
                    result, row, offset: 1, scope: relationship.destinationEntity, snapshots: &snapshots)
            else { continue }
            rows.append(RelatedRow(source: source, destination: destination, snapshot: snapshot))
        }
        return rows
    }

    func destinationIDs(of relationship: RelationshipDescription, for source: ManagedObjectID) throws -> DestinationIDs {
        guard let inverse = relationship.inverseRelationship, !inverse.isToMany else {
            return DestinationIDs(ids: [], dataVersion: nil)
        }
        let table = schema.table(for: inverse.entity).name
        let column = schema.foreignKey(for: inverse).column
        let result = try wrap {
            try connection.execute(
                "SELECT Z_PK, Z_ENT FROM \(table) WHERE \(column) = $1 ORDER BY Z_PK", [.integer(source.primaryKey ?? 0)])
        }
        let destination = relationship.destinationEntity
        let ids = (0..<result.rowCount).compactMap {
            objectID(pk: result.int64($0, 0), entityNumber: result.int64($0, 1), within: destination)
        }
        // PostgreSQL keeps no data version: a save checks the rows it deletes with their owner.
        return DestinationIDs(ids: ids, dataVersion: nil)
    }

    /// Yes: one query lists the destinations of many sources, where each would cost a round
    /// trip.
    var listsDestinationIDsTogether: Bool { true }

    func destinationIDs(of relationship: RelationshipDescription, forEach sources: [ManagedObjectID]) throws
        -> [ManagedObjectID: DestinationIDs]
    {
        var listed: [ManagedObjectID: DestinationIDs] = [:]
        for source in sources { listed[source] = DestinationIDs(ids: [], dataVersion: nil) }
        guard let inverse = relationship.inverseRelationship, !inverse.isToMany else { return listed }
        var sourceByKey: [Int64: ManagedObjectID] = [:]
        for source in sources { sourceByKey[source.primaryKey ?? 0] = source }
        let table = schema.table(for: inverse.entity).name
        let column = schema.foreignKey(for: inverse).column
        let result = try wrap {
            try connection.execute(
                "SELECT \(column), Z_PK, Z_ENT FROM \(table) WHERE \(column) = ANY($1)",
                [.integerArray(Array(sourceByKey.keys))])
        }
        let destination = relationship.destinationEntity
        // The rows come source by source as the index on the foreign key gives them (no
        // sort asked of the server): each run of a source's IDs is added at once, and a
        // source's IDs are put in key order here.
        var source: Int64?
        var ids: [ManagedObjectID] = []
        func store() {
            guard let source, let id = sourceByKey[source] else { return }
            listed[id]!.ids += ids
        }
        for row in 0..<result.rowCount {
            let key = result.int64(row, 0)
            if key != source {
                store()
                (source, ids) = (key, [])
            }
            if let id = objectID(pk: result.int64(row, 1), entityNumber: result.int64(row, 2), within: destination) {
                ids.append(id)
            }
        }
        store()
        let byKey = { (first: ManagedObjectID, second: ManagedObjectID) in (first.primaryKey ?? 0) < (second.primaryKey ?? 0) }
        let unsorted = listed.compactMap { source, listing in
            zip(listing.ids, listing.ids.dropFirst()).allSatisfy(byKey) ? nil : source
        }
        for source in unsorted { listed[source]!.ids.sort(by: byKey) }
        return listed
    }
}
