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
///
/// This file reads predicates; the rest of the grammar is in extensions by concern:
/// `+Comparison`, `+Expression`, `+KeyPath`, `+Cast` and `+Arguments`.
struct PredicateParser {
    let format: String
    private var lexer: PredicateLexer
    var current: PredicateToken
    let arguments: [Any?]
    var argumentIndex = 0
    /// How many parentheses, `NOT`s and lists are open, and terms of `AND` and `OR` chains
    /// read, capped so that no format exhausts the stack or SQLite's expression depth.
    var depth = 0
    private static let maximumDepth = 200
    /// The variables of the `SUBQUERY`s being read, innermost last.
    var subqueryVariables: [String] = []

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
    mutating func or(after context: String?) throws(FetchPredicateError) -> FetchPredicate {
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

    // MARK: Tokens

    /// Words the parser gives a meaning; written as keys they need a leading `#`.
    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "SOME", "ALL", "NONE", "IN", "LIKE", "MATCHES", "CONTAINS",
        "BEGINSWITH", "ENDSWITH", "BETWEEN", "TRUEPREDICATE", "FALSEPREDICATE", "CAST",
        "TRUE", "YES", "FALSE", "NO", "NIL", "NULL", "SELF",
    ]

    mutating func enterNesting() throws(FetchPredicateError) {
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
    func peek() throws(FetchPredicateError) -> PredicateToken {
        var lookahead = lexer
        return try lookahead.next()
    }

    /// Moves to the next token and returns the one just passed.
    mutating func advance() throws(FetchPredicateError) -> PredicateToken {
        let passed = current
        current = try lexer.next()
        return passed
    }

    mutating func expect(_ symbol: String, _ expected: String) throws(FetchPredicateError) {
        guard isSymbol(symbol) else { throw unexpected(expected) }
        _ = try advance()
    }

    func isSymbol(_ symbol: String) -> Bool {
        current.kind == .symbol(symbol)
    }

    func isKeyword(_ keyword: String) -> Bool {
        guard case .identifier(let word, escaped: false) = current.kind else { return false }
        return word.uppercased() == keyword
    }

    func unexpected(_ expected: String) -> FetchPredicateError {
        FetchPredicateError(format: format, column: current.column, .syntax(expected: expected, found: current.found))
    }
}
