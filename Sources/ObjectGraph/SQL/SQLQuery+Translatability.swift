/// Which requests a dialect's SQL answers exactly as the evaluator does.
extension SQLQuery {
    /// Whether `request`, translated into `dialect`, selects and orders exactly the objects
    /// ``PredicateEvaluator`` does.
    ///
    /// SQLite's store answers every request: it calls the evaluator's own string functions.
    /// PostgreSQL cannot call them, so a request is left to the evaluator when it folds case
    /// or diacritics (`[c]`, `[d]`, sort options), matches with `LIKE` or `MATCHES`, applies a
    /// function (arithmetic overflows into a real number in SQLite and the evaluator, and
    /// fails in PostgreSQL; case mapping is Swift's), sums or averages Decimals, or compares
    /// with text holding a NUL character (which PostgreSQL's text cannot hold).
    static func isTranslatable(_ request: StoreRequest, in dialect: SQLDialect) -> Bool {
        guard dialect == .postgreSQL else { return true }
        return request.orderings.allSatisfy { $0.options.isEmpty || $0.attribute.attributeType != .string }
            && (request.predicate.map(isTranslatable) ?? true)
    }

    private static func isTranslatable(_ predicate: ResolvedPredicate) -> Bool {
        switch predicate {
        case .constant: true
        case .and(let terms), .or(let terms): terms.allSatisfy(isTranslatable)
        case .not(let term): isTranslatable(term)
        case .comparison(let comparison): isTranslatable(comparison)
        }
    }

    private static func isTranslatable(_ comparison: ResolvedComparison) -> Bool {
        guard comparison.options.isEmpty, comparison.operator != .like, comparison.operator != .matches,
            isTranslatable(comparison.left)
        else { return false }
        switch comparison.right {
        case .single(let operand): return isTranslatable(operand)
        case .list(let operands): return operands.allSatisfy(isTranslatable)
        case .bounds(let low, let high): return isTranslatable(low) && isTranslatable(high)
        }
    }

    private static func isTranslatable(_ operand: ResolvedOperand) -> Bool {
        switch operand {
        // PostgreSQL's text holds no NUL, so it cannot be sent one: the evaluator compares it.
        case .constant(.string(let text)): !text.utf8.contains(0)
        case .constant, .object, .evaluatedObject: true
        case .function: false
        case .subqueryCount(let subquery): isTranslatable(subquery.predicate)
        case .keyPath(let path): isTranslatable(path.terminal)
        }
    }

    private static func isTranslatable(_ terminal: ResolvedKeyPath.Terminal) -> Bool {
        switch terminal {
        case .attribute, .relationship: true
        case .aggregate(let function, _, let attribute):
            !((function == .sum || function == .avg) && attribute?.attributeType == .decimal)
        case .element(_, _, let rest): rest.map { isTranslatable($0.terminal) } ?? true
        }
    }
}
