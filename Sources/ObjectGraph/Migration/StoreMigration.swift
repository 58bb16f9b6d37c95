import Foundation
import ObjectGraphSQLite

/// Moves a store's tables from one model version's layout to another's, following a
/// ``ModelMapping``, with one pass of SQL per table and no object made.
///
/// Each destination table is fed by the source tables holding the entities it continues. One
/// of them, the *primary*, is altered in place (`ALTER TABLE … ADD`/`RENAME`/`DROP COLUMN`, one
/// `UPDATE` for values that change): a migration that adds and renames attributes costs little
/// more than the `ALTER TABLE`s a person would write. The others are copied in with one
/// `INSERT … SELECT` each, their keys shifted past the primary's when a new parent entity makes
/// several tables one. Join tables are reused, or filled from the links they continue.
///
/// It runs on SQLite and PostgreSQL alike (``MigrationDatabase``). Run it inside a
/// transaction: it leaves the store half-moved when it throws.
struct StoreMigration {
    let mapping: ModelMapping
    let source: StoreSchema
    let destination: StoreSchema
    let database: any MigrationDatabase

    /// Source join tables kept as destination ones: destination name by source name.
    var reusedJoins: [String: String] = [:]

    /// The rows one source table gives one destination table, and the entity pairs they hold.
    struct Feed {
        var table: StoreSchema.Table
        /// Source entity and the destination entity continuing it.
        var entities: [(source: EntityDescription, destination: EntityDescription)]
    }

    /// The feeds of each destination table, by root entity.
    var feeds: [ObjectIdentifier: [Feed]] = [:]
    /// The source table altered into each destination table, by destination root entity.
    var primaries: [ObjectIdentifier: String] = [:]
    /// How far the keys of each source table move (only tables merged into another have one).
    var keyOffsets: [String: Int64] = [:]
    /// The source tables' names at the start, to be dropped or renamed.
    var renamed: [String: String] = [:]

    /// Plans the migration of the store in `database`, whose `Z_PRIMARYKEY` numbers the source
    /// entities as `sourceNumbers`.
    init(mapping: ModelMapping, sourceNumbers: [String: Int], database: any MigrationDatabase) {
        self.mapping = mapping
        self.source = StoreSchema(entities: mapping.sourceEntities, entityNumbers: sourceNumbers)
        self.destination = StoreSchema(entities: mapping.destinationEntities, entityNumbers: [:])
        self.database = database
        for entity in mapping.destinationEntities {
            guard let earlier = mapping.sourceEntity(of: entity) else { continue }
            let table = source.table(for: earlier)
            let root = ObjectIdentifier(entity.rootEntity)
            if let index = feeds[root, default: []].firstIndex(where: { $0.table.name == table.name }) {
                feeds[root]![index].entities.append((earlier, entity))
            } else {
                feeds[root, default: []].append(Feed(table: table, entities: [(earlier, entity)]))
            }
        }
        // A source table feeding one destination table is altered into it, preferably the one
        // of the same name.
        var destinationsFed: [String: Int] = [:]
        for table in feeds.values.flatMap({ $0 }) { destinationsFed[table.table.name, default: 0] += 1 }
        for (root, tableFeeds) in feeds {
            let name = destination.tables[root]!.name
            let candidates = tableFeeds.map(\.table.name).filter { destinationsFed[$0] == 1 }.sorted()
            primaries[root] = candidates.contains(name) ? name : candidates.first
        }
    }

    // MARK: Checking the data

    /// Checks that every object keeps a value where the destination version requires one
    /// without a default: reads only.
    ///
    /// - Throws: ``MigrationError`` naming the first property some objects lack.
    func checkRequiredValues() throws {
        for entity in mapping.destinationEntities {
            guard let earlier = mapping.sourceEntity(of: entity) else { continue }
            let table = source.table(for: earlier)
            let filter = "Z_ENT = \(source.number(of: earlier))"
            for attribute in entity.persistentAttributes where !attribute.isOptional && attribute.defaultValue.isNull {
                guard let old = mapping.sourceAttribute(of: attribute, in: entity), old.isOptional else { continue }
                let count = try countRows(table.name, "\(source.column(for: old)) IS NULL AND \(filter)")
                if count > 0 {
                    throw failure(entity, attribute.name, .requiredWithoutDefault(objectsWithoutValue: count))
                }
            }
            for relationship in entity.relationships
            where !relationship.isToMany && !relationship.isOptional && !relationship.isTransient {
                guard let old = mapping.sourceRelationship(of: relationship, in: entity), !old.isToMany, old.isOptional else {
                    continue
                }
                let count = try countRows(table.name, "\(source.foreignKey(for: old).column) IS NULL AND \(filter)")
                if count > 0 {
                    throw failure(entity, relationship.name, .requiredRelationship(objectsWithoutDestination: count))
                }
            }
        }
    }

    func countRows(_ table: String, _ condition: String) throws -> Int {
        guard case .integer(let count) = try database.rows("SELECT COUNT(*) FROM \(table) WHERE \(condition)", []).first?.first
        else { return 0 }
        return Int(count)
    }

    func failure(_ entity: EntityDescription, _ property: String, _ reason: MigrationError.Reason) -> MigrationError {
        MigrationError(
            sourceVersion: mapping.source.versionLabel, destinationVersion: mapping.destination.versionLabel,
            entity: entity.name, property: property, reason: reason)
    }

    // MARK: Running

    /// Moves every table, then rewrites `Z_PRIMARYKEY`; the caller writes the metadata.
    mutating func run() throws {
        let keyCounters = try readKeyCounters()
        try shiftMergedKeys(counters: keyCounters)
        try moveTablesAside()
        try fillJoinTables()
        for (root, table) in destination.tables.sorted(by: { $0.value.name < $1.value.name }) {
            if let primary = primaries[root] {
                try alter(primary, into: table, feed: feeds[root]!.first { $0.table.name == primary }!)
                // Under its new name before other tables are copied in: no table holds that
                // name now (those that did were moved aside).
                if current(primary) != table.name {
                    try database.perform("ALTER TABLE \(current(primary)) RENAME TO \(table.name)")
                }
            } else {
                try database.perform(StoreSchema.creationSQL(of: table, in: database.dialect))
            }
        }
        for (root, table) in destination.tables {
            for feed in feeds[root, default: []] where feed.table.name != primaries[root] {
                try copy(feed, into: table)
            }
        }
        try dropAndRename()
        try database.synchroniseIndexes(of: destination)
        try rewriteKeyTable(counters: keyCounters)
        try renumberHistory()
    }

    /// Points the changes of the store's persistent history, where it keeps one, at the objects
    /// as the destination numbers and keys them.
    ///
    /// The changes of entities the destination drops go. Which properties an update wrote is
    /// no longer known (each entity's bitmap counts its properties, which may differ now).
    func renumberHistory() throws {
        guard try !database.columns(of: "ACHANGE").isEmpty else { return }
        let entities = mapping.sourceEntities
        // Entity numbers and keys, never user text: written into the statement.
        let numbers = entities.compactMap { entity in
            mapping.destinationEntity(of: entity).map { " WHEN \(source.number(of: entity)) THEN \(destination.number(of: $0))" }
        }
        let offsets = entities.compactMap { entity in
            keyOffsets[source.table(for: entity).name].map { " WHEN \(source.number(of: entity)) THEN \($0)" }
        }
        let entity = numbers.isEmpty ? "NULL" : "CASE ZENTITY\(numbers.joined()) ELSE NULL END"
        let key = offsets.isEmpty ? "ZENTITYPK" : "ZENTITYPK + CASE ZENTITY\(offsets.joined()) ELSE 0 END"
        try database.perform("UPDATE ACHANGE SET ZENTITY = \(entity), ZENTITYPK = \(key), ZCOLUMNS = NULL", [])
        try database.perform("DELETE FROM ACHANGE WHERE ZENTITY IS NULL", [])
    }

    /// The highest key ever handed out in each source table: its root's `Z_MAX`, or its
    /// highest `Z_PK` if that is higher.
    func readKeyCounters() throws -> [String: Int64] {
        var counters: [String: Int64] = [:]
        for table in source.tables.values {
            let rows = try database.rows(
                """
                SELECT \(database.dialect.greatest)(COALESCE((SELECT MAX(Z_PK) FROM \(table.name)), 0), COALESCE(Z_MAX, 0)) \
                FROM Z_PRIMARYKEY WHERE Z_ENT = ?
                """, [.integer(Int64(source.number(of: table.root)))])
            if case .integer(let value) = rows.first?.first { counters[table.name] = value } else { counters[table.name] = 0 }
        }
        return counters
    }

    /// The error of a migration whose merged tables would take keys past the highest key an
    /// object ID holds.
    struct KeysExhausted: Error, CustomStringConvertible {
        var description: String { "merging tables would take keys past \(ManagedObjectID.maxPrimaryKey)" }
    }

    /// Gives the tables merged into another (several tables becoming one, under a new parent)
    /// key ranges past every key of the store.
    mutating func shiftMergedKeys(counters: [String: Int64]) throws {
        var next = counters.values.max() ?? 0
        for (root, tableFeeds) in feeds.sorted(by: { destination.tables[$0.key]!.name < destination.tables[$1.key]!.name })
        where tableFeeds.count > 1 {
            for feed in tableFeeds.sorted(by: { $0.table.name < $1.table.name })
            where feed.table.name != primaries[root] && keyOffsets[feed.table.name] == nil {
                keyOffsets[feed.table.name] = next
                next += counters[feed.table.name] ?? 0
            }
        }
        guard next <= ManagedObjectID.maxPrimaryKey else {
            throw KeysExhausted()
        }
    }

    /// Renames the source tables whose names the destination takes for another table.
    mutating func moveTablesAside() throws {
        let destinationNames = Set(destination.tables.values.map(\.name) + destination.joinTables.values.map(\.name))
        let kept = Set(destination.tables.compactMap { root, table in primaries[root] == table.name ? table.name : nil })
        let sourceNames = source.tables.values.map(\.name) + source.joinTables.values.map(\.name)
        for (index, name) in sourceNames.sorted().enumerated() {
            guard destinationNames.contains(name), !kept.contains(name) else {
                renamed[name] = name
                continue
            }
            let aside = "Z_OG_MIGRATING_\(index)"
            try database.perform("ALTER TABLE \(name) RENAME TO \(aside)")
            renamed[name] = aside
        }
    }

    /// The current name of a source table.
    func current(_ name: String) -> String { renamed[name] ?? name }

    // MARK: Root tables

    /// A column's value in the destination, as SQL over the source table's row.
    struct Expression: Equatable {
        var sql: String
        var arguments: [SQLiteValue] = []
    }

    /// The destination table's columns with their values over the rows of `feed`.
    func columnValues(of table: StoreSchema.Table, feed: Feed) -> [(column: String, value: Expression)] {
        var values: [(String, Expression)] = []
        for entity in table.root.selfAndDescendants {
            for attribute in entity.ownAttributes where !attribute.isTransient {
                values.append((destination.column(for: attribute), value(of: attribute, declaredBy: entity, feed: feed)))
            }
            for relationship in entity.ownRelationships where !relationship.isToMany && !relationship.isTransient {
                let key = destination.foreignKey(for: relationship)
                values.append((key.column, self.key(of: relationship, declaredBy: entity, feed: feed)))
                if let entityColumn = key.entityColumn {
                    values.append((entityColumn, keyEntity(of: relationship, declaredBy: entity, feed: feed)))
                }
            }
        }
        // The columns of the to-manys without an inverse whose destinations are these rows.
        for relationship in mapping.destinationEntities.flatMap(\.ownRelationships)
        where relationship.isToManyWithoutInverse && relationship.destinationEntity.rootEntity === table.root {
            values.append((destination.memberKeyColumn(for: relationship), memberKey(of: relationship, feed: feed)))
        }
        // The positions of the ordered to-manys whose members are these rows.
        for relationship in mapping.destination.entities.flatMap(\.ownRelationships)
        where relationship.isOrdered && !relationship.isTransient && !relationship.isManyToMany
            && relationship.destinationEntity.rootEntity === table.root
        {
            values.append((destination.orderColumn(for: relationship), position(in: relationship, feed: feed)))
        }
        return values
    }

    /// The position of each row of `feed` among the members of `relationship`, an ordered
    /// to-many kept in its destinations' table: what its earlier version kept, if it was
    /// ordered there too, or nothing (members then come in key order).
    func position(in relationship: RelationshipDescription, feed: Feed) -> Expression {
        byEntity(feed, declaredBy: relationship.destinationEntity) { _, _ in
            guard let earlier = mapping.sourceRelationship(of: relationship, in: relationship.entity), earlier.isOrdered,
                !earlier.isManyToMany, !earlier.isTransient
            else { return Expression(sql: "NULL") }
            return Expression(sql: source.orderColumn(for: earlier))
        }
    }

    /// The key of the source holding each row of `feed` through `relationship`, a to-many
    /// without an inverse: what its earlier version's destinations named (through that
    /// version's column or its inverse's foreign key), or nothing.
    func memberKey(of relationship: RelationshipDescription, feed: Feed) -> Expression {
        byEntity(feed, declaredBy: relationship.destinationEntity) { _, _ in
            guard let earlier = mapping.sourceRelationship(of: relationship, in: relationship.entity), earlier.isToMany,
                !earlier.isManyToMany, !earlier.isTransient
            else { return Expression(sql: "NULL") }
            return shifted(source.memberKeyColumn(for: earlier), to: earlier.entity)
        }
    }

    /// One value per source entity of the feed, as one expression: a single one when all the
    /// feed's entities have the same, else a `CASE` on `Z_ENT`.
    func byEntity(
        _ feed: Feed, declaredBy entity: EntityDescription, _ value: (EntityDescription, EntityDescription) -> Expression
    ) -> Expression {
        let values = feed.entities.map { pair in
            (
                number: source.number(of: pair.source),
                value: pair.destination.isKind(of: entity) ? value(pair.source, pair.destination) : nil
            )
        }
        if let first = values.first?.value, values.allSatisfy({ $0.value == first }) { return first }
        guard values.contains(where: { $0.value != nil }) else { return Expression(sql: "NULL") }
        var sql = "CASE Z_ENT"
        var arguments: [SQLiteValue] = []
        for (number, value) in values {
            guard let value else { continue }
            sql += " WHEN \(number) THEN \(value.sql)"
            arguments += value.arguments
        }
        return Expression(sql: sql + " ELSE NULL END", arguments: arguments)
    }

    func value(of attribute: AttributeDescription, declaredBy entity: EntityDescription, feed: Feed) -> Expression {
        byEntity(feed, declaredBy: entity) { earlierEntity, laterEntity in
            let earlier = mapping.sourceAttribute(of: attribute, in: laterEntity)
            var value = Expression(sql: earlier.map(source.column(for:)) ?? "NULL")
            // A default fills the values a required attribute lacks (new, or optional before).
            if !attribute.isOptional, !attribute.defaultValue.isNull, earlier?.isOptional ?? true {
                let fill = StoredValue.encode(attribute.defaultValue)
                value =
                    earlier == nil
                    ? Expression(sql: "?", arguments: [fill]) : Expression(sql: "COALESCE(\(value.sql), ?)", arguments: [fill])
            }
            return value
        }
    }

    func key(of relationship: RelationshipDescription, declaredBy entity: EntityDescription, feed: Feed) -> Expression {
        byEntity(feed, declaredBy: entity) { _, laterEntity in
            guard let earlier = mapping.sourceRelationship(of: relationship, in: laterEntity), !earlier.isToMany else {
                return Expression(sql: "NULL")
            }
            return shifted(source.foreignKey(for: earlier).column, to: earlier.destinationEntity)
        }
    }

    func keyEntity(of relationship: RelationshipDescription, declaredBy entity: EntityDescription, feed: Feed)
        -> Expression
    {
        byEntity(feed, declaredBy: entity) { _, laterEntity in
            guard let earlier = mapping.sourceRelationship(of: relationship, in: laterEntity), !earlier.isToMany else {
                return Expression(sql: "NULL")
            }
            let key = source.foreignKey(for: earlier)
            let destinations = earlier.destinationEntity.selfAndDescendants
            guard let entityColumn = key.entityColumn else {
                let number = mapping.destinationEntity(of: earlier.destinationEntity).map(destination.number(of:))
                return Expression(sql: "CASE WHEN \(key.column) IS NULL THEN NULL ELSE \(number.map(String.init) ?? "NULL") END")
            }
            return Expression(sql: entityNumbers(entityColumn, of: destinations))
        }
    }

    /// A key column pointing at `entity`'s table, shifted as that table's keys are.
    func shifted(_ column: String, to entity: EntityDescription) -> Expression {
        guard let offset = keyOffsets[source.table(for: entity).name] else { return Expression(sql: column) }
        return Expression(sql: "(\(column) + \(offset))")
    }

    /// `column`, holding source entity numbers of `entities`, as destination numbers.
    func entityNumbers(_ column: String, of entities: [EntityDescription]) -> String {
        let changes = entities.compactMap { earlier -> (Int, Int)? in
            guard let later = mapping.destinationEntity(of: earlier) else { return nil }
            return (source.number(of: earlier), destination.number(of: later))
        }
        if changes.isEmpty { return "NULL" }
        if changes.allSatisfy({ $0.0 == $0.1 }) { return column }
        return "CASE \(column)" + changes.map { " WHEN \($0.0) THEN \($0.1)" }.joined() + " ELSE NULL END"
    }

    /// Alters the primary source table into the destination table: drops the rows of removed
    /// entities, adds and fills the new columns, drops the unused ones, renames the others.
    func alter(_ name: String, into table: StoreSchema.Table, feed: Feed) throws {
        let current = self.current(name)
        let kept = Set(feed.entities.map { source.number(of: $0.source) })
        let all = Set(source.table(for: feed.entities[0].source).root.selfAndDescendants.map(source.number(of:)))
        if kept != all {
            try database.perform(
                "DELETE FROM \(current) WHERE Z_ENT NOT IN (\(kept.sorted().map(String.init).joined(separator: ", ")))")
        }
        let existing = try database.columns(of: current)
        var claimed: Set<String> = []
        var renames: [(from: String, to: String)] = []
        var updates: [(column: String, value: Expression)] = []
        var newColumns: [(name: String, type: String, value: Expression)] = []
        let types = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.type) })
        for (column, value) in columnValues(of: table, feed: feed) {
            if existing.contains(value.sql), value.arguments.isEmpty, claimed.insert(value.sql).inserted {
                if value.sql != column { renames.append((value.sql, column)) }
            } else {
                newColumns.append((column, types[column]!, value))
            }
        }
        // New columns under names of their own until the old ones are gone.
        var temporaries: [String] = []
        for (index, column) in newColumns.enumerated() {
            let temporary = "Z_OG_NEW_\(index)"
            temporaries.append(temporary)
            if let literal = Self.literal(column.value) {
                // Every row takes the value: SQLite stores it once, in the schema.
                try database.perform(
                    "ALTER TABLE \(current) ADD COLUMN \(temporary) \(database.dialect.columnType(column.type)) DEFAULT \(literal)"
                )
            } else {
                try database.perform("ALTER TABLE \(current) ADD COLUMN \(temporary) \(database.dialect.columnType(column.type))")
                if column.value.sql != "NULL" { updates.append((temporary, column.value)) }
            }
        }
        let entityValue = entityNumbers("Z_ENT", of: feed.entities.map(\.source))
        if entityValue != "Z_ENT" { updates.append(("Z_ENT", Expression(sql: entityValue))) }
        if !updates.isEmpty {
            try database.perform(
                "UPDATE \(current) SET " + updates.map { "\($0.column) = \($0.value.sql)" }.joined(separator: ", "),
                updates.flatMap(\.value.arguments))
        }
        for column in existing.subtracting(claimed).subtracting(["Z_PK", "Z_ENT", "Z_OPT"] + temporaries).sorted() {
            try database.dropIndexes(on: column, of: current)
            try database.perform("ALTER TABLE \(current) DROP COLUMN \(column)")
        }
        try renameColumns(of: current, renames + zip(temporaries, newColumns.map(\.name)).map { ($0, $1) })
    }

    /// A value every row takes, as a SQL literal safe to write into `DEFAULT` (numbers only).
    static func literal(_ value: Expression) -> String? {
        guard value.sql == "?", value.arguments.count == 1 else { return nil }
        switch value.arguments[0] {
        case .integer(let number): return String(number)
        case .real(let number) where number.isFinite: return "\(number)"
        default: return nil
        }
    }

    /// Renames columns, by way of temporary names where a target name is still taken.
    func renameColumns(of table: String, _ renames: [(from: String, to: String)]) throws {
        var names = try database.columns(of: table)
        var pending = renames.filter { $0.from != $0.to }
        var spare = 0
        while !pending.isEmpty {
            if let index = pending.firstIndex(where: { !names.contains($0.to) }) {
                let rename = pending.remove(at: index)
                try database.perform("ALTER TABLE \(table) RENAME COLUMN \(rename.from) TO \(rename.to)")
                names.remove(rename.from)
                names.insert(rename.to)
            } else {
                // A cycle (a and b swapping names): one steps aside.
                let temporary = "Z_OG_SWAP_\(spare)"
                spare += 1
                try database.perform("ALTER TABLE \(table) RENAME COLUMN \(pending[0].from) TO \(temporary)")
                names.remove(pending[0].from)
                names.insert(temporary)
                pending[0].from = temporary
            }
        }
    }

    /// Copies a feed's rows into a destination table whose columns are the destination's.
    func copy(_ feed: Feed, into table: StoreSchema.Table) throws {
        let values = columnValues(of: table, feed: feed)
        let numbers = feed.entities.map { String(source.number(of: $0.source)) }.joined(separator: ", ")
        let key = keyOffsets[feed.table.name].map { "Z_PK + \($0)" } ?? "Z_PK"
        let columns = ["Z_PK", "Z_ENT", "Z_OPT"] + values.map(\.column)
        let selected = [key, entityNumbers("Z_ENT", of: feed.entities.map(\.source)), "Z_OPT"] + values.map(\.value.sql)
        try database.perform(
            """
            INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) \
            SELECT \(selected.joined(separator: ", ")) FROM \(current(feed.table.name)) WHERE Z_ENT IN (\(numbers))
            """,
            values.flatMap(\.value.arguments))
    }

    // MARK: Finishing

    /// Drops the source tables nothing continues and gives the kept join tables their new
    /// names (root tables have theirs already).
    func dropAndRename() throws {
        let primaryNames = Set(primaries.values)
        for table in source.tables.values.sorted(by: { $0.name < $1.name }) where !primaryNames.contains(table.name) {
            try database.perform("DROP TABLE \(current(table.name))")
        }
        for join in source.joinTables.values.sorted(by: { $0.name < $1.name }) where reusedJoins[join.name] == nil {
            try database.perform("DROP TABLE \(current(join.name))")
        }
        for (old, new) in reusedJoins where current(old) != new {
            try database.perform("ALTER TABLE \(current(old)) RENAME TO \(new)")
        }
    }

    /// Rewrites `Z_PRIMARYKEY` for the destination's entities: each root keeps the highest key
    /// its tables handed out, so that no key of a deleted object comes back.
    func rewriteKeyTable(counters: [String: Int64]) throws {
        try database.perform("DELETE FROM Z_PRIMARYKEY")
        for entity in mapping.destinationEntities {
            var counter: Int64 = 0
            if entity.superentity == nil {
                for feed in feeds[ObjectIdentifier(entity), default: []] {
                    counter = max(counter, (counters[feed.table.name] ?? 0) + (keyOffsets[feed.table.name] ?? 0))
                }
            }
            try database.perform(
                "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)",
                [
                    .integer(Int64(destination.number(of: entity))), .text(entity.name),
                    .integer(Int64(entity.superentity.map(destination.number(of:)) ?? 0)), .integer(counter),
                ])
        }
    }
}
