import Foundation

extension AttributeType {
    /// `value` in this type's representation, or `nil` when it has none: an integer reads as a
    /// Double, a whole Double as an integer, a string as a URI, anything as itself for
    /// ``undefined``; range checks are left to validation.
    public func coerce(_ value: AttributeValue) -> AttributeValue? {
        switch (self, value) {
        case (_, .null): return .null
        case (.undefined, _): return value
        case (.integer16, .integer), (.integer32, .integer), (.integer64, .integer): return value
        case (.integer16, .double(let d)), (.integer32, .double(let d)), (.integer64, .double(let d)):
            return Int64(exactly: d).map(AttributeValue.integer)
        case (.integer16, .boolean(let b)), (.integer32, .boolean(let b)), (.integer64, .boolean(let b)):
            return .integer(b ? 1 : 0)
        case (.integer16, .decimal(let d)), (.integer32, .decimal(let d)), (.integer64, .decimal(let d)):
            return Int64(exactly: NSDecimalNumber(decimal: d).doubleValue).map(AttributeValue.integer)
        case (.double, .double), (.float, .double): return value
        case (.double, .integer(let i)), (.float, .integer(let i)): return .double(Double(i))
        case (.double, .decimal(let d)), (.float, .decimal(let d)): return .double(NSDecimalNumber(decimal: d).doubleValue)
        case (.decimal, .decimal): return value
        case (.decimal, .integer(let i)): return .decimal(Decimal(i))
        case (.decimal, .double(let d)): return Decimal(string: String(d)).map(AttributeValue.decimal)
        case (.decimal, .string(let s)): return Decimal(decimalNotation: s).map(AttributeValue.decimal)
        case (.string, .string): return value
        case (.boolean, .boolean): return value
        case (.boolean, .integer(let i)) where i == 0 || i == 1: return .boolean(i == 1)
        case (.date, .date): return value
        case (.binary, .data), (.transformable, .data): return value
        case (.uuid, .uuid): return value
        case (.uuid, .string(let s)): return UUID(standardForm: s).map(AttributeValue.uuid)
        case (.uri, .uri): return value
        case (.uri, .string(let s)): return URL(string: s).map(AttributeValue.uri)
        default: return nil
        }
    }
}
