/// A value to print: the shape JSON needs, which table and CSV output flatten to text.
enum OutputValue: Equatable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// True or false.
    case boolean(Bool)
    /// No value.
    case null
    /// An ordered list.
    indirect case array([OutputValue])
    /// Named values in a fixed order (JSON keys keep this order).
    indirect case object([Member])

    /// A named value of an ``object(_:)``.
    struct Member: Equatable {
        /// The key.
        let key: String
        /// The value.
        let value: OutputValue
    }

    /// ``string(_:)``, or ``null`` when `nil`.
    init(_ text: String?) {
        self = text.map(OutputValue.string) ?? .null
    }

    /// ``integer(_:)``, or ``null`` when `nil`.
    init(_ number: (some BinaryInteger)?) {
        self = number.map { .integer(Int($0)) } ?? .null
    }

    /// The value as one cell of text: empty for ``null``, `true`/`false`, lists joined by
    /// ", ".
    var text: String {
        switch self {
        case .string(let text): text
        case .integer(let number): String(number)
        case .boolean(let flag): String(flag)
        case .null: ""
        case .array(let values): values.map(\.text).joined(separator: ", ")
        case .object(let members): members.map { "\($0.key)=\($0.value.text)" }.joined(separator: ", ")
        }
    }
}
