/// A function of ``FetchExpression/function(_:_:)``, named as `NSExpression(forFunction:arguments:)`
/// names it.
public enum ExpressionFunction: String, Hashable, Sendable, CaseIterable {
    /// `count:`: how many elements a list, a to-many or a `SUBQUERY` holds.
    case count = "count:"
    /// `sum:` of a list's numbers or of an attribute over a to-many.
    case sum = "sum:"
    /// `average:` of a list's numbers or of an attribute over a to-many.
    case average = "average:"
    /// `min:` of a list's values or of an attribute over a to-many.
    case min = "min:"
    /// `max:` of a list's values or of an attribute over a to-many.
    case max = "max:"
    /// `abs:`: the absolute value of a number.
    case abs = "abs:"
    /// `now`: the current date, taken once per fetch.
    case now = "now"
    /// `uppercase:`: a string in upper case.
    case uppercase = "uppercase:"
    /// `lowercase:`: a string in lower case.
    case lowercase = "lowercase:"
    /// `canonical:`: a string with case and diacritics folded away, as derived attributes
    /// keep text for searching (`"Crème"` gives `"creme"`).
    case canonical = "canonical:"
    /// `add:to:`, written `a + b`.
    case add = "add:to:"
    /// `from:subtract:`, written `a - b`.
    case subtract = "from:subtract:"
    /// `multiply:by:`, written `a * b`.
    case multiply = "multiply:by:"
    /// `divide:by:`, written `a / b`: a floating-point quotient, null when dividing by zero.
    case divide = "divide:by:"
    /// `modulus:by:`: the remainder of two integers, null when dividing by zero.
    case modulus = "modulus:by:"
    /// `bitwiseAnd:with:`, written `a & b`, of two integers.
    case bitwiseAnd = "bitwiseAnd:with:"
    /// `bitwiseOr:with:`, written `a | b`, of two integers.
    case bitwiseOr = "bitwiseOr:with:"

    /// How many arguments the function takes.
    public var arity: Int {
        switch self {
        case .now: 0
        case .count, .sum, .average, .min, .max, .abs, .uppercase, .lowercase, .canonical: 1
        case .add, .subtract, .multiply, .divide, .modulus, .bitwiseAnd, .bitwiseOr: 2
        }
    }

    /// The infix operator the function is written with (`+`, `-`, `*`, `/`, `&`, `|`), if any.
    public var infixOperator: String? {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .bitwiseAnd: "&"
        case .bitwiseOr: "|"
        default: nil
        }
    }

    /// The function named `name` as written in a format, without or with the colons of its
    /// selector (`abs`, `abs:`, `bitwiseand:with:`), in any letter case.
    init?(named name: String) {
        let lowered = name.lowercased()
        guard
            let function = Self.allCases.first(where: {
                $0.rawValue.lowercased() == lowered || $0.rawValue.lowercased() == lowered + ":"
            })
        else { return nil }
        self = function
    }
}
