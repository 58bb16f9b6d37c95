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
/// options     := "[" letters from c, d "]"
/// expression  := keyPath | "SELF" ("." keyPath)? | literal | "$" NAME | "%@" | "%K" | "%d" | "%f"
///              | "{" (expression ("," expression)*)? "}" | "CAST" "(" literal "," string ")"
/// keyPath     := key ("." key)* ("." "@" function ("." key)*)?
/// ```
///
/// Only an unparenthesized chain is flattened (`a AND b AND c` is one `.and` of three), so that
/// rendering a predicate and parsing it again gives back the same tree.
struct PredicateParser {
    private let format: String
    private var lexer: PredicateLexer
    private var current: PredicateToken
    private let arguments: [Any?]
    private var argumentIndex = 0
    /// How many parentheses, `NOT`s and lists are open, capped so no format exhausts the stack.
    private var depth = 0
    private static let maximumDepth = 200

    /// Parses `format`, taking `%`-specifier arguments from `arguments` in order.
    static func parse(_ format: String, arguments: [Any?]) throws(FetchPredicateError) -> FetchPredicate {
        var parser = try PredicateParser(format: format, arguments: arguments)
        return try parser.parse()
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
        while isKeyword("OR") || isSymbol("||") {
            let op = try advance()
            terms.append(try and(after: op.text))
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func and(after context: String?) throws(FetchPredicateError) -> FetchPredicate {
        var terms = [try not(after: context)]
        while isKeyword("AND") || isSymbol("&&") {
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
            try enterNesting()
            defer { depth -= 1 }
            let open = try advance()
            let predicate = try or(after: open.text)
            try expect(")", "')'")
            return predicate
        }
        if isKeyword("TRUEPREDICATE") || isKeyword("FALSEPREDICATE") {
            let token = try advance()
            return .constant(token.text.uppercased() == "TRUEPREDICATE")
        }
        return .comparison(try comparison(after: context))
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
        guard let op = comparisonOperator(operatorToken) else { throw unexpected("a comparison operator") }
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

    /// Reads `[c]`, `[d]`, `[cd]` or `[dc]` after an operator, if present.
    private mutating func comparisonOptions() throws(FetchPredicateError) -> ComparisonPredicate.Options {
        guard isSymbol("[") else { return [] }
        _ = try advance()
        let expected = "'c' or 'd' in brackets"
        guard case .identifier(let letters, escaped: false) = current.kind else { throw unexpected(expected) }
        var options: ComparisonPredicate.Options = []
        for (offset, letter) in letters.enumerated() {
            switch letter {
            case "c", "C": options.insert(.caseInsensitive)
            case "d", "D": options.insert(.diacriticInsensitive)
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

    /// Parses one side of a comparison; `expected` describes it for the error when none is there.
    private mutating func expression(expected: String) throws(FetchPredicateError) -> FetchExpression {
        let token = current
        switch token.kind {
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
            _ = try advance()
            return .variable(name)
        case .collectionOperator:
            return try keyPath()
        case .symbol("{"):
            return try list()
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
            default:
                return try keyPath()
            }
        case .identifier:
            return try keyPath()
        default:
            throw unexpected(expected)
        }
    }

    /// Reads `key.key.@function.key` starting at the current token.
    private mutating func keyPath() throws(FetchPredicateError) -> FetchExpression {
        var components: [KeyComponent] = []
        while true {
            switch current.kind {
            case .identifier(let name, _):
                components.append(KeyComponent(name: name, isOperator: false, column: current.column))
            case .collectionOperator(let name):
                components.append(KeyComponent(name: name, isOperator: true, column: current.column))
            default:
                throw unexpected("a key after '.'")
            }
            _ = try advance()
            guard isSymbol(".") else { break }
            _ = try advance()
        }
        return try keyPathExpression(components)
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

    private mutating func argument(
        _ specifier: PredicateToken.FormatSpecifier, at token: PredicateToken
    ) throws(FetchPredicateError) -> FetchExpression {
        let index = argumentIndex
        argumentIndex += 1
        guard index < arguments.count else {
            throw FetchPredicateError(format: format, column: token.column, .missingArgument(index: index))
        }
        let value = FetchExpression.unwrappingOptionals(arguments[index])
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
            guard let path = (value as? String) ?? (value as? Substring).map(String.init) else { throw unsupported() }
            let keys = path.split(separator: ".", omittingEmptySubsequences: false)
            guard !keys.contains(where: \.isEmpty) else {
                throw FetchPredicateError(
                    format: format, column: token.column, .syntax(expected: "a key path for %K", found: path))
            }
            return try keyPathExpression(
                keys.map { key in
                    key.first == "@"
                        ? KeyComponent(name: String(key.dropFirst()), isOperator: true, column: token.column)
                        : KeyComponent(name: String(key), isOperator: false, column: token.column)
                })
        case .integer:
            guard let integer = value as? any BinaryInteger, let exact = Int64(exactly: integer) else {
                throw unsupported()
            }
            return .constant(.integer(exact))
        case .double:
            if let real = value as? any BinaryFloatingPoint { return .constant(.double(Double(real))) }
            if let integer = value as? any BinaryInteger { return .constant(.double(Double(integer))) }
            throw unsupported()
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
