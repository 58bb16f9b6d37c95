/// Translating functions and subqueries, computing what ``ExpressionFunction/apply(to:result:)``
/// computes.
extension SQLQuery {
    // MARK: Functions

    /// The SQL of `function` applied to `arguments`.
    ///
    /// SQLite's arithmetic already behaves as the evaluator's: a `NULL` operand gives `NULL`,
    /// an integer overflow of `+`, `-`, `*` gives the `REAL` result, division and remainder by
    /// zero give `NULL`, and so does a `NaN` result. `/` divides as `REAL`s. `abs:` is spelled
    /// with `0 - x`, which overflows to a `REAL` where SQLite's `abs` would fail, and
    /// `uppercase:`, `lowercase:` call the Swift functions (`og_upper`, `og_lower`) rather than
    /// SQLite's ASCII-only ones, `canonical:` the folding of `[cd]` (`og_fold`).
    static func apply(_ function: ExpressionFunction, to arguments: [Fragment]) -> Fragment {
        func infix(_ symbol: String, _ left: String) -> Fragment {
            Fragment("(\(left) \(symbol) \(arguments[1].sql))", arguments[0].arguments + arguments[1].arguments)
        }
        switch function {
        case .add: return infix("+", arguments[0].sql)
        case .subtract: return infix("-", arguments[0].sql)
        case .multiply: return infix("*", arguments[0].sql)
        case .divide: return infix("/", "CAST(\(arguments[0].sql) AS REAL)")
        case .modulus: return infix("%", arguments[0].sql)
        case .bitwiseAnd: return infix("&", arguments[0].sql)
        case .bitwiseOr: return infix("|", arguments[0].sql)
        case .abs:
            let x = arguments[0]
            return Fragment(
                "(CASE WHEN \(x.sql) < 0 THEN 0 - \(x.sql) ELSE \(x.sql) END)", x.arguments + x.arguments + x.arguments)
        case .uppercase: return Fragment("og_upper(\(arguments[0].sql))", arguments[0].arguments)
        case .lowercase: return Fragment("og_lower(\(arguments[0].sql))", arguments[0].arguments)
        case .canonical:
            let options = ComparisonPredicate.Options([.caseInsensitive, .diacriticInsensitive]).rawValue
            return Fragment("og_fold(\(arguments[0].sql), \(options))", arguments[0].arguments)
        case .now, .count, .sum, .average, .min, .max:
            // Resolution turns these into constants, key paths and subquery counts.
            return Fragment("NULL")
        }
    }

    /// `SUBQUERY(…).@count`: a correlated `COUNT(*)` of the to-many's rows that satisfy the
    /// predicate, whose joins stay inside it; `NULL` when a to-one before the to-many is
    /// missing.
    mutating func count(_ subquery: ResolvedSubquery, alias: String) throws -> Operand {
        let owner = joinAlias(for: subquery.path.steps, from: alias)
        aliasCount += 1
        let (from, element) = members(of: subquery.relationship, owner: owner, alias: "s\(aliasCount)")
        let outer = (joins, joinAliases, innerJoinAliases)
        (joins, joinAliases, innerJoinAliases) = ([], [:], [])
        defer { (joins, joinAliases, innerJoinAliases) = outer }
        let condition = try translate(
            subquery.predicate, entity: subquery.relationship.destinationEntity, alias: element, position: .positive)
        let innerJoins = joins.map { "LEFT JOIN \($0.table) \($0.alias) ON \($0.condition)" }
        let count = Fragment(
            "(SELECT COUNT(*) FROM \(Self.inserting(innerJoins, into: from)) AND \(condition.sql))", condition.arguments)
        return Operand(
            fragment: subquery.path.steps.isEmpty ? count : Self.nullWithout(owner, count), kind: .numeric)
    }
}
