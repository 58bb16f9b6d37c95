import ObjectGraphSQLite

/// A fetch request translated to one SQL `SELECT` with bound parameters only.
///
/// The translation follows the semantics documented on ``PredicateEvaluator`` exactly, so that
/// both stores return the same objects: to-one steps become `LEFT JOIN`s, to-many steps
/// correlated `EXISTS` subqueries (`ANY`, `ALL`, `NONE`), collection operators scalar
/// subqueries; every comparison is two-valued (`IFNULL(…, 0)`, `IS`, `IS NOT`), values of
/// unrelated kinds never compare, and `[c]`/`[d]` fold strings with the same function the
/// evaluator uses (registered as `og_fold`). No user text is ever spliced into the SQL.
///
/// Where SQLite's `NULL` already means false, the translation is simpler so that indexes
/// apply (see ``Position``): a comparison outside any `NOT` drops its `IFNULL`, a top-level
/// conjunct that a nil to-one makes false turns that to-one's `LEFT JOIN` into a `JOIN`, and
/// `BEGINSWITH` on an unfolded string constant becomes a range of the column.
struct SQLQuery {
    /// The statement.
    private(set) var sql = ""
    /// Its arguments, in order.
    private(set) var arguments: [SQLiteValue] = []

    private let schema: StoreSchema
    private var joins: [Join] = []
    private var joinAliases: [String: String] = [:]
    /// Aliases of the joins that may drop rows without a destination (see ``Position/filter``).
    private var innerJoinAliases: Set<String> = []
    private var aliasCount = 0

    /// Translates `request`, selecting `columns` (qualified with the root alias `t0`).
    init(schema: StoreSchema, request: StoreRequest, columns: String) throws {
        try self.init(schema: schema, request: request) { _ in columns }
    }

    /// Translates `request` into how many rows yield each value of `key`.
    ///
    /// One row per value: its count first, then `k0` (the attribute's stored value or the
    /// destination's primary key; `NULL` when a relationship names no object) and, for a to-one
    /// whose destination has sub-entities, `k1` (its entity number). A limit or offset picks
    /// the rows, in the request's order, before they are grouped.
    init(schema: StoreSchema, request: StoreRequest, countingBy key: GroupingKeyPath) throws {
        var entityColumn: String?
        if case .toOne(let relationship) = key.terminal { entityColumn = schema.foreignKey(for: relationship).entityColumn }
        let keys = entityColumn == nil ? "k0" : "k0, k1"
        let picksRows = request.limit > 0 || request.offset > 0
        try self.init(schema: schema, request: request, groupingBy: picksRows ? nil : keys) { query in
            let alias = query.joinAlias(for: key.path.steps, from: "t0")
            let columns: String
            switch key.terminal {
            case .attribute(let attribute):
                columns = "\(alias).\(try query.storedColumn(for: attribute)) AS k0"
            case .toOne(let relationship):
                columns =
                    "\(alias).\(schema.foreignKey(for: relationship).column) AS k0"
                    + (entityColumn.map { ", \(alias).\($0) AS k1" } ?? "")
            }
            return picksRows ? columns : "COUNT(*), " + columns
        }
        if picksRows { sql = "SELECT COUNT(*), \(keys) FROM (\(sql)) GROUP BY \(keys)" }
    }

    /// Translates `request`, selecting the columns `columns` returns once the predicate is
    /// translated (it may add joins); with `groups`, grouped by them instead of ordered and
    /// limited.
    private init(
        schema: StoreSchema, request: StoreRequest, groupingBy groups: String? = nil,
        selecting columns: (inout SQLQuery) throws -> String
    ) throws {
        self.schema = schema
        let table = schema.table(for: request.entity)
        var conditions: [Fragment] = []
        if let numbers = schema.entityFilter(for: request.entity, includesSubentities: request.includesSubentities) {
            conditions.append(Fragment("t0.Z_ENT IN (\(numbers.map(String.init).joined(separator: ", ")))"))
        }
        if let predicate = request.predicate {
            conditions.append(try translate(predicate, entity: request.entity, alias: "t0", position: .filter))
        }
        var orderings: [Fragment] = []
        for ordering in groups == nil ? request.orderings : [] {
            let path = try ordering.resolvedKeyPath(from: request.entity)
            guard case .attribute(let attribute) = path.terminal else { continue }
            let alias = joinAlias(for: path.steps, from: "t0")
            var column = Self.columnExpression(attribute, "\(alias).\(try storedColumn(for: attribute))")
            if attribute.attributeType == .string, !ordering.options.isEmpty {
                column = "og_fold(\(column), \(ordering.options.rawValue))"
            }
            orderings.append(Fragment(column + (ordering.ascending ? " ASC" : " DESC")))
        }
        var text = "SELECT \(try columns(&self)) FROM \(table.name) t0"
        for join in joins {
            text += innerJoinAliases.contains(join.alias) ? " JOIN " : " LEFT JOIN "
            text += "\(join.table) \(join.alias) ON \(join.condition)"
        }
        var arguments: [SQLiteValue] = []
        if !conditions.isEmpty {
            text += " WHERE " + conditions.map(\.sql).joined(separator: " AND ")
            arguments += conditions.flatMap(\.arguments)
        }
        if let groups {
            text += " GROUP BY \(groups)"
        } else {
            // The primary key breaks ties (and orders an unordered fetch) as the evaluator does.
            text += " ORDER BY " + (orderings.map(\.sql) + ["t0.Z_PK"]).joined(separator: ", ")
            if request.limit > 0 || request.offset > 0 {
                text += " LIMIT ? OFFSET ?"
                arguments += [.integer(request.limit > 0 ? Int64(request.limit) : -1), .integer(Int64(request.offset))]
            }
        }
        sql = text
        self.arguments = arguments
    }

    // MARK: Fragments

    /// Where a condition stands in the `WHERE` clause, which decides how much of SQLite's
    /// three-valued logic it must hide.
    ///
    /// Kleene logic never turns a true condition false when an unknown operand becomes known,
    /// so in a condition built with `AND` and `OR` only, a `NULL` term gives the whole a
    /// true result exactly when a false term would: there, a comparison may yield `NULL`
    /// instead of 0. Under `NOT` it may not.
    private enum Position {
        /// A conjunct of the top-level `AND`: a row it rejects is not fetched, so a to-one
        /// whose absence makes it false may be an inner join.
        case filter
        /// Under `AND`, `OR` and `EXISTS` only: `NULL` counts as false.
        case positive
        /// Anywhere else: the condition must be 0 or 1.
        case exact

        /// The position of the terms of an `OR` standing here.
        var inDisjunction: Position { self == .exact ? .exact : .positive }

        /// A comparison as a condition here: as it is where `NULL` counts as false, else
        /// two-valued (`IFNULL(…, 0)`).
        func twoValued(_ fragment: Fragment) -> Fragment {
            self == .exact ? Fragment("IFNULL(\(fragment.sql), 0)", fragment.arguments) : fragment.parenthesized
        }
    }

    /// A to-one step of a key path, joined to the row it starts from.
    private struct Join {
        var table: String
        var alias: String
        var condition: String
    }

    /// A piece of SQL with the arguments of its placeholders, in order.
    private struct Fragment {
        var sql: String
        var arguments: [SQLiteValue] = []

        init(_ sql: String, _ arguments: [SQLiteValue] = []) {
            self.sql = sql
            self.arguments = arguments
        }

        /// The fragment in parentheses.
        var parenthesized: Fragment { Fragment("(\(sql))", arguments) }
        /// The fragment's negation.
        var negated: Fragment { Fragment("(NOT \(sql))", arguments) }

        static let yes = Fragment("1")
        static let no = Fragment("0")

        /// Joins fragments with a separator, keeping argument order.
        static func joined(_ parts: [Fragment], _ separator: String) -> Fragment {
            Fragment(parts.map(\.sql).joined(separator: separator), parts.flatMap(\.arguments))
        }
    }

    /// Which values compare with which: values of different kinds never do.
    private enum Kind: Equatable {
        case null
        case numeric
        case text
        case uri
        case bytes
        /// Object identities, within one inheritance root's key space.
        case object(ObjectIdentifier)

        init(_ type: AttributeType) {
            switch type {
            case .string: self = .text
            case .uri: self = .uri
            case .binary, .uuid: self = .bytes
            default: self = .numeric
            }
        }

        init(_ value: AttributeValue) {
            switch value {
            case .null: self = .null
            case .string: self = .text
            case .uri: self = .uri
            case .data, .uuid: self = .bytes
            default: self = .numeric
            }
        }
    }

    /// One side of a comparison: its SQL and its kind.
    private struct Operand {
        var fragment: Fragment
        var kind: Kind
    }

    /// How a to-many key path's elements are reached: a correlated subquery's FROM/WHERE, and
    /// the operand each element yields inside it.
    private struct Collection {
        var from: Fragment
        var element: Operand
    }

    // MARK: Predicates

    private mutating func translate(_ predicate: FetchPredicate, entity: EntityDescription, alias: String, position: Position)
        throws -> Fragment
    {
        switch predicate {
        case .constant(let value):
            return value ? .yes : .no
        case .and(let terms):
            guard !terms.isEmpty else { return .yes }
            return Fragment.joined(try terms.map { try translate($0, entity: entity, alias: alias, position: position) }, " AND ")
                .parenthesized
        case .or(let terms):
            guard !terms.isEmpty else { return .no }
            let position = position.inDisjunction
            return Fragment.joined(try terms.map { try translate($0, entity: entity, alias: alias, position: position) }, " OR ")
                .parenthesized
        case .not(let term):
            return try translate(term, entity: entity, alias: alias, position: .exact).negated
        case .comparison(let comparison):
            return try translate(comparison, entity: entity, alias: alias, position: position)
        }
    }

    private mutating func translate(
        _ comparison: ComparisonPredicate, entity: EntityDescription, alias: String, position: Position
    ) throws -> Fragment {
        if let path = try comparison.left.resolvedKeyPath(from: entity), path.yieldsCollection {
            let collection = try self.collection(path, alias: alias)
            let subquery = { (condition: Fragment) in
                Fragment(
                    "EXISTS (SELECT 1 FROM \(collection.from.sql) AND \(condition.sql))",
                    collection.from.arguments + condition.arguments)
            }
            // Inside EXISTS a NULL condition skips the row, as 0 does, unless it is negated.
            switch comparison.modifier {
            case .direct, .any:
                return subquery(try test(collection.element, comparison, entity: entity, alias: alias, position: .positive))
            case .all:
                let test = try test(collection.element, comparison, entity: entity, alias: alias, position: .exact)
                return subquery(Fragment("NOT " + test.sql, test.arguments)).negated
            case .none:
                return subquery(try test(collection.element, comparison, entity: entity, alias: alias, position: .positive))
                    .negated
            }
        }
        if position == .filter, comparison.modifier != .none, Self.isFalseForNull(comparison.operator) {
            requireDestinations(of: comparison.left, entity: entity, alias: alias)
            requireDestinations(of: comparison.right, entity: entity, alias: alias)
        }
        let left = try operand(comparison.left, entity: entity, alias: alias)
        if comparison.modifier == .none {
            return try test(left, comparison, entity: entity, alias: alias, position: .exact).negated
        }
        return try test(left, comparison, entity: entity, alias: alias, position: position)
    }

    /// Whether `op` is false when either side is a null value (every operator but `==` and
    /// `!=`; `IN` never matches a null element).
    private static func isFalseForNull(_ op: ComparisonPredicate.Operator) -> Bool {
        op != .equal && op != .notEqual
    }

    /// Marks the to-one joins of a single-valued key path as inner joins.
    ///
    /// Called for an operand of a top-level conjunct that is false when the operand is null:
    /// a missing destination anywhere along the path makes the value null, so the rows the
    /// `LEFT JOIN` would keep without a destination are rejected by the `WHERE` anyway.
    private mutating func requireDestinations(of expression: FetchExpression, entity: EntityDescription, alias: String) {
        switch expression {
        case .keyPath, .aggregate:
            guard let path = try? expression.resolvedKeyPath(from: entity), !path.yieldsCollection else { return }
            innerJoinAliases.formUnion(joinChain(for: path.steps, from: alias))
        default:
            return
        }
    }

    /// The SQL of `left <operator> right`: 0 or 1, or also `NULL` for false where `position`
    /// allows it.
    private mutating func test(
        _ left: Operand, _ comparison: ComparisonPredicate, entity: EntityDescription, alias: String, position: Position
    ) throws -> Fragment {
        let options = comparison.options
        switch comparison.operator {
        case .in:
            if case .list(let items) = comparison.right {
                let candidates = try items.map { try operand($0, entity: entity, alias: alias) }
                    .filter { $0.kind == left.kind && left.kind != .null }
                guard !candidates.isEmpty else { return .no }
                let list = Fragment.joined(candidates.map { folded($0, options).fragment }, ", ")
                let subject = folded(left, options).fragment
                return position.twoValued(Fragment("\(subject.sql) IN (\(list.sql))", subject.arguments + list.arguments))
            }
            if let path = try comparison.right.resolvedKeyPath(from: entity), path.yieldsCollection {
                let collection = try self.collection(path, alias: alias)
                let equal = member(left, collection.element, options, position: .positive)
                return Fragment(
                    "EXISTS (SELECT 1 FROM \(collection.from.sql) AND \(equal.sql))",
                    collection.from.arguments + equal.arguments)
            }
            return member(left, try operand(comparison.right, entity: entity, alias: alias), options, position: position)
        case .between:
            guard case .list(let bounds) = comparison.right, bounds.count == 2 else { return .no }
            let low = try operand(bounds[0], entity: entity, alias: alias)
            let high = try operand(bounds[1], entity: entity, alias: alias)
            guard left.kind == low.kind, left.kind == high.kind, left.kind != .null, !isObject(left.kind) else { return .no }
            let (l, a, b) = (folded(left, options).fragment, folded(low, options).fragment, folded(high, options).fragment)
            return position.twoValued(Fragment("\(l.sql) BETWEEN \(a.sql) AND \(b.sql)", l.arguments + a.arguments + b.arguments))
        default:
            return compare(
                left, comparison.operator, try operand(comparison.right, entity: entity, alias: alias), options,
                position: position)
        }
    }

    /// `IN`'s equality: never true for a null on either side.
    private func member(_ left: Operand, _ right: Operand, _ options: ComparisonPredicate.Options, position: Position) -> Fragment
    {
        guard left.kind == right.kind, left.kind != .null else { return .no }
        let l = folded(left, options).fragment
        let r = folded(right, options).fragment
        let equal = Fragment("\(l.sql) = \(r.sql)", l.arguments + r.arguments)
        return position.twoValued(equal)
    }

    private func isObject(_ kind: Kind) -> Bool {
        if case .object = kind { return true }
        return false
    }

    /// `left <op> right` for single values.
    private func compare(
        _ left: Operand, _ op: ComparisonPredicate.Operator, _ right: Operand, _ options: ComparisonPredicate.Options,
        position: Position
    ) -> Fragment {
        if left.kind == .null || right.kind == .null {
            let other = left.kind == .null ? right : left
            let bothNull = left.kind == .null && right.kind == .null
            switch op {
            case .equal: return bothNull ? .yes : Fragment(other.fragment.sql + " IS NULL", other.fragment.arguments)
            case .notEqual: return bothNull ? .no : Fragment(other.fragment.sql + " IS NOT NULL", other.fragment.arguments)
            default: return .no
            }
        }
        guard left.kind == right.kind else {
            // Null has no kind: two nulls are equal whatever the types of their key paths.
            let bothNull = Fragment(
                "(\(left.fragment.sql) IS NULL AND \(right.fragment.sql) IS NULL)",
                left.fragment.arguments + right.fragment.arguments)
            switch op {
            case .equal: return bothNull
            case .notEqual: return bothNull.negated
            default: return .no
            }
        }
        if isObject(left.kind), op != .equal, op != .notEqual { return .no }
        let l = folded(left, options).fragment
        let r = folded(right, options).fragment
        let arguments = l.arguments + r.arguments
        switch op {
        case .equal: return Fragment("\(l.sql) IS \(r.sql)", arguments).parenthesized
        case .notEqual: return Fragment("\(l.sql) IS NOT \(r.sql)", arguments).parenthesized
        case .lessThan: return position.twoValued(Fragment("\(l.sql) < \(r.sql)", arguments))
        case .lessThanOrEqual: return position.twoValued(Fragment("\(l.sql) <= \(r.sql)", arguments))
        case .greaterThan: return position.twoValued(Fragment("\(l.sql) > \(r.sql)", arguments))
        case .greaterThanOrEqual: return position.twoValued(Fragment("\(l.sql) >= \(r.sql)", arguments))
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard left.kind == .text else { return .no }
            // Compared as bytes, as the evaluator compares UTF-8: SQLite's `length`, `substr`
            // and `instr` stop at a NUL character in text, not in a blob. (The range below
            // compares the column itself, bytes and lengths, so that its index serves it.)
            let (subject, needle) = ("CAST(\(l.sql) AS BLOB)", "CAST(\(r.sql) AS BLOB)")
            switch op {
            case .beginsWith:
                if options.isEmpty, r.sql == "?", r.arguments.count == 1, case .text(let prefix) = r.arguments[0],
                    let bound = Self.prefixUpperBound(prefix)
                {
                    return position.twoValued(
                        Fragment(
                            "\(l.sql) >= ? AND \(l.sql) < ?",
                            l.arguments + [.text(prefix)] + l.arguments + [.text(bound)]))
                }
                // (`substr` of an empty blob is NULL, so an empty prefix is matched apart.)
                return position.twoValued(
                    Fragment(
                        "(\(subject) IS NOT NULL AND (length(\(needle)) = 0 OR substr(\(subject), 1, length(\(needle))) = \(needle)))",
                        l.arguments + r.arguments + l.arguments + r.arguments + r.arguments))
            case .endsWith:
                return position.twoValued(
                    Fragment(
                        "(\(subject) IS NOT NULL AND (length(\(needle)) = 0 OR substr(\(subject), -length(\(needle))) = \(needle)))",
                        l.arguments + r.arguments + l.arguments + r.arguments + r.arguments))
            case .contains:
                return position.twoValued(Fragment("instr(\(subject), \(needle)) > 0", arguments))
            default:
                // LIKE and MATCHES fold inside the function, with the same options.
                let function = op == .like ? "og_like" : "og_matches"
                return position.twoValued(
                    Fragment(
                        "\(function)(\(left.fragment.sql), \(right.fragment.sql), \(options.rawValue))",
                        left.fragment.arguments + right.fragment.arguments))
            }
        case .in, .between:
            return .no
        }
    }

    /// Folds text operands for `[c]`/`[d]`.
    private func folded(_ operand: Operand, _ options: ComparisonPredicate.Options) -> Operand {
        guard operand.kind == .text, !options.isEmpty else { return operand }
        var result = operand
        result.fragment.sql = "og_fold(\(operand.fragment.sql), \(options.rawValue))"
        return result
    }

    /// The least string above every string that starts with the bytes of `prefix`, so that
    /// `s BEGINSWITH prefix` is exactly `prefix <= s AND s < bound` under the `BINARY`
    /// collation (which compares bytes, then lengths), and an index on `s` can serve it.
    ///
    /// The bound is `prefix` with its last byte raised by one. It exists only when that byte
    /// sequence is itself valid UTF-8 (the last character is not U+007F, nor one whose last
    /// byte is 0xBF), as a Swift string must be; for an empty prefix there is none either.
    /// Callers fall back to comparing the prefix itself.
    ///
    /// - Returns: The bound, or nil.
    static func prefixUpperBound(_ prefix: String) -> String? {
        var bytes = Array(prefix.utf8)
        guard let last = bytes.last, last < 0xFF else { return nil }
        bytes[bytes.count - 1] = last + 1
        return String(validating: bytes, as: UTF8.self)
    }

    // MARK: Operands

    /// A single value: a constant, an object, `SELF`, a key path through to-ones, an aggregate.
    private mutating func operand(_ expression: FetchExpression, entity: EntityDescription, alias: String) throws -> Operand {
        switch expression {
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
        case .variable(let name):
            throw FetchPredicateError(format: expression.predicateFormat, column: 0, .missingVariable(name))
        case .list:
            throw UnsupportedFetchError(
                fragment: expression.predicateFormat, reason: "a list can only stand on the right of IN or BETWEEN")
        case .keyPath, .aggregate:
            let path = try expression.resolvedKeyPath(from: entity)!
            let last = joinAlias(for: path.steps, from: alias)
            return try terminal(path.terminal, alias: last, nullable: !path.steps.isEmpty)
        }
    }

    /// The value at the end of a key path, read from the row aliased `alias`.
    private func terminal(_ terminal: ResolvedKeyPath.Terminal, alias: String, nullable: Bool) throws -> Operand {
        switch terminal {
        case .attribute(let attribute):
            return Operand(
                fragment: Fragment(Self.columnExpression(attribute, "\(alias).\(try storedColumn(for: attribute))")),
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
                    "\(function.rawValue.uppercased())(\(Self.columnExpression(attribute!, "\(destination).\(try storedColumn(for: attribute!))")))"
            }
            let subquery = "(SELECT \(value) FROM \(from))"
            let sql = nullable ? "(CASE WHEN \(alias).Z_PK IS NULL THEN NULL ELSE \(subquery) END)" : subquery
            return Operand(fragment: Fragment(sql), kind: attribute.map { Kind($0.attributeType) } ?? .numeric)
        }
    }

    /// The column of an attribute; a transient attribute has none to fetch or sort by.
    private func storedColumn(for attribute: AttributeDescription) throws -> String {
        guard !attribute.isTransient else {
            throw UnsupportedFetchError(
                fragment: attribute.name,
                reason: "'\(attribute.entity.name).\(attribute.name)' is transient, so the store has no value to fetch or sort by"
            )
        }
        return schema.column(for: attribute)
    }

    /// A column as compared and sorted: Decimals (stored as exact text) as numbers.
    private static func columnExpression(_ attribute: AttributeDescription, _ column: String) -> String {
        attribute.attributeType == .decimal ? "CAST(\(column) AS REAL)" : column
    }

    /// The alias of the row reached through to-one `steps` from `alias`, adding `LEFT JOIN`s
    /// once per distinct path.
    private mutating func joinAlias(for steps: [RelationshipDescription], from alias: String) -> String {
        joinChain(for: steps, from: alias).last ?? alias
    }

    /// The aliases of the rows reached through each of the to-one `steps` from `alias`, in
    /// order, adding `LEFT JOIN`s once per distinct path.
    private mutating func joinChain(for steps: [RelationshipDescription], from alias: String) -> [String] {
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
    private func members(of relationship: RelationshipDescription, owner: String, alias: String) -> (String, String) {
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
        let foreignKey = schema.foreignKey(for: relationship.inverseRelationship!).column
        return ("\(table.name) \(alias) WHERE \(alias).\(foreignKey) = \(owner).Z_PK", alias)
    }

    /// The elements of a key path through at least one to-many, as a correlated subquery.
    private mutating func collection(_ path: ResolvedKeyPath, alias: String) throws -> Collection {
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
                let foreignKey = schema.foreignKey(for: step.inverseRelationship!).column
                innerJoins.append("JOIN \(table.name) \(next) ON \(next).\(foreignKey) = \(current).Z_PK")
            } else {
                innerJoins.append(
                    "LEFT JOIN \(table.name) \(next) ON \(next).Z_PK = \(current).\(schema.foreignKey(for: step).column)")
            }
            current = next
        }
        if !innerJoins.isEmpty, let whereRange = from.range(of: " WHERE ") {
            from =
                String(from[..<whereRange.lowerBound]) + " " + innerJoins.joined(separator: " ")
                + String(from[whereRange.lowerBound...])
        }
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
