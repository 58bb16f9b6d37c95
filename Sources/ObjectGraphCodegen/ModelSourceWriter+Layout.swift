/// Laying out the generated Swift: an expression on one line when it fits, else broken.
extension ModelSourceWriter {
    /// A Swift expression, laid out on one line when it fits the line length, else broken.
    indirect enum Code {
        /// Text that never breaks.
        case text(String)
        /// `label: code`.
        case labeled(String, Code)
        /// A call or an array literal: `open`, the items separated by commas, `close`; with
        /// `alwaysBreaks`, more than one item are laid out one per line even when they fit one.
        case list(open: String, [Code], close: String, style: ListStyle, alwaysBreaks: Bool = false)

        /// The expression on one line.
        var flat: String {
            switch self {
            case .text(let text): return text
            case .labeled(let label, let code): return "\(label): \(code.flat)"
            case .list(let open, let items, let close, _, _): return open + items.map(\.flat).joined(separator: ", ") + close
            }
        }

        /// Whether the expression, or one within, is broken whatever its length.
        var breaks: Bool {
            switch self {
            case .text: return false
            case .labeled(_, let code): return code.breaks
            // A single element stays on its line: `swift format` would join it with the brackets.
            case .list(_, let items, _, _, let always): return (always && items.count > 1) || items.contains(where: \.breaks)
            }
        }
    }

    /// How a broken list is laid out.
    enum ListStyle {
        /// Arguments: packed onto the following lines and closed on the last one when none
        /// needs breaking, else one per line and closed on a line of its own.
        case call
        /// Elements: one per line, each followed by a comma, closed on a line of its own.
        case array
    }

    /// Writes `code` after `prefix` and before `suffix`, broken where the line is too long.
    static func layout(_ code: Code, prefix: String = "", suffix: String = "", to out: inout SourceWriter) {
        let flat = prefix + code.flat + suffix
        if !code.breaks, out.indentation + flat.count <= SourceWriter.lineLength {
            out.line(flat)
            return
        }
        switch code {
        case .text(let text):
            out.line(prefix + text + suffix)
        case .labeled(let label, let inner):
            layout(inner, prefix: prefix + label + ": ", suffix: suffix, to: &out)
        case .list(let open, let items, let close, .call, _)
        where !code.breaks && !items.isEmpty && fitsPacked(items, close: close + suffix, indentation: out.indentation + 4):
            // Each argument followed by a comma, the last by the closing parenthesis.
            let pieces = items.map { $0.flat + "," }.dropLast() + [items[items.count - 1].flat + close + suffix]
            out.line(prefix + open)
            out.indent { out in
                var line = ""
                for piece in pieces {
                    if !line.isEmpty, out.indentation + line.count + 1 + piece.count > SourceWriter.lineLength {
                        out.line(line)
                        line = ""
                    }
                    line += (line.isEmpty ? "" : " ") + piece
                }
                out.line(line)
            }
        case .list(let open, let items, let close, let style, _):
            out.line(prefix + open)
            out.indent { out in
                for (index, item) in items.enumerated() {
                    // `swift format` wants the last element's comma in arrays of more than one.
                    let hasComma = index < items.count - 1 || (style == .array && items.count > 1)
                    layout(item, suffix: hasComma ? "," : "", to: &out)
                }
            }
            out.line(close + suffix)
        }
    }

    /// Whether each of `items`, the last followed by `close`, fits a line at `indentation`.
    private static func fitsPacked(_ items: [Code], close: String, indentation: Int) -> Bool {
        items.indices.allSatisfy { index in
            let piece = items[index].flat + (index == items.count - 1 ? close : ",")
            return indentation + piece.count <= SourceWriter.lineLength
        }
    }
}
