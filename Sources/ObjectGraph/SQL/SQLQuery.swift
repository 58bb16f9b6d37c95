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

    let schema: StoreSchema
    /// The SQL written.
    let dialect: SQLDialect
    var joins: [Join] = []
    var joinAliases: [String: String] = [:]
    /// Aliases of the joins that may drop rows without a destination (see ``Position/filter``).
    var innerJoinAliases: Set<String> = []
    var aliasCount = 0

    /// Translates `request`, selecting `columns` (qualified with the root alias `t0`).
    init(schema: StoreSchema, request: StoreRequest, columns: String, dialect: SQLDialect = .sqlite) throws {
        try self.init(schema: schema, request: request, dialect: dialect) { _ in columns }
    }

    /// Translates `request` into how many rows yield each value of `key`.
    ///
    /// One row per value: its count first, then `k0` (the attribute's stored value or the
    /// destination's primary key; `NULL` when a relationship names no object) and, for a to-one
    /// whose destination has sub-entities, `k1` (its entity number). A limit or offset picks
    /// the rows, in the request's order, before they are grouped.
    init(schema: StoreSchema, request: StoreRequest, countingBy key: GroupingKeyPath, dialect: SQLDialect = .sqlite) throws {
        var entityColumn: String?
        if case .toOne(let relationship) = key.terminal { entityColumn = schema.foreignKey(for: relationship).entityColumn }
        let keys = entityColumn == nil ? "k0" : "k0, k1"
        let picksRows = request.limit > 0 || request.offset > 0
        try self.init(schema: schema, request: request, dialect: dialect, groupingBy: picksRows ? nil : keys) { query in
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
        if picksRows { sql = "SELECT COUNT(*), \(keys) FROM (\(sql)) AS picked GROUP BY \(keys)" }
    }

    /// Translates `request`, selecting the columns `columns` returns once the predicate is
    /// translated (it may add joins); with `groups`, grouped by them instead of ordered and
    /// limited.
    init(
        schema: StoreSchema, request: StoreRequest, dialect: SQLDialect = .sqlite, groupingBy groups: String? = nil,
        selecting columns: (inout SQLQuery) throws -> String
    ) throws {
        self.schema = schema
        self.dialect = dialect
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
            let attribute = ordering.attribute
            let alias = joinAlias(for: ordering.steps, from: "t0")
            var column = Self.columnExpression(attribute, "\(alias).\(try storedColumn(for: attribute))", dialect: dialect)
            if attribute.attributeType == .string, !ordering.options.isEmpty {
                column = "og_fold(\(column), \(ordering.options.rawValue))"
            }
            if attribute.attributeType == .string || attribute.attributeType == .uri { column = dialect.bytewise(column) }
            orderings.append(Fragment(column + dialect.direction(ascending: ordering.ascending)))
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
                let noLimit: SQLiteValue = dialect == .sqlite ? .integer(-1) : .null
                arguments += [request.limit > 0 ? .integer(Int64(request.limit)) : noLimit, .integer(Int64(request.offset))]
            }
        }
        sql = text
        self.arguments = arguments
    }

    // MARK: Fragments

    /// A condition that always holds, in the dialect.
    var yes: Fragment { Fragment(dialect.yes) }
    /// A condition that never holds, in the dialect.
    var no: Fragment { Fragment(dialect.no) }

    /// A comparison as a condition at `position`: as it is where `NULL` counts as false,
    /// else two-valued (`IFNULL(…, 0)`).
    func twoValued(_ position: Position, _ fragment: Fragment) -> Fragment {
        guard position == .exact else { return fragment.parenthesized }
        return Fragment("COALESCE(\(fragment.sql), \(dialect.no))", fragment.arguments)
    }

    /// Where a condition stands in the `WHERE` clause, which decides how much of SQLite's
    /// three-valued logic it must hide.
    ///
    /// Kleene logic never turns a true condition false when an unknown operand becomes known,
    /// so in a condition built with `AND` and `OR` only, a `NULL` term gives the whole a
    /// true result exactly when a false term would: there, a comparison may yield `NULL`
    /// instead of 0. Under `NOT` it may not.
    enum Position {
        /// A conjunct of the top-level `AND`: a row it rejects is not fetched, so a to-one
        /// whose absence makes it false may be an inner join.
        case filter
        /// Under `AND`, `OR` and `EXISTS` only: `NULL` counts as false.
        case positive
        /// Anywhere else: the condition must be 0 or 1.
        case exact

        /// The position of the terms of an `OR` standing here.
        var inDisjunction: Position { self == .exact ? .exact : .positive }

    }

    /// A to-one step of a key path, joined to the row it starts from.
    struct Join {
        var table: String
        var alias: String
        var condition: String
    }

    /// A piece of SQL with the arguments of its placeholders, in order.
    struct Fragment {
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

        /// Joins fragments with a separator, keeping argument order.
        static func joined(_ parts: [Fragment], _ separator: String) -> Fragment {
            Fragment(parts.map(\.sql).joined(separator: separator), parts.flatMap(\.arguments))
        }
    }

    /// Which values compare with which: values of different kinds never do.
    enum Kind: Equatable {
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
            case .binary, .transformable, .uuid: self = .bytes
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
    struct Operand {
        var fragment: Fragment
        var kind: Kind
    }

    /// How a to-many key path's elements are reached: a correlated subquery's FROM/WHERE, and
    /// the operand each element yields inside it.
    struct Collection {
        var from: Fragment
        var element: Operand
    }
}
