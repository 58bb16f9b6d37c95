import Foundation

/// What the functions compute, for the in-memory evaluator and for folding constants; the SQL
/// translation computes the same (``SQLQuery``).
extension ExpressionFunction {
    /// The collection operator the function computes over a list, or `nil` for the others.
    var aggregate: AggregateFunction? {
        switch self {
        case .count: .count
        case .sum: .sum
        case .average: .avg
        case .min: .min
        case .max: .max
        default: nil
        }
    }

    /// The function of single values applied to `arguments`, a result of type `result`.
    ///
    /// A null argument (NaN counts as null) gives null. `+`, `-`, `*` of two integers (or
    /// Booleans) give an integer, or on overflow the double of the same operation, as SQLite
    /// does; otherwise they compute with doubles (dates as seconds since the reference date,
    /// decimals as doubles), a result of type Date being a date. `/` always divides doubles;
    /// `modulus:by:` divides integers, truncating; both give null for a zero divisor. `&` and
    /// `|` work on integers. The last three take a double (an overflowed sum, say) as SQLite
    /// does: truncated, and clamped to the range of `Int64`. `abs:` is `0 - x` for a negative
    /// `x`; `uppercase:`, `lowercase:` and `canonical:` work on strings. Anything else gives
    /// null.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, ``arity`` of them; not for ``now`` and the aggregates.
    ///   - result: The type resolution gave the result.
    func apply(to arguments: [AttributeValue], result: AttributeType) -> AttributeValue {
        let values = arguments.map { value -> AttributeValue in
            if case .double(let d) = value, d.isNaN { return .null }
            return value
        }
        guard !values.contains(where: \.isNull) else { return .null }
        switch self {
        case .uppercase, .lowercase:
            guard case .string(let text) = values[0] else { return .null }
            return .string(self == .uppercase ? text.uppercased() : text.lowercased())
        case .canonical:
            guard case .string(let text) = values[0] else { return .null }
            return .string(StringFolding.fold(text, [.caseInsensitive, .diacriticInsensitive]))
        case .abs:
            if let integer = Self.integer(values[0]) {
                return integer < 0
                    ? Self.subtract.apply(to: [.integer(0), .integer(integer)], result: result) : .integer(integer)
            }
            return values[0].numericValue.map { .double(Swift.abs($0)) } ?? .null
        case .add, .subtract, .multiply:
            if let a = Self.integer(values[0]), let b = Self.integer(values[1]) {
                let (exact, overflow) =
                    switch self {
                    case .add: a.addingReportingOverflow(b)
                    case .subtract: a.subtractingReportingOverflow(b)
                    default: a.multipliedReportingOverflow(by: b)
                    }
                if !overflow { return .integer(exact) }
            }
            guard let a = values[0].numericValue, let b = values[1].numericValue else { return .null }
            let real =
                switch self {
                case .add: a + b
                case .subtract: a - b
                default: a * b
                }
            return Self.real(real, result: result)
        case .divide:
            guard let a = values[0].numericValue, let b = values[1].numericValue, b != 0 else { return .null }
            return Self.real(a / b, result: result)
        case .modulus, .bitwiseAnd, .bitwiseOr:
            guard let a = Self.truncated(values[0]), let b = Self.truncated(values[1]) else { return .null }
            switch self {
            case .modulus: return b == 0 ? .null : .integer(a.remainderReportingOverflow(dividingBy: b).partialValue)
            case .bitwiseAnd: return .integer(a & b)
            default: return .integer(a | b)
            }
        case .now, .count, .sum, .average, .min, .max:
            return .null
        }
    }

    /// An integer or Boolean as an integer, else `nil`.
    private static func integer(_ value: AttributeValue) -> Int64? {
        switch value {
        case .integer(let i): i
        case .boolean(let b): b ? 1 : 0
        default: nil
        }
    }

    /// A number as SQLite converts it to an integer: doubles truncated towards zero and
    /// clamped to the range of `Int64`; `nil` for other values.
    private static func truncated(_ value: AttributeValue) -> Int64? {
        if let integer = integer(value) { return integer }
        guard let real = value.numericValue, !real.isNaN else { return nil }
        if real <= Double(Int64.min) { return .min }
        if real >= Double(Int64.max) { return .max }
        return Int64(real)
    }

    /// A double result: null for NaN, as SQLite gives; a date for a result of type Date.
    private static func real(_ value: Double, result: AttributeType) -> AttributeValue {
        if value.isNaN { return .null }
        return result == .date ? .date(Date(timeIntervalSinceReferenceDate: value)) : .double(value)
    }
}
