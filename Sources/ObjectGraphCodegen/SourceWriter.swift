/// Accumulates indented lines of Swift source.
struct SourceWriter {
    private(set) var text = ""
    private var depth = 0

    init(header: String, imports: [String]) {
        line(header)
        line()
        for module in imports { line("import \(module)") }
        line()
    }

    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    mutating func indent(_ body: (inout SourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// The longest line `swift format` accepts: one column less than `.swift-format`'s
    /// `lineLength`, which it does not let a line reach.
    static let lineLength = 129

    /// How many columns the current indentation takes.
    var indentation: Int { depth * 4 }

    /// A string literal holding `text`: quotes, backslashes and control characters escaped.
    static func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
