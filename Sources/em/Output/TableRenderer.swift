/// Text in aligned columns for people: a header row, then one line per row, columns two spaces
/// apart, no trailing spaces.
///
/// ```
/// NO  GIVENNAME  NAME    POSITION
///  1  Manuel     Neuer   GK
/// 19  Mario      Götze   MF
/// ```
struct TableRenderer {
    /// The header of each column.
    var headers: [String]
    /// Whether each column is right-aligned (numbers); left-aligned otherwise.
    var rightAligned: [Bool]

    /// Creates a renderer for columns with these headers, left-aligned unless `rightAligned`
    /// says otherwise.
    init(headers: [String], rightAligned: [Bool]? = nil) {
        self.headers = headers
        self.rightAligned = rightAligned ?? headers.map { _ in false }
    }
    /// What separates two columns.
    var gutter = "  "

    /// The header and `rows`, aligned, each line ending in a newline; empty when there are no
    /// rows.
    ///
    /// - Parameter rows: Cells, one per header; a cell is one line.
    func render(_ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "" }
        return lines([headers] + rows).map { $0 + "\n" }.joined()
    }

    /// `rows` aligned, without the header and without line ends; the columns are as wide as
    /// the widest cell of `rows`.
    ///
    /// - Parameter rows: Cells, one per header.
    func lines(_ rows: [[String]]) -> [String] {
        let widths = headers.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return rightAligned[column] ? padding + row[column] : row[column] + padding
            }
            .joined(separator: gutter)
            .trimmingTrailingSpaces()
        }
    }
}

extension String {
    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
