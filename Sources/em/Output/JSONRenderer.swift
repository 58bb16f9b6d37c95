/// Pretty-printed JSON with keys in the order given (not sorted, not hashed), two-space
/// indentation, and no trailing newline: stable output for scripts.
struct JSONRenderer {
    /// The indentation of one level.
    var indent = "  "

    /// `value` as JSON text.
    func render(_ value: OutputValue) -> String {
        render(value, depth: 0)
    }

    private func render(_ value: OutputValue, depth: Int) -> String {
        let inner = String(repeating: indent, count: depth + 1)
        let outer = String(repeating: indent, count: depth)
        switch value {
        case .string(let text): return Self.quoted(text)
        case .integer(let number): return String(number)
        case .boolean(let flag): return String(flag)
        case .null: return "null"
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            let items = values.map { inner + render($0, depth: depth + 1) }
            return "[\n" + items.joined(separator: ",\n") + "\n" + outer + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let items = members.map { inner + Self.quoted($0.key) + ": " + render($0.value, depth: depth + 1) }
            return "{\n" + items.joined(separator: ",\n") + "\n" + outer + "}"
        }
    }

    /// `text` as a JSON string literal (RFC 8259): quotes, backslashes and control characters
    /// escaped, everything else as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
