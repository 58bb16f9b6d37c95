import Foundation

extension AttributeType {
    /// `literal` as compared with values of this type in a predicate, or `nil` when the two
    /// cannot be compared (the fetch is then refused rather than matching nothing).
    ///
    /// - Numbers (integers, Double, Float, Decimal) and Booleans compare with number and
    ///   Boolean literals (`YES` is 1): `number > 5.5`, `flag == 1`. A string is not a number,
    ///   however it reads: `number > "5"` is refused.
    /// - Dates compare with dates, and with ISO 8601 strings (``ISO8601DateLiteral``):
    ///   `"1992-01-01"` is midnight UTC of that day, `"1992-01-01T18:00:00+02:00"` that instant.
    ///   A number is refused, not read as seconds since 2001 (write
    ///   `CAST(<seconds>, "NSDate")` for that).
    /// - Strings compare with strings.
    /// - UUIDs compare with UUIDs and with strings in UUID form; URIs with URIs and with
    ///   strings, read as URLs. Binary data and UUIDs compare with each other, by their bytes.
    /// - `nil` compares with every type.
    func comparable(_ literal: AttributeValue) -> AttributeValue? {
        switch (self, literal) {
        case (_, .null): return literal
        case (_, .integer), (_, .double), (_, .decimal), (_, .boolean):
            return isNumeric || self == .boolean ? literal : nil
        case (.string, .string), (.date, .date), (.uri, .uri): return literal
        case (.date, .string(let text)): return ISO8601DateLiteral.date(from: text).map(AttributeValue.date)
        case (.uuid, .string(let text)): return UUID(standardForm: text).map(AttributeValue.uuid)
        case (.uri, .string(let text)): return URL(string: text).map(AttributeValue.uri)
        case (.binary, .data), (.binary, .uuid), (.transformable, .data), (.uuid, .data), (.uuid, .uuid): return literal
        default: return nil
        }
    }
}
