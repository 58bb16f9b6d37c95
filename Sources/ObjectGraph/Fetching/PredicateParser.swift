import Foundation

/// A recursive-descent parser from `NSPredicate` format syntax to ``FetchPredicate``.
///
/// ```
/// predicate   := or END
/// or          := and (("OR" | "||") and)*
/// and         := not (("AND" | "&&") not)*
/// not         := ("NOT" | "!") not | primary
/// primary     := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
/// comparison  := ("ANY" | "SOME" | "ALL" | "NONE")? expression operator options? expression
///              | keyPath                                    (a Boolean test: keyPath == YES)
/// options     := "[" letters from c, d, n "]"
/// expression  := term ("|" term)*
/// term        := sum ("&" sum)*
/// sum         := product (("+" | "-") product)*
/// product     := unary (("*" | "/") unary)*
/// unary       := "-" unary | atom
/// atom        := keyPath ("[" "SIZE" "]")? | "SELF" ("." keyPath)? | literal | "$" NAME ("." key)* | "%@"
///              | "%d" | "%f" | "(" expression ")" | "{" (expression ("," expression)*)? "}"
///              | "CAST" "(" literal "," string ")" | name (":" (word ":")*)? "(" arguments ")"
///              | "SUBQUERY" "(" keyPath "," "$" NAME "," or ")" ("." "@count")?
/// keyPath     := key ("." key)* ("." "@" function ("." key)*)?      (a key may be "%K")
/// ```
///
/// Only an unparenthesized chain is flattened (`a AND b AND c` is one `.and` of three), so that
/// rendering a predicate and parsing it again gives back the same tree. A `(` opens a predicate
/// unless what follows its `)` continues an expression: `(flags & 4) != 0`.
struct PredicateParser {
    private let format: String
    private var lexer: PredicateLexer
    private var current: PredicateToken
    private let arguments: [Any?]
    private var argumentIndex = 0
    /// How many parentheses, `NOT`s and lists are open, and terms of `AND` and `OR` chains
    /// read, capped so that no format exhausts the stack or SQLite's expression depth.
    private var depth = 0
    private static let maximumDepth = 200
    /// The variables of the `SUBQUERY`s being read, innermost last.
    private var subqueryVariables: [String] = []

    /// Parses `format`, taking `%`-specifier arguments from `arguments` in order.
    static func parse(_ format: String, arguments: [Any?]) throws(FetchPredicateError) -> FetchPredicate {
        var parser = try PredicateParser(format: format, arguments: arguments)
        return try parser.parse()
    }

    /// Parses `format` as one expression, without arguments (the `NSExpression` format of a
    /// derived attribute).
    static func parseExpression(_ format: String) throws(FetchPredicateError) -> FetchExpression {
        var parser = try PredicateParser(format: format, arguments: [])
        let expression = try parser.expression(expected: "an expression")
        guard parser.current.kind == .end else { throw parser.unexpected("end of input") }
        return expression
    }

    private init(format: String, arguments: [Any?]) throws(FetchPredicateError) {
        self.format = format
        self.arguments = arguments
        self.lexer = PredicateLexer(format: format)
        self.current = try lexer.next()
    }

    private mutating func parse() throws(FetchPredicateError) -> FetchPredicate {
        let predicate = try or(after: nil)
        guard current.kind == .end else { throw unexpected("AND, OR or end of input") }
        guard argumentIndex == arguments.count else {
            throw FetchPredicateError(format: format, column: 0, .extraArguments(count: arguments.count - argumentIndex))
        }
        return predicate
    }

    // MARK: Predicates

    /// `context` names what came before, for "expected a predicate after 'AND'".
    private mutating func or(after context: String?) throws(FetchPredicateError) -> FetchPredicate {
        var terms = [try and(after: context)]
        let outer = depth
        defer { depth = outer }
        while isKeyword("OR") || isSymbol("||") {
            try enterChainedTerm()
            let op = try advance()
            terms.append(try and(after: op.text))
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func and(after context: String?) throws(FetchPredicateError) -> FetchPredicate {
        var terms = [try not(after: context)]
        let outer = depth
        defer { depth = outer }
        while isKeyword("AND") || isSymbol("&&") {
            try enterChainedTerm()
            let op = try advance()
            terms.append(try not(after: op.text))
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func not(after context: String?) throws(FetchPredicateError) -> FetchPredicate {
        if isKeyword("NOT") || isSymbol("!") {
            try enterNesting()
            defer { depth -= 1 }
            let op = try advance()
            return .not(try not(after: op.text))
        }
        return try primary(after: context)
    }

    private mutating func primary(after context: String?) throws(FetchPredicateError) -> FetchPredicate {
        if isSymbol("(") {
            // A parenthesized predicate, unless an expression goes on after it: `(a + b) > 1`.
            let start = self
            let predicateError: FetchPredicateError
            do {
                let predicate = try parenthesized()
                if !continuesExpression { return predicate }
                predicateError = unexpected("AND, OR or end of input")
            } catch {
                predicateError = error
            }
            self = start
            do {
                return .comparison(try comparison(after: context))
            } catch {
                throw error.column > predicateError.column ? error : predicateError
            }
        }
        if isKeyword("TRUEPREDICATE") || isKeyword("FALSEPREDICATE") {
            let token = try advance()
            return .constant(token.text.uppercased() == "TRUEPREDICATE")
        }
        return .comparison(try comparison(after: context))
    }

    private mutating func parenthesized() throws(FetchPredicateError) -> FetchPredicate {
        try enterNesting()
        defer { depth -= 1 }
        let open = try advance()
        let predicate = try or(after: open.text)
        try expect(")", "')'")
        return predicate
    }

    /// Whether the current token goes on with an expression, as an operator after `(…)` does.
    private var continuesExpression: Bool {
        if comparisonOperator(current) != nil { return true }
        guard case .symbol(let symbol) = current.kind else { return false }
        return symbol == "." || symbol == "[" || Self.binaryOperators.contains { $0[symbol] != nil }
    }

    private mutating func comparison(after context: String?) throws(FetchPredicateError) -> ComparisonPredicate {
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

    // MARK: Expressions

    /// The infix operators, loosest first: `|`, `&`, `+` `-`, `*` `/`.
    private static let binaryOperators: [[String: ExpressionFunction]] = [
        ["|": .bitwiseOr], ["&": .bitwiseAnd], ["+": .add, "-": .subtract], ["*": .multiply, "/": .divide],
    ]

    /// Parses one side of a comparison; `expected` describes it for the error when none is there.
    private mutating func expression(expected: String) throws(FetchPredicateError) -> FetchExpression {
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
    private mutating func variable(_ name: String) throws(FetchPredicateError) -> FetchExpression {
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

    /// Reads `key.key.@function.key` starting at the current token; a key may be `%K`.
    private mutating func keyPath() throws(FetchPredicateError) -> FetchExpression {
        var components: [KeyComponent] = []
        while true {
            switch current.kind {
            case .identifier(let name, _):
                components.append(KeyComponent(name: name, isOperator: false, column: current.column))
            case .collectionOperator(let name):
                components.append(KeyComponent(name: name, isOperator: true, column: current.column))
            case .specifier(.keyPath):
                components += try keyPathArgument(at: current)
            default:
                throw unexpected("a key after '.'")
            }
            _ = try advance()
            guard isSymbol(".") else { break }
            _ = try advance()
        }
        let path = try keyPathExpression(components)
        guard isSymbol("[") else { return path }
        return try index(of: path)
    }

    /// `keyPath[SIZE]`, the count of a to-many, or `keyPath[FIRST]`, `keyPath[LAST]`,
    /// `keyPath[n]`, a member of an ordered to-many (a key path component in brackets), which
    /// a key path may continue from (`tracks[LAST].title`).
    private mutating func index(of path: FetchExpression) throws(FetchPredicateError) -> FetchExpression {
        _ = try advance()
        let expected = "SIZE, FIRST, LAST or a position from 0 in brackets"
        guard case .keyPath(let keys) = path, !keys.isEmpty else { throw unexpected(expected) }
        if isKeyword("SIZE") {
            _ = try advance()
            try expect("]", "']' after SIZE")
            return .aggregate(.count, relationshipPath: keys, attribute: nil)
        }
        let position: ElementPosition
        switch current.kind {
        case .identifier(let word, escaped: false) where word.uppercased() == "FIRST": position = .first
        case .identifier(let word, escaped: false) where word.uppercased() == "LAST": position = .last
        case .integer(let index) where index >= 0 && index <= Int.max: position = .index(Int(index))
        default: throw unexpected(expected)
        }
        _ = try advance()
        try expect("]", "']' after the position")
        let prefix = keys + [position.component]
        guard isSymbol(".") else { return .keyPath(prefix) }
        _ = try advance()
        switch try keyPath() {
        case .keyPath(let rest): return .keyPath(prefix + rest)
        case .aggregate(let function, let relationshipPath, let attribute):
            return .aggregate(function, relationshipPath: prefix + relationshipPath, attribute: attribute)
        default: throw unexpected("a key after '.'")
        }
    }

    /// One step of a key path: a key, or a collection operator's name.
    private struct KeyComponent {
        var name: String
        var isOperator: Bool
        var column: Int
    }

    private func keyPathExpression(_ components: [KeyComponent]) throws(FetchPredicateError) -> FetchExpression {
        guard let index = components.firstIndex(where: \.isOperator) else {
            return .keyPath(components.map(\.name))
        }
        let op = components[index]
        guard let function = AggregateFunction(rawValue: op.name.lowercased()) else {
            throw FetchPredicateError(
                format: format, column: op.column,
                .syntax(expected: "a collection operator (@count, @sum, @avg, @min or @max)", found: "@\(op.name)"))
        }
        let attribute = components[(index + 1)...]
        if let extra = attribute.first(where: \.isOperator) {
            throw FetchPredicateError(
                format: format, column: extra.column,
                .syntax(expected: "a key after '@\(op.name)'", found: "@\(extra.name)"))
        }
        return .aggregate(
            function, relationshipPath: components[..<index].map(\.name),
            attribute: attribute.isEmpty ? nil : attribute.map(\.name).joined(separator: "."))
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

    private mutating func list() throws(FetchPredicateError) -> FetchExpression {
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

    /// `CAST(value, "Type")`, the way dates and other values without a literal are written.
    private mutating func cast() throws(FetchPredicateError) -> FetchExpression {
        _ = try advance()
        try expect("(", "'(' after 'CAST'")
        let valueToken = current
        switch valueToken.kind {
        case .integer, .double, .string: _ = try advance()
        default: throw unexpected("a number or string to cast")
        }
        try expect(",", "',' after the value to cast")
        let typeToken = current
        guard case .string(let type) = typeToken.kind else { throw unexpected("a type name such as \"NSDate\"") }
        _ = try advance()
        try expect(")", "')' to close 'CAST('")

        guard let target = Self.castTypes[type] else {
            throw FetchPredicateError(
                format: format, column: typeToken.column,
                .syntax(expected: "a type name: \(Self.castTypeNames)", found: typeToken.text))
        }
        guard let value = Self.cast(valueToken.kind, to: target) else {
            throw FetchPredicateError(
                format: format, column: valueToken.column,
                .syntax(expected: "a value that can be cast to \(type)", found: valueToken.text))
        }
        return .constant(value)
    }

    /// The types `CAST` converts to.
    private enum CastType {
        case date, number, decimal, string, uuid, url, data
    }

    private static let castTypes: [String: CastType] = [
        "NSDate": .date, "NSNumber": .number, "NSDecimalNumber": .decimal, "NSString": .string,
        "NSUUID": .uuid, "NSURL": .url, "NSData": .data,
    ]

    private static let castTypeNames =
        #""NSDate", "NSNumber", "NSDecimalNumber", "NSString", "NSUUID", "NSURL" or "NSData""#

    private static func cast(_ literal: PredicateToken.Kind, to type: CastType) -> AttributeValue? {
        switch (type, literal) {
        case (.date, .integer(let seconds)): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case (.date, .double(let seconds)): return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case (.date, .string(let text)): return ISO8601DateLiteral.date(from: text).map(AttributeValue.date)
        case (.number, .integer(let value)): return .integer(value)
        case (.number, .double(let value)): return .double(value)
        case (.number, .string(let text)):
            if let value = Int64(text) { return .integer(value) }
            return Double(text).map(AttributeValue.double)
        case (.decimal, .integer(let value)): return .decimal(Decimal(value))
        case (.decimal, .string(let text)): return Decimal(decimalNotation: text).map(AttributeValue.decimal)
        case (.string, .string(let text)): return .string(text)
        case (.string, .integer(let value)): return .string(String(value))
        case (.string, .double(let value)): return .string(String(value))
        case (.uuid, .string(let text)): return UUID(standardForm: text).map(AttributeValue.uuid)
        case (.url, .string(let text)): return URL(string: text).map(AttributeValue.uri)
        case (.data, .string(let text)): return Data(base64Encoded: text).map(AttributeValue.data)
        default: return nil
        }
    }

    // MARK: Arguments

    /// The argument for the specifier `token`, the next one in order.
    private mutating func nextArgument(at token: PredicateToken) throws(FetchPredicateError) -> (index: Int, value: Any?) {
        let index = argumentIndex
        argumentIndex += 1
        guard index < arguments.count else {
            throw FetchPredicateError(format: format, column: token.column, .missingArgument(index: index))
        }
        return (index, FetchExpression.unwrappingOptionals(arguments[index]))
    }

    /// The keys of the key path string given for `%K` at `token`.
    private mutating func keyPathArgument(at token: PredicateToken) throws(FetchPredicateError) -> [KeyComponent] {
        let (index, value) = try nextArgument(at: token)
        return try keyComponents(of: value, index: index, at: token)
    }

    /// The keys of `value`, the key path string given for `%K` at `token`.
    private func keyComponents(of value: Any?, index: Int, at token: PredicateToken) throws(FetchPredicateError)
        -> [KeyComponent]
    {
        guard let path = FetchExpression.string(from: value) else {
            throw FetchPredicateError(
                format: format, column: token.column,
                .unsupportedArgument(index: index, type: FetchExpression.typeName(of: value)))
        }
        let keys = path.split(separator: ".", omittingEmptySubsequences: false)
        guard !keys.contains(where: \.isEmpty) else {
            throw FetchPredicateError(format: format, column: token.column, .syntax(expected: "a key path for %K", found: path))
        }
        return keys.map { key in
            key.first == "@"
                ? KeyComponent(name: String(key.dropFirst()), isOperator: true, column: token.column)
                : KeyComponent(name: String(key), isOperator: false, column: token.column)
        }
    }

    /// The expression for a value specifier (`%@`, `%d`, `%f`) at `token`.
    private mutating func argument(
        _ specifier: PredicateToken.FormatSpecifier, at token: PredicateToken
    ) throws(FetchPredicateError) -> FetchExpression {
        let (index, value) = try nextArgument(at: token)
        func unsupported() -> FetchPredicateError {
            FetchPredicateError(
                format: format, column: token.column,
                .unsupportedArgument(index: index, type: FetchExpression.typeName(of: value)))
        }
        switch specifier {
        case .object:
            do {
                return try FetchExpression(argument: value)
            } catch {
                throw FetchPredicateError(
                    format: format, column: token.column, .unsupportedArgument(index: index, type: error.type))
            }
        case .keyPath:
            return try keyPathExpression(keyComponents(of: value, index: index, at: token))
        case .integer:
            guard let integer = FetchExpression.integer(from: value) else { throw unsupported() }
            return .constant(.integer(integer))
        case .double:
            guard let real = FetchExpression.double(from: value) else { throw unsupported() }
            return .constant(.double(real))
        }
    }

    // MARK: Tokens

    /// Words the parser gives a meaning; written as keys they need a leading `#`.
    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "LIKE", "MATCHES", "CONTAINS",
        "BEGINSWITH", "ENDSWITH", "BETWEEN", "TRUEPREDICATE", "FALSEPREDICATE", "CAST",
        "TRUE", "YES", "FALSE", "NO", "NIL", "NULL", "SELF",
    ]

    private mutating func enterNesting() throws(FetchPredicateError) {
        guard depth < Self.maximumDepth else { throw unexpected("at most \(Self.maximumDepth) levels of nesting") }
        depth += 1
    }

    /// Counts one more term of an `AND` or `OR` chain as a level of nesting: SQL nests each
    /// term of a chain one level deeper than the one before, and SQLite refuses an expression
    /// 1,000 levels deep.
    private mutating func enterChainedTerm() throws(FetchPredicateError) {
        // A chain of n terms nests n - 1 levels.
        guard depth + 1 < Self.maximumDepth else { throw unexpected("at most \(Self.maximumDepth) terms joined by AND or OR") }
        depth += 1
    }

    /// The token after the current one.
    private func peek() throws(FetchPredicateError) -> PredicateToken {
        var lookahead = lexer
        return try lookahead.next()
    }

    /// Moves to the next token and returns the one just passed.
    private mutating func advance() throws(FetchPredicateError) -> PredicateToken {
        let passed = current
        current = try lexer.next()
        return passed
    }

    private mutating func expect(_ symbol: String, _ expected: String) throws(FetchPredicateError) {
        guard isSymbol(symbol) else { throw unexpected(expected) }
        _ = try advance()
    }

    private func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    private func isKeyword(_ keyword: String) -> Bool {
        guard case .identifier(let word, escaped: false) = current.kind else { return false }
        return word.uppercased() == keyword
    }

    private func unexpected(_ expected: String) -> FetchPredicateError {
        FetchPredicateError(format: format, column: current.column, .syntax(expected: expected, found: current.found))
    }
}
