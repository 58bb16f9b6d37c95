/// How a model maps onto the tables and columns of a SQLite store.
///
/// The layout is the one Core Data gives its own stores:
///
/// - one table `Z<ROOT>` per inheritance root, shared by all its sub-entities, with the
///   columns `Z_PK` (primary key), `Z_ENT` (the concrete entity's number) and `Z_OPT` (a
///   version counter), then one `Z<ATTRIBUTE>` column per stored attribute;
/// - a to-one relationship is a foreign-key column `Z<NAME>` holding the destination's
///   `Z_PK`, plus `Z<n>_<NAME>` holding its `Z_ENT` when the destination has sub-entities;
/// - a many-to-many relationship is a join table `Z_<n><NAME>`;
/// - a to-many without an inverse is a column `Z<n><NAME>` of the destination's table, holding
///   the source's `Z_PK` (`n` is the source entity's number);
/// - an ordered to-many keeps each member's position in a column `Z_FOK_<KEY>` named after
///   the column holding the member's owner: in the destination's table (`Z_FOK_<INVERSE>`), or
///   in the join table (`Z_FOK_<n><NAME>`);
/// - sibling sub-entities declaring the same name get numbered columns (`ZTEAM`, `ZTEAM1`);
///   so do a join table's two columns when a relationship is its own inverse, and tables and
///   indexes whose names would otherwise meet (entities `Team` and `TEAM`: SQLite compares
///   names without regard to case).
///
/// Entity numbers come from the store's `Z_PRIMARYKEY` table, never recomputed.
struct StoreSchema {
    /// A root table and its columns.
    struct Table {
        var name: String
        var root: EntityDescription
        /// Column names and declared types, after the three fixed columns, in table order.
        var columns: [(name: String, type: String)] = []
        /// Indexed columns.
        var indexedColumns: [String] = []
        /// The select list of a full row for each alias the stores qualify it with, made once
        /// the columns are known.
        fileprivate var fullRowColumnsByAlias: [String: String] = [:]

        /// The aliases a full row is selected under: the fetched table's, and a destination's.
        fileprivate static let aliases = ["t0", "d"]

        /// The select list of a full row (`Z_PK`, `Z_ENT`, `Z_OPT`, then the columns),
        /// qualified with `alias`.
        func fullRowColumns(alias: String) -> String {
            fullRowColumnsByAlias[alias] ?? Self.fullRowColumns(of: columns.map(\.name), alias: alias)
        }

        fileprivate static func fullRowColumns(of columns: [String], alias: String) -> String {
            (["Z_PK", "Z_ENT", "Z_OPT"] + columns).map { "\(alias).\($0)" }.joined(separator: ", ")
        }
    }

    /// The column of a to-one relationship.
    struct ForeignKey {
        /// Holds the destination's `Z_PK`.
        var column: String
        /// Holds the destination's `Z_ENT`, when the destination has sub-entities.
        var entityColumn: String?
    }

    /// A join table of a many-to-many relationship.
    struct JoinTable {
        var name: String
        /// Holds the primary key of the owning side's object.
        var sourceColumn: String
        /// Holds the primary key of the other side's object.
        var destinationColumn: String
        /// The position columns of its ordered sides.
        var orderColumns: [String] = []
    }

    private(set) var tables: [ObjectIdentifier: Table] = [:]
    private(set) var attributeColumns: [ObjectIdentifier: String] = [:]
    private(set) var foreignKeys: [ObjectIdentifier: ForeignKey] = [:]
    private(set) var joinTables: [ObjectIdentifier: JoinTable] = [:]
    /// The destination's column of each to-many without an inverse.
    private(set) var memberKeyColumns: [ObjectIdentifier: String] = [:]
    /// The position column of each stored ordered to-many: in its join table, or in its
    /// destination's table.
    private(set) var orderColumns: [ObjectIdentifier: String] = [:]
    /// The stored to-ones without an inverse, which a deleted destination leaves set to nil.
    private(set) var toOnesWithoutInverse: [RelationshipDescription] = []
    /// The table names claimed, from which ``creationSQL()`` names the indexes (only a new
    /// store needs them).
    private var schemaNames = SQLNames(reserved: ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"])
    private(set) var entityNumbers: [ObjectIdentifier: Int] = [:]
    private(set) var entitiesByNumber: [Int: EntityDescription] = [:]
    /// Whether the store is one Core Data wrote, whose attributes allowing external storage
    /// (``AttributeDescription/allowsExternalBinaryDataStorage``) keep a marker byte before
    /// their value, or a reference to a file beside the store.
    let marksExternalBinaryData: Bool

    /// Lays out `entities` (a model's, or a configuration's: whole inheritance hierarchies,
    /// sorted by name) with the given entity numbers (by entity name), under the names the
    /// store has where `existing` is given (a store Core Data wrote), else under derived ones.
    init(entities: [EntityDescription], entityNumbers numbers: [String: Int], existing: ExistingSchema? = nil) {
        marksExternalBinaryData = existing != nil
        for entity in entities {
            let number = numbers[entity.name] ?? entity.entityNumber
            entityNumbers[ObjectIdentifier(entity)] = number
            entitiesByNumber[number] = entity
        }
        // Names are claimed in a fixed order (entities by name), so that every opening of a
        // store derives the same ones.
        var columnNamespaces: [ObjectIdentifier: SQLNames] = [:]
        var storedTables: [ObjectIdentifier: ExistingSchema.Table] = [:]
        for root in entities where root.superentity == nil {
            let derivedName = schemaNames.claim("Z" + root.name.uppercased())
            let stored = existing?.table(named: derivedName)
            storedTables[ObjectIdentifier(root)] = stored
            var table = Table(name: stored?.name ?? derivedName, root: root)
            var columnNames = SQLNames(reserved: ["Z_PK", "Z_ENT", "Z_OPT"])
            defer { columnNamespaces[ObjectIdentifier(root)] = columnNames }
            func claim(_ base: String) -> String {
                let derived = columnNames.claim(base)
                return stored?.column(named: derived)?.name ?? derived
            }
            for entity in root.selfAndDescendants {
                for attribute in entity.ownAttributes where !attribute.isTransient {
                    let column = claim("Z" + attribute.name.uppercased())
                    attributeColumns[ObjectIdentifier(attribute)] = column
                    table.columns.append((column, Self.declaredType(of: attribute.attributeType)))
                    if attribute.isIndexed { table.indexedColumns.append(column) }
                }
                for relationship in entity.ownRelationships where !relationship.isToMany && !relationship.isTransient {
                    let column = claim("Z" + relationship.name.uppercased())
                    var key = ForeignKey(column: column)
                    table.columns.append((column, "INTEGER"))
                    table.indexedColumns.append(column)
                    if !relationship.destinationEntity.subentities.isEmpty {
                        let destination = entityNumbers[ObjectIdentifier(relationship.destinationEntity)]!
                        var entityColumn = claim("Z\(destination)_" + relationship.name.uppercased())
                        if let stored, stored.column(named: entityColumn) == nil {
                            entityColumn = ExistingSchema.entityColumn(in: stored, naming: relationship.name) ?? entityColumn
                        }
                        key.entityColumn = entityColumn
                        table.columns.append((entityColumn, "INTEGER"))
                    }
                    foreignKeys[ObjectIdentifier(relationship)] = key
                    if relationship.inverseRelationship == nil { toOnesWithoutInverse.append(relationship) }
                }
            }
            tables[ObjectIdentifier(root)] = table
        }
        // A to-many without an inverse keeps its source's key in the destination's table, in
        // a column named after the source entity's number and the relationship.
        for entity in entities {
            for relationship in entity.ownRelationships where relationship.isToManyWithoutInverse {
                let root = ObjectIdentifier(relationship.destinationEntity.rootEntity)
                let source = entityNumbers[ObjectIdentifier(entity)]!
                let derived = columnNamespaces[root]!.claim("Z\(source)" + relationship.name.uppercased())
                let column = storedTables[root]?.column(named: derived)?.name ?? derived
                tables[root]!.columns.append((column, "INTEGER"))
                tables[root]!.indexedColumns.append(column)
                memberKeyColumns[ObjectIdentifier(relationship)] = column
            }
        }
        // An ordered one-to-many (or to-many without an inverse) keeps positions beside the
        // member's key column.
        for entity in entities {
            for relationship in entity.ownRelationships
            where relationship.isOrdered && !relationship.isTransient && !relationship.isManyToMany {
                let root = ObjectIdentifier(relationship.destinationEntity.rootEntity)
                let derived = columnNamespaces[root]!.claim("Z_FOK_" + memberKeyColumn(for: relationship).dropFirst())
                let column = storedTables[root]?.column(named: derived)?.name ?? derived
                tables[root]!.columns.append((column, "INTEGER"))
                orderColumns[ObjectIdentifier(relationship)] = column
            }
        }
        var joinTablesFound: Set<String> = []
        for entity in entities {
            for relationship in entity.ownRelationships where relationship.ownsJoinTable {
                let inverse = relationship.inverseRelationship!
                let source = entityNumbers[ObjectIdentifier(entity)]!
                let destination = entityNumbers[ObjectIdentifier(relationship.destinationEntity)]!
                // A relationship that is its own inverse (friends, both ways) would name both
                // columns alike; the second takes a `1`, as Core Data's join tables show.
                var columnNames = SQLNames(reserved: [])
                var join = JoinTable(
                    name: schemaNames.claim("Z_\(source)" + relationship.name.uppercased()),
                    sourceColumn: columnNames.claim("Z_\(source)" + inverse.name.uppercased()),
                    destinationColumn: columnNames.claim("Z_\(destination)" + relationship.name.uppercased()))
                if let existing,
                    let found = existing.joinTable(
                        relationship: relationship.name, inverse: inverse.name, numbers: (source, destination),
                        derived: join.name, excluded: joinTablesFound)
                {
                    join = found
                    joinTablesFound.insert(found.name.uppercased())
                }
                // Each ordered side's positions, named after the column of its members' keys.
                let sides =
                    [(relationship, join.destinationColumn)] + (inverse === relationship ? [] : [(inverse, join.sourceColumn)])
                for (side, memberColumn) in sides where side.isOrdered && !side.isTransient {
                    let derived = "Z_FOK_" + memberColumn.dropFirst(2)
                    let column = existing?.table(named: join.name)?.column(named: derived)?.name ?? derived
                    join.orderColumns.append(column)
                    orderColumns[ObjectIdentifier(side)] = column
                }
                joinTables[ObjectIdentifier(relationship)] = join
            }
        }
        for key in tables.keys {
            let columns = tables[key]!.columns.map(\.name)
            for alias in Table.aliases {
                tables[key]!.fullRowColumnsByAlias[alias] = Table.fullRowColumns(of: columns, alias: alias)
            }
        }
    }

    /// The declared column type of an attribute type; Decimal is stored as text so that it
    /// stays exact (SQLite's NUMERIC affinity would round it).
    static func declaredType(of type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: return "INTEGER"
        case .double, .float: return "FLOAT"
        case .decimal: return "TEXT"
        case .string, .uri: return "VARCHAR"
        case .date: return "TIMESTAMP"
        case .binary, .transformable, .uuid: return "BLOB"
        case .undefined: return ""  // transient only: never stored
        }
    }

    /// The table holding an entity's objects.
    func table(for entity: EntityDescription) -> Table { tables[ObjectIdentifier(entity.rootEntity)]! }

    /// The column of a stored attribute.
    func column(for attribute: AttributeDescription) -> String { attributeColumns[ObjectIdentifier(attribute)]! }

    /// Whether the values of `attribute` keep a marker byte or a file reference in this store
    /// (see ``marksExternalBinaryData``).
    func marksExternalBinaryData(of attribute: AttributeDescription) -> Bool {
        marksExternalBinaryData && attribute.allowsExternalBinaryDataStorage
    }

    /// The foreign key of a stored to-one relationship.
    func foreignKey(for relationship: RelationshipDescription) -> ForeignKey { foreignKeys[ObjectIdentifier(relationship)]! }

    /// The column of a to-many's destination rows that holds the key of the source holding
    /// them: the inverse's foreign key or, for a to-many without an inverse, its own column.
    func memberKeyColumn(for relationship: RelationshipDescription) -> String {
        if let inverse = relationship.inverseRelationship { return foreignKey(for: inverse).column }
        return memberKeyColumns[ObjectIdentifier(relationship)]!
    }

    /// The column holding the positions of an ordered to-many's members.
    func orderColumn(for relationship: RelationshipDescription) -> String { orderColumns[ObjectIdentifier(relationship)]! }

    /// Whether deleting an object of `entity` changes other rows than its own: join tables,
    /// the key columns of its to-manys without an inverse, to-ones without an inverse that may
    /// point at it.
    func unlinksRows(of entity: EntityDescription) -> Bool {
        entity.relationships.contains(where: \.isSavedAsLinks)
            || toOnesWithoutInverse.contains { entity.isKind(of: $0.destinationEntity) }
    }

    /// The join table of a many-to-many relationship, and whether `relationship` is its owning
    /// side (else its columns are read the other way round).
    func joinTable(for relationship: RelationshipDescription) -> (table: JoinTable, isOwner: Bool) {
        if relationship.ownsJoinTable { return (joinTables[ObjectIdentifier(relationship)]!, true) }
        return (joinTables[ObjectIdentifier(relationship.inverseRelationship!)]!, false)
    }

    /// The store's number for an entity.
    func number(of entity: EntityDescription) -> Int { entityNumbers[ObjectIdentifier(entity)]! }

    /// The entity numbers a fetch of `entity` matches, or `nil` when every row of its table
    /// matches (no `Z_ENT` condition needed).
    func entityFilter(for entity: EntityDescription, includesSubentities: Bool) -> [Int]? {
        if entity.superentity == nil, includesSubentities || entity.subentities.isEmpty { return nil }
        let entities = includesSubentities ? entity.selfAndDescendants : [entity]
        return entities.map(number(of:))
    }

    /// The SQL that creates every table and index.
    func creationSQL() -> [String] {
        var names = schemaNames
        let statements =
            tables.values.sorted(by: { $0.name < $1.name }).map { Self.creationSQL(of: $0) }
            + joinTables.values.sorted(by: { $0.name < $1.name }).map { Self.creationSQL(of: $0) }
        return statements + indexes.map { $0.creationSQL(names: &names) }
    }

    /// An index a store keeps.
    struct Index {
        var table: String
        /// The columns the index reads.
        var columns: [String]
        /// What the index keeps, in order, when it is more than ``columns`` in ascending
        /// order: columns in descending order (`ZNAME DESC`), expressions (`og_lower(ZNAME)`).
        var terms: [String]?
        /// The uniqueness constraint the index enforces, if it is one.
        var constraint: UniquenessConstraint?
        /// The entity numbers of the rows a unique index binds, when not every row of its
        /// table (a constraint of a sub-entity).
        var entityNumbers: [Int]?

        /// What tells the index apart from others on the same table: its columns, whether it
        /// is unique, and the rows it covers.
        var key: [String] {
            [table.uppercased()] + (terms ?? columns).map { $0.uppercased() } + (constraint == nil ? [] : ["UNIQUE"])
                + (rowCondition.map { [$0] } ?? [])
        }

        /// Whether the index is on columns only, each ascending or descending, with no
        /// expression: what every SQL database indexes alike.
        var isOnColumns: Bool {
            (terms ?? columns).allSatisfy { term in
                columns.contains(term.hasSuffix(" DESC") ? String(term.dropLast(5)) : term)
            }
        }

        /// The `WHERE` condition of a partial index, naming entity numbers only.
        var rowCondition: String? {
            entityNumbers.map { "Z_ENT IN (\($0.map(String.init).joined(separator: ", ")))" }
        }

        /// The `CREATE INDEX` (or `CREATE UNIQUE INDEX`) of the index, named after the table
        /// and its first column (a unique one after all of them), numbered when `names` holds
        /// the name already.
        func creationSQL(names: inout SQLNames) -> String {
            let name =
                constraint == nil
                ? names.claim("\(table)_\(columns[0])_INDEX") : names.claim("\(table)_\(columns.joined(separator: "_"))_UNIQUE")
            let condition = rowCondition.map { " WHERE \($0)" } ?? ""
            return
                "CREATE \(constraint == nil ? "" : "UNIQUE ")INDEX \(name) ON \(table) (\((terms ?? columns).joined(separator: ", ")))\(condition)"
        }
    }

    /// The indexes a store keeps: `Z_ENT` of tables shared by an inheritance tree, indexed
    /// attributes, foreign keys, fetch indexes, each join table's reverse order, and a unique
    /// index per uniqueness constraint.
    var indexes: [Index] {
        var indexes: [Index] = []
        for table in tables.values.sorted(by: { $0.name < $1.name }) {
            if !table.root.subentities.isEmpty { indexes.append(Index(table: table.name, columns: ["Z_ENT"])) }
            for column in table.indexedColumns { indexes.append(Index(table: table.name, columns: [column])) }
            for entity in table.root.selfAndDescendants {
                for index in entity.resolvedIndexes { indexes.append(self.index(index, on: table.name)) }
                for constraint in entity.constraints where constraint.entity === entity {
                    indexes.append(
                        Index(
                            table: table.name, columns: columns(of: constraint), constraint: constraint,
                            entityNumbers: entity.superentity == nil ? nil : entity.selfAndDescendants.map(number(of:))))
                }
            }
        }
        for join in joinTables.values.sorted(by: { $0.name < $1.name }) {
            indexes.append(Index(table: join.name, columns: [join.destinationColumn, join.sourceColumn]))
        }
        return indexes
    }

    /// The SQL that clears the constrained columns `update` changes, or `nil` when it changes
    /// none.
    ///
    /// The SQL is `UPDATE … SET c = NULL WHERE Z_PK = ?`, the key the one placeholder. Run
    /// before a save's updates write, it keeps rows swapping values from meeting a unique
    /// index half done.
    func releasingConstrainedColumns(of update: StoreChanges.Update) -> String? {
        guard !update.id.entity.constraints.isEmpty else { return nil }
        let keys = Set(update.id.entity.constraints.flatMap { columns(of: $0) })
        let changed = update.attributes.map { column(for: $0.0) } + update.toOne.map { foreignKey(for: $0.0).column }
        let released = changed.filter(keys.contains)
        guard !released.isEmpty else { return nil }
        let assignments = released.map { "\($0) = NULL" }.joined(separator: ", ")
        return "UPDATE \(table(for: update.id.entity).name) SET \(assignments) WHERE Z_PK = ?"
    }

    /// The columns holding a constraint's properties: an attribute's column, a to-one's
    /// foreign key (primary keys are unique within a table, so its entity column is not needed).
    func columns(of constraint: UniquenessConstraint) -> [String] { columns(of: constraint.keys) }

    /// The columns holding the given properties (of a constraint or a fetch index).
    func columns(of keys: [UniquenessConstraint.Key]) -> [String] {
        keys.map { key in
            switch key {
            case .attribute(let attribute): column(for: attribute)
            case .toOne(let relationship): foreignKey(for: relationship).column
            }
        }
    }

    /// The index keeping a fetch index's elements on `table`: over their columns when they are
    /// properties in ascending order, else over terms (an R-Tree element is indexed as a binary
    /// one: the same fetches find the same rows).
    func index(_ index: ResolvedFetchIndex, on table: String) -> Index {
        var columns: [String] = []
        var terms: [String] = []
        var isPlain = true
        for element in index.elements {
            var term: String
            switch element.term {
            case .key(let key):
                term = self.columns(of: [key])[0]
                columns.append(term)
            case .expression(let expression):
                term = sql(of: expression)
                columns += expression.attributes.map(column(for:)).filter { !columns.contains($0) }
                isPlain = false
            }
            if !element.isAscending {
                term += " DESC"
                isPlain = false
            }
            terms.append(term)
        }
        return Index(table: table, columns: columns, terms: isPlain ? nil : terms)
    }

    /// The SQL of an index expression, over the columns of its attributes (Decimals as
    /// numbers, as fetches compare them), with its functions as fetches translate them: a
    /// predicate comparing the same expression can use the index.
    func sql(of expression: IndexExpression) -> String {
        switch expression {
        case .attribute(let attribute): SQLQuery.columnExpression(attribute, column(for: attribute))
        case .number(let literal): literal
        case .function(let function, let arguments):
            SQLQuery.apply(function, to: arguments.map { SQLQuery.Fragment(sql(of: $0)) }).sql
        }
    }

    /// The indexes as one text, to tell whether a store has the indexes of this schema.
    var indexSignature: String {
        indexes.map { index in
            var text = "\(index.table)(\((index.terms ?? index.columns).joined(separator: ",")))"
            if index.constraint != nil { text += " UNIQUE" }
            if let condition = index.rowCondition { text += " WHERE " + condition }
            return text
        }.joined(separator: " ")
    }

    /// The `CREATE TABLE` of a root table.
    static func creationSQL(of table: Table, in dialect: SQLDialect = .sqlite) -> String {
        let key = dialect.columnType("INTEGER")
        let columns =
            ["Z_PK \(key) PRIMARY KEY", "Z_ENT \(key)", "Z_OPT \(key)"]
            + table.columns.map { "\($0.name) \(dialect.columnType($0.type))" }
        return "CREATE TABLE \(table.name) ( \(columns.joined(separator: ", ")) )"
    }

    /// The `CREATE TABLE` of a join table.
    static func creationSQL(of join: JoinTable, in dialect: SQLDialect = .sqlite) -> String {
        let key = dialect.columnType("INTEGER")
        let positions = join.orderColumns.map { "\($0) \(key), " }.joined()
        return """
            CREATE TABLE \(join.name) ( \(join.sourceColumn) \(key), \(join.destinationColumn) \(key), \(positions)\
            PRIMARY KEY (\(join.sourceColumn), \(join.destinationColumn)) )
            """
    }
}
