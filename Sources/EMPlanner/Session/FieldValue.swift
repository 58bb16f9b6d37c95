/// The value of one field of a changed object, as people and scripts read it: a team as its
/// code, a match as its id, a date as `YYYY-MM-DD`, a result as `2:1 aet`.
public enum FieldValue: Equatable, Sendable, CustomStringConvertible {
    /// Text.
    case text(String)
    /// A whole number.
    case number(Int)
    /// Yes or no.
    case flag(Bool)

    /// The value as text: numbers in digits, flags as `yes` or `no`.
    public var description: String {
        switch self {
        case .text(let text): text
        case .number(let number): String(number)
        case .flag(let flag): flag ? "yes" : "no"
        }
    }
}
