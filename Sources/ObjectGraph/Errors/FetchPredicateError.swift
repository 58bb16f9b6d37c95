/// A predicate format string that cannot be parsed, or a predicate whose variables or arguments
/// cannot be filled in, naming the column at fault.
///
/// ```swift
/// do {
///     _ = try FetchPredicate(format: "number <= ")
/// } catch {
///     print(error)  // predicate syntax error at column 11: expected a value after '<=', found end of input
/// }
/// ```
public struct FetchPredicateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// The format breaks the grammar: the parser looked for `expected` and found the token
        /// `found` (its text as written, or "end of input").
        case syntax(expected: String, found: String)
        /// `$NAME` has no entry in the substitution variables.
        case missingVariable(String)
        /// The format specifier using argument `index` (0-based) has no argument.
        case missingArgument(index: Int)
        /// The argument at `index` (0-based) has a type its specifier cannot take, named by `type`.
        case unsupportedArgument(index: Int, type: String)
        /// The value given for `$NAME` has a type a predicate cannot hold, named by `type`.
        case unsupportedVariable(String, type: String)
        /// The format uses fewer arguments than it was given; `count` were left over.
        case extraArguments(count: Int)
        /// The key path `keyPath` is compared with `literal`, a value its values cannot be
        /// compared with and that no rule converts: `born < 1985` for a Date attribute `born`,
        /// `number > "5"` for a number. `type` names what the key path yields: an attribute
        /// type's name (``AttributeType/xcodeName``, e.g. `"Date"`) or `"relationship to Team"`.
        case mismatchedLiteral(keyPath: String, type: String, literal: AttributeValue)
        /// A string operator (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, spelled
        /// in `operator`) has the key path `keyPath` on a side, which yields no strings but
        /// values of `type` (named as in ``mismatchedLiteral(keyPath:type:literal:)``).
        case mismatchedOperator(keyPath: String, type: String, operator: String)
        /// `name(…)` calls no function ``ExpressionFunction`` knows.
        case unknownFunction(String)
    }

    /// The format string being parsed, or the predicate's ``FetchPredicate/predicateFormat``
    /// when substituting variables.
    public var format: String
    /// The 1-based column, in characters, of the offending token; 0 when no single place is at
    /// fault (missing variables, extra arguments).
    public var column: Int
    /// What is wrong.
    public var kind: Kind

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - format: The format string being parsed.
    ///   - column: The 1-based column of the offending token, or 0.
    ///   - kind: What is wrong.
    public init(format: String, column: Int, _ kind: Kind) {
        self.format = format
        self.column = column
        self.kind = kind
    }

    /// One line saying where and what, without the format string.
    public var description: String {
        let place = column > 0 ? " at column \(column)" : ""
        switch kind {
        case .syntax(let expected, let found):
            let token = found == Self.endOfInput ? found : Self.quoted(found)
            return "predicate syntax error\(place): expected \(expected), found \(token)"
        case .missingVariable(let name):
            return "predicate error\(place): no value for variable '$\(name)'"
        case .missingArgument(let index):
            return "predicate argument error\(place): missing argument at index \(index)"
        case .unsupportedArgument(let index, let type):
            return "predicate argument error\(place): argument at index \(index) has unsupported type '\(type)'"
        case .unsupportedVariable(let name, let type):
            return "predicate error\(place): value for variable '$\(name)' has unsupported type '\(type)'"
        case .extraArguments(let count):
            let arguments = count == 1 ? "1 argument" : "\(count) arguments"
            return "predicate argument error\(place): \(arguments) more than the format uses"
        case .mismatchedLiteral(let keyPath, let type, let literal):
            return "predicate type error: '\(keyPath)' (\(type)) cannot be compared with \(Self.phrase(for: literal))"
                + Self.hint(for: type, literal: literal)
        case .mismatchedOperator(let keyPath, let type, let op):
            return "predicate type error: '\(keyPath)' (\(type)) cannot be compared with \(op), which compares strings"
        case .unknownFunction(let name):
            let known = ExpressionFunction.allCases.map(\.rawValue).joined(separator: ", ")
            return "predicate error\(place): unknown function '\(name)'; the functions are \(known)"
        }
    }

    /// A literal with its kind: `the number 1985`, `the string "5"`.
    private static func phrase(for literal: AttributeValue) -> String {
        let kind =
            switch literal {
            case .null: "the value"
            case .integer, .double, .decimal: "the number"
            case .string: "the string"
            case .boolean: "the Boolean"
            case .date: "the date"
            case .data: "the data"
            case .uuid: "the UUID"
            case .uri: "the URI"
            }
        return "\(kind) \(FetchExpression.constant(literal).predicateFormat)"
    }

    /// How a literal for values of `type` is written, after a semicolon; empty when there is
    /// nothing to say.
    private static func hint(for type: String, literal: AttributeValue) -> String {
        switch AttributeType(rawValue: type) {
        case .date?:
            return #"; write a date as a string such as "1992-01-01" or "1992-01-01T18:00:00+02:00""#
        case let number? where number.isNumeric || number == .boolean:
            if case .string = literal { return "; write a number without quotes" }
            return ""
        case .uuid?:
            return #"; write a UUID as a string such as "E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#
        case nil:
            return "; compare one of its attributes, or an object"
        default:
            return ""
        }
    }

    /// The `found` text of a syntax error at the end of the format.
    static let endOfInput = "end of input"

    /// `text` in single quotes (double quotes when it holds a single quote), on one line.
    private static func quoted(_ text: String) -> String {
        let line = text.unicodeScalars.map { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case _ where [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory):
                "\\u{\(String(scalar.value, radix: 16))}"
            default: String(scalar)
            }
        }.joined()
        return line.contains("'") ? "\"\(line)\"" : "'\(line)'"
    }
}
