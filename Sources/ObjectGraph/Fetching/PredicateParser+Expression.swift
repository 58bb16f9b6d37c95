/// The expression grammar: infix operators, atoms, variables, lists, function calls and `SUBQUERY`.
extension PredicateParser {
    /// The infix operators, loosest first: `|`, `&`, `+` `-`, `*` `/`.
    static let binaryOperators: [[String: ExpressionFunction]] = [
        ["|": .bitwiseOr], ["&": .bitwiseAnd], ["+": .add, "-": .subtract], ["*": .multiply, "/": .divide],
    ]

    /// Parses one side of a comparison; `expected` describes it for the error when none is there.
    mutating func expression(expected: String) throws(FetchPredicateError) -> FetchExpression {
        try binary(level: 0, expected: expected)
    }

    /// Operators of `level` and tighter, left-associative.
    private mutating func binary(level: Int, expected: String) throws(FetchPredicateError) -> FetchExpression {
        guard level < Self.binaryOperators.count else { return try unary(expected: expected) }
        var left = try binary(level: level + 1, expected: expected)
        // Each operator nests the tree one level deeper.
        let outer = depth
        defer { depth = outer }
        while case .symbol(let symbol) = current.kind, let function = Self.binaryOperators[level][symbol] {
            try enterNesting()
            _ = try advance()
            let right = try binary(level: level + 1, expected: "a value after '\(symbol)'")
            left = .function(function, [left, right])
        }
        return left
    }

    /// `-x`: a negative number, or `0 - x`.
    private mutating func unary(expected: String) throws(FetchPredicateError) -> FetchExpression {
        guard isSymbol("-") else { return try atom(expected: expected) }
        try enterNesting()
        defer { depth -= 1 }
        _ = try advance()
        switch try unary(expected: "a value after '-'") {
        case .constant(.integer(let value)) where value != .min: return .constant(.integer(-value))
        case .constant(.double(let value)): return .constant(.double(-value))
        case let operand: return .function(.subtract, [.constant(.integer(0)), operand])
        }
    }

    private mutating func atom(expected: String) throws(FetchPredicateError) -> FetchExpression {
        let token = current
        switch token.kind {
        case .specifier(.keyPath):
            return try keyPath()
        case .specifier(let specifier):
            _ = try advance()
            return try argument(specifier, at: token)
        case .string(let value):
            _ = try advance()
            return .constant(.string(value))
        case .integer(let value):
            _ = try advance()
            return .constant(.integer(value))
        case .double(let value):
            _ = try advance()
            return .constant(.double(value))
        case .variable(let name):
            return try variable(name)
        case .collectionOperator:
            return try keyPath()
        case .symbol("{"):
            return try list()
        case .symbol("("):
            try enterNesting()
            defer { depth -= 1 }
            _ = try advance()
            let inner = try expression(expected: "a value after '('")
            try expect(")", "')'")
            return inner
        case .identifier(let word, escaped: false):
            switch word.uppercased() {
            case "TRUE", "YES":
                _ = try advance()
                return .constant(.boolean(true))
            case "FALSE", "NO":
                _ = try advance()
                return .constant(.boolean(false))
            case "NIL", "NULL":
                _ = try advance()
                return .constant(.null)
            case "SELF":
                _ = try advance()
                guard isSymbol(".") else { return .evaluatedObject }
                _ = try advance()
                return try keyPath()
            case "CAST":
                return try cast()
            case let keyword where Self.keywords.contains(keyword):
                throw unexpected(expected)
            case let name:
                guard case .symbol(let next) = try peek().kind, next == "(" || next == ":" else { return try keyPath() }
                switch name {
                case "SUBQUERY": return try subquery()
                case "FUNCTION":
                    throw unexpected("a function such as abs(x) (FUNCTION calls an Objective-C method, which has no equivalent)")
                default: return try functionCall()
                }
            }
        case .identifier:
            return try keyPath()
        default:
            throw unexpected(expected)
        }
    }

    /// `$NAME`, or a key path from it (`$FETCH_SOURCE.team.name`: the variable of that dotted
    /// name); inside a `SUBQUERY` its variable, the element (`$x`) or a key path from it (`$x.number`).
    mutating func variable(_ name: String) throws(FetchPredicateError) -> FetchExpression {
        let token = try advance()
        guard subqueryVariables.contains(name) else {
            var path = name
            while isSymbol(".") {
                _ = try advance()
                guard case .identifier(let key, _) = current.kind else { throw unexpected("a key after '.'") }
                _ = try advance()
                path += "." + key
            }
            return .variable(path)
        }
        guard subqueryVariables.last == name else {
            throw FetchPredicateError(
                format: format, column: token.column,
                .syntax(expected: "the variable of the innermost SUBQUERY", found: token.text))
        }
        guard isSymbol(".") else { return .evaluatedObject }
        _ = try advance()
        return try keyPath()
    }

    /// `name(arguments)`, `name:(arguments)` or `selector:parts:(arguments)`.
    private mutating func functionCall() throws(FetchPredicateError) -> FetchExpression {
        let nameToken = try advance()
        var name = nameToken.text
        while isSymbol(":") {
            _ = try advance()
            name += ":"
            guard case .identifier(let part, escaped: false) = current.kind else { break }
            _ = try advance()
            name += part
        }
        try enterNesting()
        defer { depth -= 1 }
        try expect("(", "'(' after the function name")
        var arguments: [FetchExpression] = []
        if !isSymbol(")") {
            arguments.append(try expression(expected: "an argument of '\(name)'"))
            while isSymbol(",") {
                _ = try advance()
                arguments.append(try expression(expected: "an argument after ','"))
            }
        }
        try expect(")", "')' after the arguments of '\(name)'")
        guard let function = ExpressionFunction(named: name) else {
            throw FetchPredicateError(format: format, column: nameToken.column, .unknownFunction(name))
        }
        guard arguments.count == function.arity else {
            throw FetchPredicateError(
                format: format, column: nameToken.column,
                .syntax(
                    expected: "\(function.arity) argument\(function.arity == 1 ? "" : "s") for '\(function.rawValue)'",
                    found: "\(arguments.count)"))
        }
        return .function(function, arguments)
    }

    /// `SUBQUERY(collection, $x, predicate)`, and `.@count` after it.
    private mutating func subquery() throws(FetchPredicateError) -> FetchExpression {
        _ = try advance()
        try enterNesting()
        defer { depth -= 1 }
        try expect("(", "'(' after 'SUBQUERY'")
        let collectionToken = current
        guard case .keyPath(let collection) = try expression(expected: "a key path to a to-many relationship"),
            !collection.isEmpty
        else {
            throw FetchPredicateError(
                format: format, column: collectionToken.column,
                .syntax(expected: "a key path to a to-many relationship", found: collectionToken.found))
        }
        try expect(",", "',' after the collection of 'SUBQUERY'")
        guard case .variable(let variable) = current.kind else { throw unexpected("a variable such as $x") }
        _ = try advance()
        try expect(",", "',' after the variable of 'SUBQUERY'")
        subqueryVariables.append(variable)
        let predicate = try or(after: ",")
        subqueryVariables.removeLast()
        try expect(")", "')' to close 'SUBQUERY('")
        let subquery = FetchExpression.subquery(collection: collection, variable: variable, predicate: predicate)
        guard isSymbol(".") else { return subquery }
        _ = try advance()
        guard case .collectionOperator(let name) = current.kind, name.lowercased() == "count" else {
            throw unexpected("@count after 'SUBQUERY(…).'")
        }
        _ = try advance()
        return .function(.count, [subquery])
    }

    mutating func list() throws(FetchPredicateError) -> FetchExpression {
        try enterNesting()
        defer { depth -= 1 }
        _ = try advance()
        var elements: [FetchExpression] = []
        if isSymbol("}") {
            _ = try advance()
            return .list(elements)
        }
        elements.append(try expression(expected: "a value after '{'"))
        while !isSymbol("}") {
            guard isSymbol(",") else { throw unexpected("',' or '}' in the list") }
            _ = try advance()
            elements.append(try expression(expected: "a value after ','"))
        }
        _ = try advance()
        return .list(elements)
    }
}
