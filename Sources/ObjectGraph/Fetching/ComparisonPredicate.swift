/// A comparison such as `number <= 11`, `ANY players.position == "GK"` or
/// `name BEGINSWITH[cd] "ö"`.
public struct ComparisonPredicate: Hashable, Sendable {
    /// How a comparison treats a left-hand side that yields a collection.
    public enum Modifier: Hashable, Sendable {
        /// Compare the value itself.
        case direct
        /// `ANY`/`SOME`: at least one element satisfies the comparison.
        case any
        /// `ALL`: every element satisfies the comparison.
        case all
        /// `NONE`: no element satisfies the comparison.
        case none
    }

    /// The comparison operator.
    public enum Operator: Hashable, Sendable {
        /// `==` or `=`
        case equal
        /// `!=` or `<>`
        case notEqual
        /// `<`
        case lessThan
        /// `<=` or `=<`
        case lessThanOrEqual
        /// `>`
        case greaterThan
        /// `>=` or `=>`
        case greaterThanOrEqual
        /// `BEGINSWITH`
        case beginsWith
        /// `ENDSWITH`
        case endsWith
        /// `CONTAINS`
        case contains
        /// `LIKE`, with `*` matching any run of characters and `?` one character.
        case like
        /// `MATCHES`, a regular expression that must match the whole string.
        case matches
        /// `IN`: the left value is an element of the right-hand list.
        case `in`
        /// `BETWEEN {low, high}`, inclusive on both ends.
        case between
    }

    /// String comparison options written in brackets after the operator.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates options from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `[c]`: ignore case.
        public static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`: ignore diacritics.
        public static let diacriticInsensitive = Options(rawValue: 2)
    }

    /// `ANY`, `ALL`, `NONE` or none of them.
    public var modifier: Modifier
    /// The left-hand expression.
    public var left: FetchExpression
    /// The operator.
    public var `operator`: Operator
    /// The right-hand expression.
    public var right: FetchExpression
    /// `[c]`, `[d]`, `[cd]`.
    public var options: Options

    /// Creates a comparison.
    public init(
        _ left: FetchExpression, _ operator: Operator, _ right: FetchExpression,
        modifier: Modifier = .direct, options: Options = []
    ) {
        self.left = left
        self.operator = `operator`
        self.right = right
        self.modifier = modifier
        self.options = options
    }
}
