/// Literals for archived values: `["sea", 2026, true]` is an array of a string, an integer and
/// a Boolean; `["name": "Kiel"]` a dictionary.
extension ArchivedValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }

    /// An integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// A floating-point number.
    public init(floatLiteral value: Double) { self = .double(value) }

    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }

    /// An array.
    public init(arrayLiteral elements: ArchivedValue...) { self = .array(elements) }

    /// A dictionary; of keys written twice, the last wins.
    public init(dictionaryLiteral elements: (ArchivedValue, ArchivedValue)...) {
        self = .dictionary(Dictionary(elements) { _, last in last })
    }
}
