import Foundation

/// `CAST(value, "Type")`: the literals of dates and other values without one of their own.
extension PredicateParser {
    /// `CAST(value, "Type")`, the way dates and other values without a literal are written.
    mutating func cast() throws(FetchPredicateError) -> FetchExpression {
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
}
