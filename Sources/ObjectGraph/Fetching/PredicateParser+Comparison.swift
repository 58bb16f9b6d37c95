/// The comparison grammar: an optional modifier, two expressions and the operator and options between them.
extension PredicateParser {
    /// Whether the current token goes on with an expression, as an operator after `(…)` does.
    var continuesExpression: Bool {
        if comparisonOperator(current) != nil { return true }
        guard case .symbol(let symbol) = current.kind else { return false }
        return symbol == "." || symbol == "[" || Self.binaryOperators.contains { $0[symbol] != nil }
    }

    mutating func comparison(after context: String?) throws(FetchPredicateError) -> ComparisonPredicate {
        var modifier = ComparisonPredicate.Modifier.direct
        var expected = context.map { "a predicate after '\($0)'" } ?? "a predicate"
        if let match = Self.modifiers.first(where: { isKeyword($0.word) }) {
            modifier = match.modifier
            let word = try advance()
            expected = "a key path after '\(word.text)'"
        }
        let left = try expression(expected: expected)

        let operatorToken = current
        guard let op = comparisonOperator(operatorToken) else {
            // A key path alone tests a Boolean: `isActive` means `isActive == YES`.
            if modifier == .direct, case .keyPath = left, endsPredicate {
                return ComparisonPredicate(left, .equal, .constant(.boolean(true)))
            }
            throw unexpected("a comparison operator")
        }
        _ = try advance()
        let options = try comparisonOptions()
        let rightToken = current
        let right = try expression(expected: "a value after '\(operatorToken.text)'")

        if op == .between {
            switch right {
            case .list(let bounds) where bounds.count == 2: break
            case .variable: break
            default:
                throw FetchPredicateError(
                    format: format, column: rightToken.column,
                    .syntax(expected: "a list of two values after '\(operatorToken.text)'", found: right.predicateFormat))
            }
        }
        return ComparisonPredicate(left, op, right, modifier: modifier, options: options)
    }

    /// Whether the current token ends a predicate: `)`, `AND`, `OR` or the end.
    private var endsPredicate: Bool {
        current.kind == .end || isSymbol(")") || isSymbol("&&") || isSymbol("||") || isKeyword("AND") || isKeyword("OR")
    }

    private static let modifiers: [(word: String, modifier: ComparisonPredicate.Modifier)] = [
        ("ANY", .any), ("SOME", .any), ("ALL", .all), ("NONE", .none),
    ]

    private func comparisonOperator(_ token: PredicateToken) -> ComparisonPredicate.Operator? {
        switch token.kind {
        case .symbol(let symbol):
            switch symbol {
            case "==": return .equal
            case "!=": return .notEqual
            case "<": return .lessThan
            case "<=": return .lessThanOrEqual
            case ">": return .greaterThan
            case ">=": return .greaterThanOrEqual
            default: return nil
            }
        case .identifier(let word, escaped: false):
            switch word.uppercased() {
            case "BEGINSWITH": return .beginsWith
            case "ENDSWITH": return .endsWith
            case "CONTAINS": return .contains
            case "LIKE": return .like
            case "MATCHES": return .matches
            case "IN": return .in
            case "BETWEEN": return .between
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Reads `[c]`, `[d]`, `[n]` or a combination such as `[cdn]` after an operator, if present.
    ///
    /// `n` (Unicode normalization) changes nothing: strings are compared as given.
    private mutating func comparisonOptions() throws(FetchPredicateError) -> ComparisonPredicate.Options {
        guard isSymbol("[") else { return [] }
        _ = try advance()
        let expected = "'c', 'd' or 'n' in brackets"
        guard case .identifier(let letters, escaped: false) = current.kind else { throw unexpected(expected) }
        var options: ComparisonPredicate.Options = []
        for (offset, letter) in letters.enumerated() {
            switch letter {
            case "c", "C": options.insert(.caseInsensitive)
            case "d", "D": options.insert(.diacriticInsensitive)
            case "n", "N": break
            default:
                throw FetchPredicateError(
                    format: format, column: current.column + offset,
                    .syntax(expected: expected, found: String(letter)))
            }
        }
        _ = try advance()
        try expect("]", "']' after the options")
        return options
    }
}
