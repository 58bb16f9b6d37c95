/// Rows of values under named columns: what `list`, `schedule` and friends print, in any
/// ``OutputFormat``.
struct Listing {
    /// A column: its key (JSON key, CSV header) and how a table shows it.
    struct Column {
        /// The JSON key and CSV header.
        let key: String
        /// The table header.
        let title: String
        /// Whether table cells are right-aligned (numbers).
        let isNumeric: Bool
        /// Whether a table shows the column; JSON shows every column.
        let isInTable: Bool
        /// Whether CSV shows the column: not one of nested values, which JSON has whole.
        let isInCSV: Bool
        /// How the column gives way in a table too wide for the terminal.
        let fit: TableRenderer.Fit

        /// Creates a column; the table header is the key in capitals unless given.
        init(
            _ key: String, title: String? = nil, numeric: Bool = false, inTable: Bool = true, inCSV: Bool = true,
            fit: TableRenderer.Fit = .fixed
        ) {
            self.key = key
            self.title = title ?? key.uppercased()
            self.isNumeric = numeric
            self.isInTable = inTable
            self.isInCSV = inCSV
            self.fit = fit
        }
    }

    /// The columns, in order.
    let columns: [Column]
    /// The rows; each has one value per column.
    var rows: [[OutputValue]]
    /// What a table says under its header when there are no rows (`no players match`); with
    /// none, an empty table prints nothing.
    var emptyMessage: String?
    /// Whether an empty table with an ``emptyMessage`` prints its header above it; without,
    /// the message is its one line (`no goals recorded`).
    var showsHeaderWhenEmpty = true

    /// Builds a listing from `items`, one row each.
    ///
    /// - Parameters:
    ///   - columns: The columns.
    ///   - items: The things listed.
    ///   - row: The values of an item, one per column.
    init<Item>(_ columns: [Column], _ items: some Sequence<Item>, row: (Item) throws -> [OutputValue]) rethrows {
        self.columns = columns
        self.rows = try items.map(row)
    }

    /// Makes an empty table print `message` as its one line.
    mutating func saysWhenEmpty(_ message: String) {
        emptyMessage = message
        showsHeaderWhenEmpty = false
    }

    /// The rows as JSON objects, keys in column order.
    var objects: OutputValue {
        .array(rows.map { row in .object(zip(columns, row).map { OutputValue.Member(key: $0.key, value: $1) }) })
    }

    /// The listing printed in `format`, ending in a newline (for an empty table, only the
    /// header and ``emptyMessage``, or nothing without one).
    ///
    /// - Parameters:
    ///   - format: How to print.
    ///   - width: The columns a table fits in (see ``TableRenderer``); by default the
    ///     terminal's, none when standard output is no terminal.
    func rendered(as format: OutputFormat, width: Int? = Terminal.width) -> String {
        switch format {
        case .table:
            let shown = columns.indices.filter { columns[$0].isInTable }
            let table = TableRenderer(
                headers: shown.map { columns[$0].title }, rightAligned: shown.map { columns[$0].isNumeric },
                fits: shown.map { columns[$0].fit })
            guard rows.isEmpty, let emptyMessage else {
                return table.render(rows.map { row in shown.map { row[$0].text } }, width: width)
            }
            let header = showsHeaderWhenEmpty ? table.lines([table.headers], width: width).joined() + "\n" : ""
            return header + emptyMessage + "\n"
        case .json:
            return JSONRenderer().render(objects) + "\n"
        case .csv:
            let shown = columns.indices.filter { columns[$0].isInCSV }
            return CSVRenderer().render(
                header: shown.map { columns[$0].key }, rows: rows.map { row in shown.map { row[$0].text } })
        }
    }
}
