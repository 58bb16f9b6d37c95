/// A predicate checked and resolved against the entity whose objects it tests: its key paths
/// name entities, attributes and relationships (``ResolvedKeyPath``), not strings.
///
/// A fetch resolves its predicate once; the SQL translation (``SQLQuery``) and the in-memory
/// evaluator (``PredicateEvaluator``) both take this form, so neither looks a name up again.
/// Only what both stores can run resolves: no `$VARIABLE` is left, a list stands only on the
/// right of `IN` or `BETWEEN`, and a key path through a to-many stands only on the left or on
/// the right of `IN` (the cases of ``ResolvedComparison/Right`` say so by type). Functions are
/// type-checked and computed once when their arguments are constants (`now()` always), and
/// a `SUBQUERY` resolves only under `.@count` (``ResolvedOperand``).
indirect enum ResolvedPredicate {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    /// All subpredicates hold; true for none.
    case and([ResolvedPredicate])
    /// At least one subpredicate holds; false for none.
    case or([ResolvedPredicate])
    /// The subpredicate does not hold.
    case not(ResolvedPredicate)
    /// A comparison of two resolved sides.
    case comparison(ResolvedComparison)

    /// Checks `predicate` and resolves its key paths from `entity`.
    ///
    /// Every key path must resolve (``ResolvedKeyPath/init(resolving:from:)``); no
    /// `$VARIABLE` may be left; a list may only stand on the right of `IN` (its elements single
    /// values) or `BETWEEN` (exactly two); the right side of any other operator must be a single
    /// value, not a list nor a key path through a to-many; a key path may not read a transient
    /// attribute; a constant `MATCHES` pattern must compile; a literal compared with a key path
    /// must fit its values, and is converted when a rule says so (``AttributeType/comparable(_:)``:
    /// `born > "1992-01-01"` compares with a date); a string operator needs strings on both
    /// sides. Comparisons are checked in order, left side first.
    ///
    /// - Parameters:
    ///   - predicate: The predicate to check.
    ///   - entity: The entity of the objects it will test.
    /// - Throws: ``ObjectGraphError/unknownKey(entity:key:)``, ``FetchPredicateError`` with kind
    ///   ``FetchPredicateError/Kind/missingVariable(_:)``,
    ///   ``FetchPredicateError/Kind/mismatchedLiteral(keyPath:type:literal:)`` or
    ///   ``FetchPredicateError/Kind/mismatchedOperator(keyPath:type:operator:)``, or
    ///   ``UnsupportedFetchError``.
    init(_ predicate: FetchPredicate, for entity: EntityDescription) throws {
        switch predicate {
        case .constant(let value):
            self = .constant(value)
        case .and(let terms):
            self = .and(try terms.map { try ResolvedPredicate($0, for: entity) })
        case .or(let terms):
            self = .or(try terms.map { try ResolvedPredicate($0, for: entity) })
        case .not(let term):
            self = .not(try ResolvedPredicate(term, for: entity))
        case .comparison(let comparison):
            self = .comparison(try ResolvedComparison(comparison, in: predicate, for: entity))
        }
    }

    /// The destination entities of the relationships the predicate's key paths walk (a
    /// collection operator's relationship included).
    var entitiesReached: [EntityDescription] {
        switch self {
        case .constant: return []
        case .and(let terms), .or(let terms): return terms.flatMap(\.entitiesReached)
        case .not(let term): return term.entitiesReached
        case .comparison(let comparison): return comparison.entitiesReached
        }
    }
}

/// A comparison with resolved sides (``ResolvedPredicate``).
struct ResolvedComparison {
    /// What stands on the right of the operator.
    enum Right {
        /// One operand. Only for `IN` may it be a key path that yields a collection.
        case single(ResolvedOperand)
        /// `IN {a, b, c}`: single values.
        case list([ResolvedOperand])
        /// `BETWEEN {low, high}`: two single values.
        case bounds(ResolvedOperand, ResolvedOperand)

        /// The operands, in order.
        var operands: [ResolvedOperand] {
            switch self {
            case .single(let operand): return [operand]
            case .list(let operands): return operands
            case .bounds(let low, let high): return [low, high]
            }
        }

        /// The same shape with every operand transformed.
        func map<E: Error>(_ transform: (ResolvedOperand) throws(E) -> ResolvedOperand) throws(E) -> Right {
            switch self {
            case .single(let operand): return .single(try transform(operand))
            case .list(let operands):
                var transformed: [ResolvedOperand] = []
                for operand in operands { transformed.append(try transform(operand)) }
                return .list(transformed)
            case .bounds(let low, let high): return .bounds(try transform(low), try transform(high))
            }
        }
    }

    /// `ANY`, `ALL`, `NONE` or none of them.
    let modifier: ComparisonPredicate.Modifier
    /// The left side; a key path here may yield a collection.
    let left: ResolvedOperand
    /// The operator.
    let `operator`: ComparisonPredicate.Operator
    /// The right side.
    let right: Right
    /// `[c]`, `[d]`, `[cd]`.
    let options: ComparisonPredicate.Options

    /// Checks and resolves `comparison`, the comparison of `predicate`, from `entity`.
    fileprivate init(_ comparison: ComparisonPredicate, in predicate: FetchPredicate, for entity: EntityDescription)
        throws
    {
        func unsupported(_ reason: String) -> UnsupportedFetchError {
            UnsupportedFetchError(fragment: comparison.predicateFormat, reason: reason)
        }
        /// One side; `allowsCollection` for the only places a to-many key path may stand.
        func operand(_ expression: FetchExpression, allowsCollection: Bool) throws -> ResolvedOperand {
            try ResolvedOperand(expression, from: entity, allowsCollection: allowsCollection, in: comparison)
        }
        /// The elements of a list on the right, each a single value; `nil` when it is no list.
        func elements(of expression: FetchExpression) throws -> [ResolvedOperand]? {
            guard case .list(let items) = expression else { return nil }
            return try items.map { try operand($0, allowsCollection: false) }
        }

        modifier = comparison.modifier
        let left = try operand(comparison.left, allowsCollection: true)
        `operator` = comparison.operator
        options = comparison.options
        let right: Right
        switch comparison.operator {
        case .in:
            right =
                try elements(of: comparison.right).map(Right.list) ?? .single(operand(comparison.right, allowsCollection: true))
        case .between:
            guard let bounds = try elements(of: comparison.right), bounds.count == 2 else {
                throw unsupported("BETWEEN needs a list of two bounds on its right, as in {1, 10}")
            }
            right = .bounds(bounds[0], bounds[1])
        case .matches:
            right = .single(try operand(comparison.right, allowsCollection: false))
            if case .constant(.string(let pattern)) = comparison.right {
                _ = try StringMatching.regularExpression(
                    pattern, caseInsensitive: comparison.options.contains(.caseInsensitive))
            }
        default:
            right = .single(try operand(comparison.right, allowsCollection: false))
        }
        (self.left, self.right) = try Self.typed(left, comparison.operator, right, format: predicate.predicateFormat)
    }

    /// `left` and `right` with their literals made comparable with the key path on the other
    /// side (``AttributeType/comparable(_:)``), once per fetch so that both stores compare the
    /// same values: `born > "1992-01-01"` compares `born` with a date.
    ///
    /// - Throws: ``FetchPredicateError`` with kind
    ///   ``FetchPredicateError/Kind/mismatchedOperator(keyPath:type:operator:)`` for a string
    ///   operator with a key path yielding no strings on a side, or
    ///   ``FetchPredicateError/Kind/mismatchedLiteral(keyPath:type:literal:)`` for a literal
    ///   that cannot be compared with the key path's values.
    private static func typed(
        _ left: ResolvedOperand, _ op: ComparisonPredicate.Operator, _ right: Right, format: String
    ) throws(FetchPredicateError) -> (ResolvedOperand, Right) {
        func failure(_ kind: FetchPredicateError.Kind) -> FetchPredicateError {
            FetchPredicateError(format: format, column: 0, kind)
        }
        if [.beginsWith, .endsWith, .contains, .like, .matches].contains(op) {
            for case (let name, let yield)? in ([left] + right.operands).map(\.typing) {
                if case .values(.string) = yield { continue }
                throw failure(
                    .mismatchedOperator(keyPath: name, type: yield.name, operator: ComparisonPredicate.spelling(of: op)))
            }
        }
        /// `operand`, a literal made comparable with the values of `other`.
        func typed(_ operand: ResolvedOperand, against other: ResolvedOperand) throws(FetchPredicateError)
            -> ResolvedOperand
        {
            guard case .constant(let literal) = operand, let (name, yield) = other.typing else { return operand }
            let value: AttributeValue?
            switch yield {
            case .values(let type): value = type.comparable(literal)
            case .objects: value = literal.isNull ? literal : nil
            }
            guard let value else {
                throw failure(.mismatchedLiteral(keyPath: name, type: yield.name, literal: literal))
            }
            return .constant(value)
        }
        if left.typing != nil {
            return (left, try right.map { operand throws(FetchPredicateError) in try typed(operand, against: left) })
        }
        if case .single(let other) = right, other.typing != nil {
            return (try typed(left, against: other), right)
        }
        return (left, right)
    }

    /// The destination entities of the relationships both sides' key paths walk.
    var entitiesReached: [EntityDescription] {
        left.entitiesReached + right.operands.flatMap(\.entitiesReached)
    }
}
