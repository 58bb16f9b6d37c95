/// Translating predicates: comparisons, collections and their operators, folding for case and
/// diacritics.
extension SQLQuery {
    // MARK: Predicates

    mutating func translate(_ predicate: ResolvedPredicate, entity: EntityDescription, alias: String, position: Position)
        throws -> Fragment
    {
        switch predicate {
        case .constant(let value):
            return value ? yes : no
        case .and(let terms):
            guard !terms.isEmpty else { return yes }
            return Fragment.joined(try terms.map { try translate($0, entity: entity, alias: alias, position: position) }, " AND ")
                .parenthesized
        case .or(let terms):
            guard !terms.isEmpty else { return no }
            let position = position.inDisjunction
            return Fragment.joined(try terms.map { try translate($0, entity: entity, alias: alias, position: position) }, " OR ")
                .parenthesized
        case .not(let term):
            return try translate(term, entity: entity, alias: alias, position: .exact).negated
        case .comparison(let comparison):
            return try translate(comparison, entity: entity, alias: alias, position: position)
        }
    }

    mutating func translate(
        _ comparison: ResolvedComparison, entity: EntityDescription, alias: String, position: Position
    ) throws -> Fragment {
        if case .keyPath(let path) = comparison.left, path.yieldsCollection {
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
            requireDestinations(of: comparison.left, alias: alias)
            if case .single(let right) = comparison.right { requireDestinations(of: right, alias: alias) }
        }
        let left = try operand(comparison.left, entity: entity, alias: alias)
        if comparison.modifier == .none {
            return try test(left, comparison, entity: entity, alias: alias, position: .exact).negated
        }
        return try test(left, comparison, entity: entity, alias: alias, position: position)
    }

    /// Whether `op` is false when either side is a null value (every operator but `==` and
    /// `!=`; `IN` never matches a null element).
    static func isFalseForNull(_ op: ComparisonPredicate.Operator) -> Bool {
        op != .equal && op != .notEqual
    }

    /// Marks the to-one joins of a single-valued key path as inner joins.
    ///
    /// Called for an operand of a top-level conjunct that is false when the operand is null:
    /// a missing destination anywhere along the path makes the value null, so the rows the
    /// `LEFT JOIN` would keep without a destination are rejected by the `WHERE` anyway.
    mutating func requireDestinations(of operand: ResolvedOperand, alias: String) {
        guard case .keyPath(let path) = operand, !path.yieldsCollection else { return }
        innerJoinAliases.formUnion(joinChain(for: path.steps, from: alias))
    }

    /// The SQL of `left <operator> right`: 0 or 1, or also `NULL` for false where `position`
    /// allows it.
    mutating func test(
        _ left: Operand, _ comparison: ResolvedComparison, entity: EntityDescription, alias: String, position: Position
    ) throws -> Fragment {
        let options = comparison.options
        switch comparison.right {
        case .list(let items):
            let candidates = try items.map { try operand($0, entity: entity, alias: alias) }
                .filter { $0.kind == left.kind && left.kind != .null }
            guard !candidates.isEmpty else { return no }
            let list = Fragment.joined(candidates.map { folded($0, options).fragment }, ", ")
            let subject = folded(left, options).fragment
            return twoValued(position, Fragment("\(subject.sql) IN (\(list.sql))", subject.arguments + list.arguments))
        case .single(.keyPath(let path)) where comparison.operator == .in && path.yieldsCollection:
            let collection = try self.collection(path, alias: alias)
            let equal = member(left, collection.element, options, position: .positive)
            return Fragment(
                "EXISTS (SELECT 1 FROM \(collection.from.sql) AND \(equal.sql))",
                collection.from.arguments + equal.arguments)
        case .single(let right) where comparison.operator == .in:
            return member(left, try operand(right, entity: entity, alias: alias), options, position: position)
        case .bounds(let lowItem, let highItem):
            let low = try operand(lowItem, entity: entity, alias: alias)
            let high = try operand(highItem, entity: entity, alias: alias)
            guard left.kind == low.kind, left.kind == high.kind, left.kind != .null, !isObject(left.kind) else { return no }
            let (l, a, b) = (folded(left, options).fragment, folded(low, options).fragment, folded(high, options).fragment)
            let subject = left.kind == .text || left.kind == .uri ? dialect.bytewise(l.sql) : l.sql
            return twoValued(
                position, Fragment("\(subject) BETWEEN \(a.sql) AND \(b.sql)", l.arguments + a.arguments + b.arguments))
        case .single(let right):
            return compare(
                left, comparison.operator, try operand(right, entity: entity, alias: alias), options, position: position)
        }
    }

    /// `IN`'s equality: never true for a null on either side.
    func member(_ left: Operand, _ right: Operand, _ options: ComparisonPredicate.Options, position: Position) -> Fragment {
        guard left.kind == right.kind, left.kind != .null else { return no }
        let l = folded(left, options).fragment
        let r = folded(right, options).fragment
        let equal = Fragment("\(l.sql) = \(r.sql)", l.arguments + r.arguments)
        return twoValued(position, equal)
    }

    func isObject(_ kind: Kind) -> Bool {
        if case .object = kind { return true }
        return false
    }

    /// `left <op> right` for single values.
    func compare(
        _ left: Operand, _ op: ComparisonPredicate.Operator, _ right: Operand, _ options: ComparisonPredicate.Options,
        position: Position
    ) -> Fragment {
        if left.kind == .null || right.kind == .null {
            let other = left.kind == .null ? right : left
            let bothNull = left.kind == .null && right.kind == .null
            switch op {
            case .equal: return bothNull ? yes : Fragment(other.fragment.sql + " IS NULL", other.fragment.arguments)
            case .notEqual: return bothNull ? no : Fragment(other.fragment.sql + " IS NOT NULL", other.fragment.arguments)
            default: return no
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
            default: return no
            }
        }
        if isObject(left.kind), op != .equal, op != .notEqual { return no }
        let l = folded(left, options).fragment
        let r = folded(right, options).fragment
        let arguments = l.arguments + r.arguments
        switch op {
        case .equal: return Fragment("\(l.sql) \(dialect.isEqual) \(r.sql)", arguments).parenthesized
        case .notEqual: return Fragment("\(l.sql) \(dialect.isNotEqual) \(r.sql)", arguments).parenthesized
        case .lessThan: return twoValued(position, ordered(l, "<", r, text: left.kind == .text || left.kind == .uri))
        case .lessThanOrEqual: return twoValued(position, ordered(l, "<=", r, text: left.kind == .text || left.kind == .uri))
        case .greaterThan: return twoValued(position, ordered(l, ">", r, text: left.kind == .text || left.kind == .uri))
        case .greaterThanOrEqual: return twoValued(position, ordered(l, ">=", r, text: left.kind == .text || left.kind == .uri))
        case .beginsWith, .endsWith, .contains, .like, .matches:
            guard left.kind == .text else { return no }
            if dialect == .postgreSQL { return twoValued(position, postgreSQLMatch(l, op, r, options)) }
            // Compared as bytes, as the evaluator compares UTF-8: SQLite's `length`, `substr`
            // and `instr` stop at a NUL character in text, not in a blob. (The range below
            // compares the column itself, bytes and lengths, so that its index serves it.)
            let (subject, needle) = ("CAST(\(l.sql) AS BLOB)", "CAST(\(r.sql) AS BLOB)")
            switch op {
            case .beginsWith:
                if options.isEmpty, r.sql == "?", r.arguments.count == 1, case .text(let prefix) = r.arguments[0],
                    let bound = Self.prefixUpperBound(prefix)
                {
                    return twoValued(
                        position,
                        Fragment(
                            "\(l.sql) >= ? AND \(l.sql) < ?",
                            l.arguments + [.text(prefix)] + l.arguments + [.text(bound)]))
                }
                // (`substr` of an empty blob is NULL, so an empty prefix is matched apart.)
                return twoValued(
                    position,
                    Fragment(
                        "(\(subject) IS NOT NULL AND (length(\(needle)) = 0 OR substr(\(subject), 1, length(\(needle))) = \(needle)))",
                        l.arguments + r.arguments + l.arguments + r.arguments + r.arguments))
            case .endsWith:
                return twoValued(
                    position,
                    Fragment(
                        "(\(subject) IS NOT NULL AND (length(\(needle)) = 0 OR substr(\(subject), -length(\(needle))) = \(needle)))",
                        l.arguments + r.arguments + l.arguments + r.arguments + r.arguments))
            case .contains:
                return twoValued(position, Fragment("instr(\(subject), \(needle)) > 0", arguments))
            default:
                // LIKE and MATCHES fold inside the function, with the same options.
                let function = op == .like ? "og_like" : "og_matches"
                return twoValued(
                    position,
                    Fragment(
                        "\(function)(\(left.fragment.sql), \(right.fragment.sql), \(options.rawValue))",
                        left.fragment.arguments + right.fragment.arguments))
            }
        case .in, .between:
            return no
        }
    }

    /// `l <op> r` for an ordering operator; text compared byte by byte.
    func ordered(_ l: Fragment, _ op: String, _ r: Fragment, text: Bool) -> Fragment {
        Fragment("\(text ? dialect.bytewise(l.sql) : l.sql) \(op) \(r.sql)", l.arguments + r.arguments)
    }

    /// `BEGINSWITH`, `ENDSWITH` and `CONTAINS` of text without options, in PostgreSQL.
    ///
    /// PostgreSQL compares characters, and so, for valid UTF-8, the same bytes as the
    /// evaluator (a match of whole characters' bytes always starts and ends at character
    /// boundaries). The other operators, and options, are never translated for PostgreSQL
    /// (``isTranslatable(_:in:)``).
    func postgreSQLMatch(
        _ l: Fragment, _ op: ComparisonPredicate.Operator, _ r: Fragment, _ options: ComparisonPredicate.Options
    ) -> Fragment {
        switch op {
        case .beginsWith: Fragment("starts_with(\(l.sql), \(r.sql))", l.arguments + r.arguments)
        case .endsWith:
            Fragment("(right(\(l.sql), length(\(r.sql))) = \(r.sql))", l.arguments + r.arguments + r.arguments)
        case .contains: Fragment("(strpos(\(l.sql), \(r.sql)) > 0)", l.arguments + r.arguments)
        default: Fragment(dialect.no)
        }
    }

    /// Folds text operands for `[c]`/`[d]`.
    func folded(_ operand: Operand, _ options: ComparisonPredicate.Options) -> Operand {
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
}
