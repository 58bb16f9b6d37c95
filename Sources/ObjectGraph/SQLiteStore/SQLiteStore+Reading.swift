// Unsafe: row layouts and destination entities are read unretained (`Unmanaged`), and snapshot
// slots are initialized through raw pointers; invariants at `RowCache.layout` and in `decodeRow`.

import Foundation
import ObjectGraphSQLite

/// Reading rows: fetches, faults, to-many relationships.
extension SQLiteStore {
    /// What a loop of ``decodeRow(_:offset:cache:)`` carries from row to row: the entity its
    /// rows must be of, the layout of the last entity number it met, so that a run of rows of
    /// one entity finds it without a dictionary look-up per row, and the block the snapshots
    /// are packed into.
    struct RowCache {
        /// The entity every row must be of (or of a sub-entity of): a row naming another
        /// entity, which only another program can write, is no object of the read.
        let scope: EntityDescription
        var entityNumber: Int64 = -1
        /// The layout of ``entityNumber``, not retained: the store's ``layouts``, a constant,
        /// keep it, and the store is alive while its method runs.
        var layout: Unmanaged<RowLayout>?
        var snapshots = SnapshotBuilder()
    }

    /// An object ID from a primary key and an entity number; `nil` for a number that names no
    /// entity of the model, or one that is not `scope` or a sub-entity of it (another program
    /// wrote it), or for a key no ID can hold.
    func objectID(pk: Int64, entityNumber: Int64, within scope: EntityDescription) -> ManagedObjectID? {
        guard let entity = schema.entitiesByNumber[Int(entityNumber)], entity.isKind(of: scope) else { return nil }
        return objectID(pk: pk, entity: entity)
    }

    /// The permanent ID of row `pk` of `entity` in this store; `nil` for a key no ID can hold.
    func objectID(pk: Int64, entity: EntityDescription) -> ManagedObjectID? {
        guard (0...ManagedObjectID.maxPrimaryKey).contains(pk) else { return nil }
        return ManagedObjectID(entity: entity, primaryKey: pk, storeTag: tag)
    }

    /// Decodes a full row read with ``StoreSchema/Table/fullRowColumns(alias:)``, starting at column `offset`;
    /// `nil` for a row of no entity of the cache's scope or a key no ID can hold.
    ///
    /// - Throws: ``StoreError/damaged(path:reason:)`` when a value allowing external storage
    ///   names a file that is missing or unreadable, or holds no known marker byte.
    func decodeRow(
        _ statement: SQLiteStatement, offset: Int32 = 0, cache: inout RowCache
    ) throws -> (ManagedObjectID, Snapshot)? {
        let entityNumber = statement.int64(at: offset + 1)
        if entityNumber != cache.entityNumber {
            cache.layout = schema.entitiesByNumber[Int(entityNumber)]
                .flatMap { $0.isKind(of: cache.scope) ? layouts[ObjectIdentifier($0)] : nil }.map(Unmanaged.passUnretained)
            cache.entityNumber = entityNumber
        }
        guard let layout = cache.layout else { return nil }
        // The layout and its sources are read in place (alive: see `RowCache.layout`):
        // retaining them per row would cost two atomic operations for nothing.
        return try layout._withUnsafeGuaranteedRef { layout in
            try decodeRow(statement, offset: offset, layout: layout, snapshots: &cache.snapshots)
        }
    }

    /// ``decodeRow(_:offset:cache:)`` for a row of the entity `layout` describes.
    private func decodeRow(
        _ statement: SQLiteStatement, offset: Int32, layout: RowLayout, snapshots: inout SnapshotBuilder
    ) throws(StoreError) -> (ManagedObjectID, Snapshot)? {
        guard let id = objectID(pk: statement.int64(at: offset), entity: layout.entity) else { return nil }
        // Read before the slots are filled, which must not be left half done by an error.
        var marked: [AttributeValue] = []
        if layout.hasMarkedAttributes {
            for (column, attribute) in layout.markedAttributes {
                marked.append(try markedBinary(statement, column: offset + column, of: attribute, in: id))
            }
        }
        var nextMarked = 0
        let snapshot = snapshots.append(
            version: statement.int64(at: offset + 2), attributeCount: layout.attributeCount,
            relationshipCount: layout.relationshipCount
        ) { slots in
            // One source per slot: `layouts(for:model:)` makes `sources` exactly
            // `attributeCount + relationshipCount` long, so each slot is initialized exactly
            // once, as `SnapshotBuilder.append` requires.
            layout.sources.withUnsafeBufferPointer { sources in
                for (index, source) in sources.enumerated() {
                    let slot: Snapshot.Slot
                    switch source {
                    case .none:
                        slot = index < layout.attributeCount ? .value(.null) : .reference(nil)
                    case .attribute(let column, let type):
                        slot = .value(StoredValue.read(statement, column: offset + column, as: type))
                    case .markedBinary:
                        slot = .value(marked[nextMarked])
                        nextMarked += 1
                    case .toOne(let column, let entityColumn, let destination):
                        // NULL reads as key 0, which only then costs a type check.
                        let key = statement.int64(at: offset + column)
                        if key == 0, statement.isNull(at: offset + column) {
                            slot = .reference(nil)
                        } else if let entityColumn {
                            slot = .reference(
                                destination._withUnsafeGuaranteedRef {
                                    objectID(pk: key, entityNumber: statement.int64(at: offset + entityColumn), within: $0)
                                })
                        } else {
                            slot = .reference(destination._withUnsafeGuaranteedRef { objectID(pk: key, entity: $0) })
                        }
                    }
                    (slots + index).initialize(to: slot)
                }
            }
        }
        return (id, snapshot)
    }

    /// The value of an attribute allowing external storage, in a store Core Data wrote:
    /// `NULL`, or its bytes behind ``StoredValue/inlineMarker``, or behind
    /// ``StoredValue/fileMarker`` the UUID naming its file in the store's
    /// `.<Store>_SUPPORT/_EXTERNAL_DATA` folder.
    ///
    /// - Throws: ``StoreError/damaged(path:reason:)`` naming the entity, attribute, row and
    ///   file, when the file is missing or unreadable, or the column holds another marker.
    private func markedBinary(
        _ statement: SQLiteStatement, column: Int32, of attribute: AttributeDescription, in id: ManagedObjectID
    ) throws(StoreError) -> AttributeValue {
        guard !statement.isNull(at: column) else { return .null }
        let bytes = statement.blob(at: column)
        let place = "\(id.entity.name).\(attribute.name) of row \(id.primaryKey ?? 0)"
        switch bytes.first {
        case nil:
            return .data(Data())
        case StoredValue.inlineMarker:
            return .data(Data(bytes.dropFirst()))
        case StoredValue.fileMarker:
            var reference = bytes.dropFirst()
            while reference.last == 0 { reference.removeLast() }
            guard let name = String(bytes: reference, encoding: .ascii), UUID(uuidString: name) != nil else {
                throw .damaged(path: path, reason: "\(place) names its external data file with no UUID")
            }
            let file = externalDataFolder.appending(path: name).path
            guard FileManager.default.fileExists(atPath: file) else {
                throw .damaged(path: path, reason: "\(place) is in the external data file \(file), which is missing")
            }
            do {
                return .data(try Data(contentsOf: URL(filePath: file)))
            } catch {
                throw .damaged(
                    path: path, reason: "\(place) is in the external data file \(file), which cannot be read: \(error)")
            }
        case let marker?:
            throw .damaged(
                path: path,
                reason: "\(place) begins with byte \(marker), neither 1 (the value follows) nor 2 (a file holds it)")
        }
    }

    /// The folder of the files holding values of attributes allowing external storage, in a
    /// store Core Data wrote: `.<Store>_SUPPORT/_EXTERNAL_DATA` beside the store file, named
    /// after the store file without its extension.
    var externalDataFolder: URL {
        let store = URL(filePath: path)
        return store.deletingLastPathComponent()
            .appending(path: ".\(store.deletingPathExtension().lastPathComponent)_SUPPORT/_EXTERNAL_DATA")
    }

    // MARK: Fetching

    func fetchIDs(_ request: StoreRequest) throws -> [ManagedObjectID] {
        let statement = try prepareFetch(request, columns: "t0.Z_PK, t0.Z_ENT")
        // A statement not reset keeps its read transaction open, and a later write of this
        // connection would then fail at once with SQLITE_BUSY_SNAPSHOT instead of waiting.
        defer { statement.reset() }
        var ids: [ManagedObjectID] = []
        try Self.wrap {
            while try statement.step() {
                if let id = objectID(pk: statement.int64(at: 0), entityNumber: statement.int64(at: 1), within: request.entity) {
                    ids.append(id)
                }
            }
        }
        return ids
    }

    func fetchSnapshots(_ request: StoreRequest) throws -> FetchedRows {
        let statement = try prepareFetch(request, columns: schema.table(for: request.entity).fullRowColumns(alias: "t0"))
        defer { statement.reset() }
        let rows = FetchedRows()
        var cache = RowCache(scope: request.entity)
        try Self.wrap {
            while try statement.step() {
                if let (id, snapshot) = try decodeRow(statement, cache: &cache) { rows.append(id, snapshot) }
            }
        }
        return rows
    }

    func count(_ request: StoreRequest) throws -> Int {
        var unordered = request
        unordered.orderings = []
        let inner = try SQLQuery(schema: schema, request: unordered, columns: "t0.Z_PK")
        let statement = try Self.wrap { try connection.cachedStatement("SELECT COUNT(*) FROM (\(inner.sql))") }
        defer { statement.reset() }
        try Self.wrap {
            try statement.bind(inner.arguments)
            _ = try statement.step()
        }
        return Int(statement.int64(at: 0))
    }

    func counts(_ request: StoreRequest, groupedBy key: GroupingKeyPath) throws -> [KeyPathValue: Int] {
        let query = try SQLQuery(schema: schema, request: request, countingBy: key)
        let read: (SQLiteStatement) -> KeyPathValue
        switch key.terminal {
        case .attribute(let attribute):
            read = { KeyPathValue(StoredValue.read($0, column: 1, as: attribute.attributeType)) }
        case .toOne(let relationship):
            let destination = relationship.destinationEntity
            let readsEntity = schema.foreignKey(for: relationship).entityColumn != nil
            read = { statement in
                guard !statement.isNull(at: 1) else { return .null }
                let pk = statement.int64(at: 1)
                let id =
                    readsEntity
                    ? self.objectID(pk: pk, entityNumber: statement.int64(at: 2), within: destination)
                    : self.objectID(pk: pk, entity: destination)
                return id.map(KeyPathValue.object) ?? .null
            }
        }
        let statement = try Self.wrap { try connection.cachedStatement(query.sql) }
        defer { statement.reset() }
        var counts: [KeyPathValue: Int] = [:]
        try Self.wrap {
            try statement.bind(query.arguments)
            while try statement.step() { counts[read(statement), default: 0] += Int(statement.int64(at: 0)) }
        }
        return counts
    }

    private func prepareFetch(_ request: StoreRequest, columns: String) throws -> SQLiteStatement {
        let query = try SQLQuery(schema: schema, request: request, columns: columns)
        return try Self.wrap {
            let statement = try connection.cachedStatement(query.sql)
            try statement.bind(query.arguments)
            return statement
        }
    }

    // MARK: Faults and to-many relationships

    func snapshots(for ids: [ManagedObjectID]) throws -> [(ManagedObjectID, Snapshot)] {
        var result: [(ManagedObjectID, Snapshot)] = []
        result.reserveCapacity(ids.count)
        let byRoot = Dictionary(grouping: ids) { ObjectIdentifier($0.entity.rootEntity) }
        for group in byRoot.values {
            var cache = RowCache(scope: group[0].entity.rootEntity)
            let table = schema.table(for: group[0].entity)
            let keys = group.map { $0.primaryKey ?? 0 }
            for chunk in keys.chunked(Self.chunkSize) {
                try Self.wrap {
                    let statement = try keyedStatement(.row(table.name), count: chunk.count) { placeholders in
                        "SELECT \(table.fullRowColumns(alias: "t0")) FROM \(table.name) t0 WHERE t0.Z_PK IN (\(placeholders))"
                    }
                    defer { statement.reset() }
                    try Self.bind(chunk, to: statement)
                    while try statement.step() {
                        if let row = try decodeRow(statement, cache: &cache) { result.append(row) }
                    }
                }
            }
        }
        return result
    }

    func destinations(
        of relationship: RelationshipDescription, for sources: [ManagedObjectID]
    ) throws -> [RelatedRow] {
        // A transient relationship has nothing saved.
        guard relationship.isToMany, !relationship.isTransient else { return [] }
        var sourceByPK: [Int64: Int] = [:]
        sourceByPK.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() where sourceByPK[source.primaryKey ?? 0] == nil {
            sourceByPK[source.primaryKey ?? 0] = index
        }
        let destinationTable = schema.table(for: relationship.destinationEntity)
        let columns = destinationTable.fullRowColumns(alias: "d")
        // An ordered to-many's members by position (rows Core Data left without one first),
        // then by key.
        let orderColumn = relationship.isOrdered ? schema.orderColumn(for: relationship) : nil
        let order = { (alias: String) in orderColumn.map { " ORDER BY \(alias).\($0), d.Z_PK" } ?? "" }
        let sql: (String) -> String
        if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (sourceColumn, destinationColumn) =
                isOwner
                ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            sql = { placeholders in
                """
                SELECT j.\(sourceColumn), \(columns) FROM \(join.name) j \
                JOIN \(destinationTable.name) d ON d.Z_PK = j.\(destinationColumn) \
                WHERE j.\(sourceColumn) IN (\(placeholders))\(order("j"))
                """
            }
        } else {
            let foreignKey = schema.memberKeyColumn(for: relationship)
            sql = { placeholders in
                "SELECT d.\(foreignKey), \(columns) FROM \(destinationTable.name) d WHERE d.\(foreignKey) IN (\(placeholders))\(order("d"))"
            }
        }
        var result: [RelatedRow] = []
        var cache = RowCache(scope: relationship.destinationEntity)
        for chunk in Array(sourceByPK.keys).chunked(Self.chunkSize) {
            try Self.wrap {
                let statement = try keyedStatement(.related(ObjectIdentifier(relationship)), count: chunk.count, sql: sql)
                defer { statement.reset() }
                try Self.bind(chunk, to: statement)
                while try statement.step() {
                    guard let source = sourceByPK[statement.int64(at: 0)],
                        let (destination, snapshot) = try decodeRow(statement, offset: 1, cache: &cache)
                    else { continue }
                    result.append(RelatedRow(source: source, destination: destination, snapshot: snapshot))
                }
            }
        }
        return result
    }

}
