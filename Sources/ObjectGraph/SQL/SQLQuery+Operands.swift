/// Operands and the joins and aliases they need: constants, objects, key paths through
/// to-ones, aggregates over to-manys.
extension SQLQuery {
    // MARK: Operands

    /// A single value: a constant, an object, `SELF`, a key path through to-ones, an aggregate.
    mutating func operand(_ operand: ResolvedOperand, entity: EntityDescription, alias: String) throws -> Operand {
        switch operand {
        case .constant(let value):
            if case .double(let d) = value, d.isNaN { return Operand(fragment: Fragment("NULL"), kind: .null) }
            if value.isNull { return Operand(fragment: Fragment("NULL"), kind: .null) }
            if case .decimal = value { return Operand(fragment: Fragment("?", [.real(value.numericValue ?? 0)]), kind: .numeric) }
            return Operand(fragment: Fragment("?", [StoredValue.encode(value)]), kind: Kind(value))
        case .object(let id):
            // A temporary ID names no row: a negative key, one per object, so that it matches
            // no primary key and two temporary IDs are equal only when they are the same.
            let key: Int64
            switch id.key {
            case .permanent(let primaryKey): key = primaryKey
            case .temporary(let number): key = -1 - Int64(truncatingIfNeeded: number & UInt64(Int64.max))
            }
            return Operand(fragment: Fragment("?", [.integer(key)]), kind: .object(ObjectIdentifier(id.entity.rootEntity)))
        case .evaluatedObject:
            return Operand(fragment: Fragment("\(alias).Z_PK"), kind: .object(ObjectIdentifier(entity.rootEntity)))
        case .keyPath(let path):
            let last = joinAlias(for: path.steps, from: alias)
            return try terminal(path.terminal, alias: last, nullable: !path.steps.isEmpty)
        case .function(let function):
            var arguments: [Operand] = []
            for argument in function.arguments { arguments.append(try self.operand(argument, entity: entity, alias: alias)) }
            return Operand(fragment: Self.apply(function.function, to: arguments.map(\.fragment)), kind: Kind(function.result))
        case .subqueryCount(let subquery):
            return try count(subquery, alias: alias)
        }
    }

    /// The value at the end of a key path, read from the row aliased `alias`.
    func terminal(_ terminal: ResolvedKeyPath.Terminal, alias: String, nullable: Bool) throws -> Operand {
        switch terminal {
        case .attribute(let attribute):
            return Operand(
                fragment: Fragment(
                    Self.columnExpression(attribute, "\(alias).\(try storedColumn(for: attribute))", dialect: dialect)),
                kind: Kind(attribute.attributeType))
        case .relationship(let relationship):
            return Operand(
                fragment: Fragment("\(alias).\(schema.foreignKey(for: relationship).column)"),
                kind: .object(ObjectIdentifier(relationship.destinationEntity.rootEntity)))
        case .aggregate(let function, let relationship, let attribute):
            let (from, destination) = members(of: relationship, owner: alias, alias: "a\(alias)")
            let value: String
            switch function {
            case .count: value = "COUNT(*)"
            case .sum: value = "COALESCE(SUM(\(destination).\(try storedColumn(for: attribute!))), 0)"
            case .avg: value = "AVG(\(destination).\(try storedColumn(for: attribute!)))"
            case .min, .max:
                value =
                    "\(function.rawValue.uppercased())(\(Self.columnExpression(attribute!, "\(destination).\(try storedColumn(for: attribute!))", dialect: dialect)))"
            }
            let subquery = Fragment("(SELECT \(value) FROM \(from))")
            return Operand(
                fragment: nullable ? Self.nullWithout(alias, subquery) : subquery,
                kind: attribute.map { Kind($0.attributeType) } ?? .numeric)
        case .element(let position, let relationship, let rest):
            let subquery = try element(position, of: relationship, then: rest, owner: alias)
            return Operand(
                fragment: nullable ? Self.nullWithout(alias, subquery.fragment) : subquery.fragment, kind: subquery.kind)
        }
    }

    /// The member of an ordered to-many of the row `owner` at `position` (by its position
    /// column, then its key), or what the key path `rest` yields on it, as a correlated
    /// subquery.
    func element(
        _ position: ElementPosition, of relationship: RelationshipDescription, then rest: ResolvedKeyPath?, owner: String
    ) throws -> Operand {
        let (from, member) = members(of: relationship, owner: owner, alias: "e\(owner)")
        var joins: [String] = []
        var current = member
        let value: Operand
        if let rest {
            for (index, step) in rest.steps.enumerated() {
                let next = "\(member)_\(index + 1)"
                let table = schema.table(for: step.destinationEntity)
                joins.append(
                    "LEFT JOIN \(table.name) \(next) ON \(next).Z_PK = \(current).\(schema.foreignKey(for: step).column)")
                current = next
            }
            value = try terminal(rest.terminal, alias: current, nullable: !rest.steps.isEmpty)
        } else {
            value = Operand(
                fragment: Fragment("\(member).Z_PK"), kind: .object(ObjectIdentifier(relationship.destinationEntity.rootEntity)))
        }
        // A many-to-many keeps positions in its join table.
        let positions = "\(relationship.isManyToMany ? "\(member)_j" : member).\(schema.orderColumn(for: relationship))"
        let (order, offset): (String, Int)
        switch position {
        case .first: (order, offset) = ("\(positions), \(member).Z_PK", 0)
        case .last: (order, offset) = ("\(positions) DESC, \(member).Z_PK DESC", 0)
        case .index(let index): (order, offset) = ("\(positions), \(member).Z_PK", index)
        }
        return Operand(
            fragment: Fragment(
                "(SELECT \(value.fragment.sql) FROM \(Self.inserting(joins, into: from)) ORDER BY \(order) LIMIT 1 OFFSET ?)",
                value.fragment.arguments + [.integer(Int64(offset))]),
            kind: value.kind)
    }

    /// The column of an attribute; a transient attribute has none to fetch or sort by, nor
    /// has an attribute whose values a store Core Data wrote keeps behind a marker byte or in
    /// files.
    func storedColumn(for attribute: AttributeDescription) throws -> String {
        guard !attribute.isTransient else {
            throw UnsupportedFetchError(
                fragment: attribute.name,
                reason: "'\(attribute.entity.name).\(attribute.name)' is transient, so the store has no value to fetch or sort by"
            )
        }
        guard !schema.marksExternalBinaryData(of: attribute) else {
            throw UnsupportedFetchError(
                fragment: attribute.name,
                reason:
                    "'\(attribute.entity.name).\(attribute.name)' allows external storage: a store Core Data wrote keeps its values behind a marker byte or in files, which a fetch cannot compare or sort"
            )
        }
        return schema.column(for: attribute)
    }

    /// A column as compared and sorted: Decimals (stored as exact text) as numbers.
    static func columnExpression(_ attribute: AttributeDescription, _ column: String, dialect: SQLDialect = .sqlite) -> String {
        attribute.attributeType == .decimal ? "CAST(\(column) AS \(dialect.real))" : column
    }

    /// The alias of the row reached through to-one `steps` from `alias`, adding `LEFT JOIN`s
    /// once per distinct path.
    mutating func joinAlias(for steps: [RelationshipDescription], from alias: String) -> String {
        joinChain(for: steps, from: alias).last ?? alias
    }

    /// The aliases of the rows reached through each of the to-one `steps` from `alias`, in
    /// order, adding `LEFT JOIN`s once per distinct path.
    mutating func joinChain(for steps: [RelationshipDescription], from alias: String) -> [String] {
        var chain: [String] = []
        var current = alias
        var key = alias
        for step in steps {
            key += "." + step.name + "@" + step.entity.name
            if let known = joinAliases[key] {
                current = known
                chain.append(known)
                continue
            }
            aliasCount += 1
            let next = "j\(aliasCount)"
            let table = schema.table(for: step.destinationEntity)
            joins.append(
                Join(
                    table: table.name, alias: next, condition: "\(next).Z_PK = \(current).\(schema.foreignKey(for: step).column)")
            )
            joinAliases[key] = next
            current = next
            chain.append(next)
        }
        return chain
    }

    /// `FROM … WHERE <correlation>` listing the destinations of a to-many of the row `owner`,
    /// and the alias of the destination rows.
    func members(of relationship: RelationshipDescription, owner: String, alias: String) -> (String, String) {
        let table = schema.table(for: relationship.destinationEntity)
        if relationship.isManyToMany {
            let (join, isOwner) = schema.joinTable(for: relationship)
            let (mine, theirs) =
                isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
            return (
                "\(join.name) \(alias)_j JOIN \(table.name) \(alias) ON \(alias).Z_PK = \(alias)_j.\(theirs) WHERE \(alias)_j.\(mine) = \(owner).Z_PK",
                alias
            )
        }
        let foreignKey = schema.memberKeyColumn(for: relationship)
        return ("\(table.name) \(alias) WHERE \(alias).\(foreignKey) = \(owner).Z_PK", alias)
    }

    /// `from`, a `FROM … WHERE …` of ``members(of:owner:alias:)``, with `joins` before its
    /// `WHERE`.
    static func inserting(_ joins: [String], into from: String) -> String {
        guard !joins.isEmpty, let whereRange = from.range(of: " WHERE ") else { return from }
        return String(from[..<whereRange.lowerBound]) + " " + joins.joined(separator: " ")
            + String(from[whereRange.lowerBound...])
    }

    /// `value`, or `NULL` when the row aliased `alias` (reached through a `LEFT JOIN`) is
    /// missing.
    static func nullWithout(_ alias: String, _ value: Fragment) -> Fragment {
        Fragment("(CASE WHEN \(alias).Z_PK IS NULL THEN NULL ELSE \(value.sql) END)", value.arguments)
    }

    /// The elements of a key path through at least one to-many, as a correlated subquery.
    mutating func collection(_ path: ResolvedKeyPath, alias: String) throws -> Collection {
        let firstToMany = path.steps.firstIndex(where: \.isToMany)
        let prefix = Array(path.steps[..<(firstToMany ?? path.steps.count)])
        let outer = joinAlias(for: prefix, from: alias)
        aliasCount += 1
        let base = "c\(aliasCount)"
        var chain = path.steps[(firstToMany ?? path.steps.count)...].map { $0 }
        var terminal = path.terminal
        if case .relationship(let relationship) = terminal, relationship.isToMany {
            chain.append(relationship)
            terminal = .relationship(relationship)
        }
        // The first to-many gives the FROM and the correlation; later steps join inside.
        let first = chain.removeFirst()
        var (from, current) = members(of: first, owner: outer, alias: "\(base)_0")
        var innerJoins: [String] = []
        for (index, step) in chain.enumerated() {
            let next = "\(base)_\(index + 1)"
            let table = schema.table(for: step.destinationEntity)
            if step.isToMany, step.isManyToMany {
                let (join, isOwner) = schema.joinTable(for: step)
                let (mine, theirs) =
                    isOwner ? (join.sourceColumn, join.destinationColumn) : (join.destinationColumn, join.sourceColumn)
                innerJoins.append(
                    "JOIN \(join.name) \(next)_j ON \(next)_j.\(mine) = \(current).Z_PK JOIN \(table.name) \(next) ON \(next).Z_PK = \(next)_j.\(theirs)"
                )
            } else if step.isToMany {
                let foreignKey = schema.memberKeyColumn(for: step)
                innerJoins.append("JOIN \(table.name) \(next) ON \(next).\(foreignKey) = \(current).Z_PK")
            } else {
                innerJoins.append(
                    "LEFT JOIN \(table.name) \(next) ON \(next).Z_PK = \(current).\(schema.foreignKey(for: step).column)")
            }
            current = next
        }
        from = Self.inserting(innerJoins, into: from)
        let element: Operand
        if case .relationship(let relationship) = terminal, relationship.isToMany {
            element = Operand(
                fragment: Fragment("\(current).Z_PK"), kind: .object(ObjectIdentifier(relationship.destinationEntity.rootEntity)))
        } else {
            element = try self.terminal(terminal, alias: current, nullable: false)
        }
        return Collection(from: Fragment(from), element: element)
    }
}
