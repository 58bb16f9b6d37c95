import Foundation

// MARK: Parsing

extension FetchPredicate {
    /// Parses a predicate written in `NSPredicate` format syntax.
    ///
    /// ```swift
    /// let regulars = try FetchPredicate(format: "number <= %d AND team.name == %@", 11, "Polen")
    /// let keepers = try FetchPredicate(format: "ANY players.position == 'GK'")
    /// let template = try FetchPredicate(format: "name BEGINSWITH[cd] $PREFIX")
    /// ```
    ///
    /// Specifiers take the arguments in order: `%@` a value (`String`, any integer, `Double`,
    /// `Float`, `Decimal`, `Bool`, `Date`, `Data`, `UUID`, `URL`, ``AttributeValue``, `nil`, or
    /// the Foundation object bridging to one, `NSNumber`, `NSNull` included), an array or set of
    /// values (a list; `NSArray`, `NSSet`, `NSOrderedSet` too), a ``ManagedObject`` or
    /// ``ManagedObjectID``; `%K` a key path string, alone or joined to other keys
    /// (`%K.name`); `%d`, `%i`, `%u`, `%ld`, `%lld` an integer; `%f`, `%lf`, `%g`, `%e`, `%a`,
    /// `%la` a number. A quoted `"%@"` is the literal string.
    ///
    /// - Parameters:
    ///   - format: The predicate, such as `"players.@count > 22"`.
    ///   - arguments: One argument per format specifier.
    /// - Throws: ``FetchPredicateError`` naming the column at fault, for a syntax error, a missing,
    ///   unsupported or extra argument.
    public init(format: String, _ arguments: Any?...) throws(FetchPredicateError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a predicate written in `NSPredicate` format syntax, with its arguments in an array.
    ///
    /// - Parameters:
    ///   - format: The predicate, such as `"team.name == %@"`.
    ///   - argumentArray: One argument per format specifier; see ``init(format:_:)``.
    /// - Throws: ``FetchPredicateError`` naming the column at fault, for a syntax error, a missing,
    ///   unsupported or extra argument.
    public init(format: String, argumentArray: [Any?]) throws(FetchPredicateError) {
        self = try PredicateParser.parse(format, arguments: argumentArray)
    }
}

// MARK: Variables

extension FetchPredicate {
    /// The predicate with every `$NAME` replaced by its value, converted like a `%@` argument.
    ///
    /// ```swift
    /// let template = try FetchPredicate(format: "name == $TEAM_NAME")
    /// let poland = try template.substitutingVariables(["TEAM_NAME": "Polen"])
    /// ```
    ///
    /// - Parameter variables: A value for each variable, keyed by name without the `$`; a `nil`
    ///   value stands for `NIL`.
    /// - Returns: The predicate without variables.
    /// - Throws: ``FetchPredicateError`` for a variable without an entry or with a value of an
    ///   unsupported type; its `format` is this predicate's ``predicateFormat``.
    public func substitutingVariables(_ variables: [String: Any?]) throws(FetchPredicateError) -> FetchPredicate {
        func failure(_ kind: FetchPredicateError.Kind) -> FetchPredicateError {
            FetchPredicateError(format: predicateFormat, column: 0, kind)
        }
        func value(of name: String) throws(FetchPredicateError) -> FetchExpression {
            guard let value = variables[name] else { throw failure(.missingVariable(name)) }
            do {
                return try FetchExpression(argument: value)
            } catch {
                throw failure(.unsupportedVariable(name, type: error.type))
            }
        }
        return try replacingVariables(value(of:))
    }

    /// The predicate with every `$NAME` replaced by the expression `replacement` gives for
    /// `NAME`, subqueries included.
    func replacingVariables<Failure: Error>(
        _ replacement: (String) throws(Failure) -> FetchExpression
    ) throws(Failure) -> FetchPredicate {
        switch self {
        case .constant:
            return self
        case .and(let terms):
            return .and(try terms.map { term throws(Failure) in try term.replacingVariables(replacement) })
        case .or(let terms):
            return .or(try terms.map { term throws(Failure) in try term.replacingVariables(replacement) })
        case .not(let term):
            return .not(try term.replacingVariables(replacement))
        case .comparison(var comparison):
            comparison.left = try comparison.left.replacingVariables(replacement)
            comparison.right = try comparison.right.replacingVariables(replacement)
            return .comparison(comparison)
        }
    }
}

extension FetchExpression {
    /// The expression with every `$NAME` replaced by the expression `replacement` gives for
    /// `NAME` (see ``FetchPredicate/replacingVariables(_:)``).
    func replacingVariables<Failure: Error>(
        _ replacement: (String) throws(Failure) -> FetchExpression
    ) throws(Failure) -> FetchExpression {
        func replaced(_ expressions: [FetchExpression]) throws(Failure) -> [FetchExpression] {
            try expressions.map { expression throws(Failure) in try expression.replacingVariables(replacement) }
        }
        switch self {
        case .variable(let name):
            return try replacement(name)
        case .list(let elements):
            return .list(try replaced(elements))
        case .function(let function, let arguments):
            return .function(function, try replaced(arguments))
        case .subquery(let collection, let variable, let predicate):
            return .subquery(collection: collection, variable: variable, predicate: try predicate.replacingVariables(replacement))
        case .keyPath, .constant, .object, .evaluatedObject, .aggregate:
            return self
        }
    }
}

// MARK: Rendering

extension FetchPredicate: CustomStringConvertible {
    /// The predicate in `NSPredicate` format syntax, which parses back to an equal predicate.
    ///
    /// Strings are double-quoted with backslash escapes; values without a literal are written
    /// as casts: `CAST(<seconds since 2001>, "NSDate")`, `CAST("1.5", "NSDecimalNumber")`,
    /// `CAST("<UUID>", "NSUUID")`, `CAST("<URL>", "NSURL")`, `CAST("<Base64>", "NSData")`.
    /// Nested compounds are parenthesized, and so are infix operations inside infix
    /// operations. A few trees have no exact spelling and come back different: a managed
    /// object (`.object`), a compound of fewer than two subpredicates, a function with another
    /// number of arguments than it takes, and keys that are not identifiers.
    public var predicateFormat: String { format(from: nil) }

    /// The predicate's format, with its key paths starting from `base` (`SELF` when `nil`):
    /// inside a `SUBQUERY`, from its variable.
    fileprivate func format(from base: String?) -> String {
        switch self {
        case .constant(let value):
            return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .and(let terms):
            return terms.isEmpty ? "TRUEPREDICATE" : terms.map { $0.compoundOperand(from: base) }.joined(separator: " AND ")
        case .or(let terms):
            return terms.isEmpty ? "FALSEPREDICATE" : terms.map { $0.compoundOperand(from: base) }.joined(separator: " OR ")
        case .not(let term):
            switch term {
            case .and, .or: return "NOT (\(term.format(from: base)))"
            case .constant, .not, .comparison: return "NOT \(term.format(from: base))"
            }
        case .comparison(let comparison):
            return comparison.format(from: base)
        }
    }

    /// The predicate as one operand of `AND` or `OR`.
    private func compoundOperand(from base: String?) -> String {
        switch self {
        case .and, .or: return "(\(format(from: base)))"
        case .constant, .not, .comparison: return format(from: base)
        }
    }

    /// ``predicateFormat``.
    public var description: String { predicateFormat }
}

extension ComparisonPredicate: CustomStringConvertible {
    /// The comparison in `NSPredicate` format syntax, such as `ANY players.position ==[c] "GK"`.
    public var predicateFormat: String { format(from: nil) }

    /// The comparison's format, with its key paths starting from `base` (`SELF` when `nil`).
    fileprivate func format(from base: String?) -> String {
        let prefix: String
        switch modifier {
        case .direct: prefix = ""
        case .any: prefix = "ANY "
        case .all: prefix = "ALL "
        case .none: prefix = "NONE "
        }
        var flags = ""
        if options.contains(.caseInsensitive) { flags += "c" }
        if options.contains(.diacriticInsensitive) { flags += "d" }
        let suffix = flags.isEmpty ? "" : "[\(flags)]"
        let op = Self.spelling(of: self.operator)
        return "\(prefix)\(left.format(from: base)) \(op)\(suffix) \(right.format(from: base))"
    }

    /// How `op` is written: `==`, `BEGINSWITH`.
    static func spelling(of op: Operator) -> String {
        switch op {
        case .equal: return "=="
        case .notEqual: return "!="
        case .lessThan: return "<"
        case .lessThanOrEqual: return "<="
        case .greaterThan: return ">"
        case .greaterThanOrEqual: return ">="
        case .beginsWith: return "BEGINSWITH"
        case .endsWith: return "ENDSWITH"
        case .contains: return "CONTAINS"
        case .like: return "LIKE"
        case .matches: return "MATCHES"
        case .in: return "IN"
        case .between: return "BETWEEN"
        }
    }

    /// ``predicateFormat``.
    public var description: String { predicateFormat }
}

extension FetchExpression: CustomStringConvertible {
    /// The expression in `NSPredicate` format syntax, such as `team.players.@max.number`.
    ///
    /// A managed object is written `CAST("<URI>", "NSManagedObjectID")`, which does not parse:
    /// pass objects as `%@` arguments.
    public var predicateFormat: String { format(from: nil) }

    /// The expression's format, with its key paths starting from `base` (`SELF` when `nil`):
    /// inside `SUBQUERY(players, $p, …)`, `$p.number`.
    fileprivate func format(from base: String?) -> String {
        let object = base ?? "SELF"
        func path(_ keys: [String]) -> String {
            keys.isEmpty ? object : (base.map { $0 + "." } ?? "") + Self.spelling(of: keys)
        }
        switch self {
        case .keyPath(let keys):
            return path(keys)
        case .constant(let value):
            return Self.spelling(of: value)
        case .object(let id):
            return "CAST(\(Self.quoted(id.uriRepresentation.absoluteString)), \"NSManagedObjectID\")"
        case .list(let elements):
            return "{" + elements.map { $0.format(from: base) }.joined(separator: ", ") + "}"
        case .variable(let name):
            return "$" + name
        case .evaluatedObject:
            return object
        case .aggregate(let function, let relationshipPath, let attribute):
            let tail = attribute.map { "." + Self.spelling(of: $0.split(separator: ".").map(String.init)) } ?? ""
            return "\(path(relationshipPath)).@\(function.rawValue)\(tail)"
        case .function(.count, let arguments) where arguments.count == 1 && arguments[0].isSubquery:
            return arguments[0].format(from: base) + ".@count"
        case .function(let function, let arguments):
            if let symbol = function.infixOperator, arguments.count == 2 {
                return "\(arguments[0].infixOperand(from: base)) \(symbol) \(arguments[1].infixOperand(from: base))"
            }
            let name = function.arity > 1 ? function.rawValue : function.rawValue.replacingOccurrences(of: ":", with: "")
            return "\(name)(\(arguments.map { $0.format(from: base) }.joined(separator: ", ")))"
        case .subquery(let collection, let variable, let predicate):
            return "SUBQUERY(\(path(collection)), $\(variable), \(predicate.format(from: "$" + variable)))"
        }
    }

    /// Whether this is a `SUBQUERY`.
    private var isSubquery: Bool {
        if case .subquery = self { return true }
        return false
    }

    /// The expression as an operand of an infix operator: parenthesized when it is one too.
    private func infixOperand(from base: String?) -> String {
        if case .function(let function, let arguments) = self, function.infixOperator != nil, arguments.count == 2 {
            return "(\(format(from: base)))"
        }
        return format(from: base)
    }

    /// ``predicateFormat``.
    public var description: String { predicateFormat }

    /// Keys joined with dots, reserved words escaped; a position (`[FIRST]`) follows its
    /// to-many without a dot.
    private static func spelling(of keys: [String]) -> String {
        var text = ""
        for key in keys {
            if ElementPosition(component: key) != nil {
                text += key
                continue
            }
            let isWord =
                key.first.map { $0.isLetter || $0 == "_" } == true
                && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            text += (text.isEmpty ? "" : ".") + (isWord && reservedWords.contains(key.uppercased()) ? "#" + key : key)
        }
        return text
    }

    /// The parser's keywords and the rest of `NSPredicate`'s reserved words, escaped with `#`
    /// when used as keys.
    private static let reservedWords = PredicateParser.keywords.union([
        "FIRST", "LAST", "SIZE", "ANYKEY", "SUBQUERY", "FETCH", "FUNCTION", "CASEINSENSITIVE", "CI",
    ])

    private static func spelling(of value: AttributeValue) -> String {
        switch value {
        case .null: return "nil"
        case .integer(let v): return String(v)
        case .double(let v): return v.isFinite ? String(v) : "CAST(\(quoted(String(v))), \"NSNumber\")"
        case .decimal(let v): return "CAST(\(quoted(v.description)), \"NSDecimalNumber\")"
        case .string(let v): return quoted(v)
        case .boolean(let v): return v ? "TRUE" : "FALSE"
        case .date(let v): return "CAST(\(v.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .data(let v): return "CAST(\(quoted(v.base64EncodedString())), \"NSData\")"
        case .uuid(let v): return "CAST(\(quoted(v.uuidString)), \"NSUUID\")"
        case .uri(let v): return "CAST(\(quoted(v.absoluteString)), \"NSURL\")"
        }
    }

    /// `text` in double quotes, with quotes, backslashes and control characters escaped.
    ///
    /// The parser reads characters (grapheme clusters), so a scalar that would make one
    /// character with a quote or with the backslash or end of an escape (a combining mark after
    /// one, a prepended mark before one) is escaped too, as `\u{…}`; escaping it may make its
    /// neighbour such a scalar in turn, so this is repeated until nothing changes.
    private static func quoted(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var escapes = scalars.map(fixedEscape)
        var changed = true
        while changed {
            changed = false
            for (index, scalar) in scalars.enumerated() where escapes[index] == nil {
                let before = index == 0 ? "\"" : escapes[index - 1]?.unicodeScalars.last
                let after: Unicode.Scalar? = index + 1 == scalars.count ? "\"" : escapes[index + 1] != nil ? "\\" : nil
                if before.map({ joins($0, scalar) }) == true || after.map({ joins(scalar, $0) }) == true {
                    escapes[index] = unicodeEscape(scalar)
                    changed = true
                }
            }
        }
        var result = "\""
        for (scalar, escape) in zip(scalars, escapes) {
            if let escape { result += escape } else { result.unicodeScalars.append(scalar) }
        }
        return result + "\""
    }

    /// The escape a scalar always needs: quotes, backslashes and control characters.
    private static func fixedEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\0": return "\\0"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: return unicodeEscape(scalar)
        default: return nil
        }
    }

    /// `\u{…}` with the scalar's value in hexadecimal.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// Whether `second` after `first` makes one character with it.
    private static func joins(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 1
    }
}
