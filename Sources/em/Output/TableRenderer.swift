/// Text in aligned columns for people: a header row, then one line per row, columns two spaces
/// apart, no trailing spaces; within a width when one is given.
///
/// ```
/// NO  GIVENNAME  NAME    POSITION
///  1  Manuel     Neuer   GK
/// 19  Mario      Götze   MF
/// ```
///
/// Columns are as wide as their widest cell in terminal columns (``String/displayWidth``), so
/// that wide characters and combining marks keep them aligned. A table too wide for its width
/// gives way column by column, as ``fits`` say: columns that may be left out are first
/// shortened, then left out, least needed first; then the other columns that may be shortened
/// are; a cell shortened ends in `…`. Only a table that still does not fit has its lines cut.
struct TableRenderer {
    /// How a column gives way when the table is too wide.
    struct Fit {
        /// Whether its cells may be shortened (names, venues), down to ``minimumWidth``.
        var shortens = false
        /// When it is left out, if it may be: the lowest rank first.
        var dropRank: Int?

        /// A column that keeps its cells whole and always shows.
        static let fixed = Fit()
        /// A column whose cells may be shortened.
        static let shortens = Fit(shortens: true)
        /// A column that may be left out, at `rank`.
        static func dropped(_ rank: Int) -> Fit { Fit(dropRank: rank) }
        /// A column whose cells may be shortened, and which may be left out at `rank`.
        static func shortensThenDropped(_ rank: Int) -> Fit { Fit(shortens: true, dropRank: rank) }
    }

    /// The header of each column.
    var headers: [String]
    /// Whether each column is right-aligned (numbers); left-aligned otherwise.
    var rightAligned: [Bool]
    /// How each column gives way when the table is too wide.
    var fits: [Fit]
    /// What separates two columns.
    var gutter = "  "

    /// The fewest columns a shortened cell keeps, `…` included.
    static let minimumWidth = 8

    /// Creates a renderer for columns with these headers, left-aligned unless `rightAligned`
    /// says otherwise, fixed unless `fits` says otherwise.
    init(headers: [String], rightAligned: [Bool]? = nil, fits: [Fit]? = nil) {
        self.headers = headers
        self.rightAligned = rightAligned ?? headers.map { _ in false }
        self.fits = fits ?? headers.map { _ in .fixed }
    }

    /// The header and `rows`, aligned, each line ending in a newline; empty when there are no
    /// rows.
    ///
    /// - Parameters:
    ///   - rows: Cells, one per header; a cell is one line.
    ///   - width: The most columns a line may take, or `nil` for no limit.
    func render(_ rows: [[String]], width: Int? = nil) -> String {
        guard !rows.isEmpty else { return "" }
        return lines([headers] + rows, width: width).map { $0 + "\n" }.joined()
    }

    /// `rows` aligned, without the header and without line ends; the columns are as wide as
    /// the widest cell of `rows`, less what fitting `width` takes.
    ///
    /// - Parameters:
    ///   - rows: Cells, one per header.
    ///   - width: The most columns a line may take, or `nil` for no limit.
    func lines(_ rows: [[String]], width: Int? = nil) -> [String] {
        let natural = headers.indices.map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
        let all = Array(headers.indices)
        guard let width else { return aligned(rows, columns: all, widths: natural) }
        let droppable = all.filter { fits[$0].dropRank != nil }.sorted { fits[$0].dropRank! < fits[$1].dropRank! }
        for dropped in 0...droppable.count {
            let shown = all.filter { !droppable.prefix(dropped).contains($0) }
            let lastChance = dropped == droppable.count
            let shortening = shown.filter { fits[$0].shortens && (lastChance || fits[$0].dropRank != nil) }
            if let widths = fitted(natural, shown: shown, shortening: shortening, width: width) {
                return aligned(rows, columns: shown, widths: widths)
            }
        }
        let shown = all.filter { fits[$0].dropRank == nil }
        var widths = natural
        for column in shown where fits[column].shortens { widths[column] = min(widths[column], Self.minimumWidth) }
        return aligned(rows, columns: shown, widths: widths).map { $0.truncated(toWidth: width) }
    }

    /// `natural` with the columns of `shortening` narrowed, the widest first, until the
    /// columns `shown` fit `width`; `nil` when they cannot.
    private func fitted(_ natural: [Int], shown: [Int], shortening: [Int], width: Int) -> [Int]? {
        var widths = natural
        var total = shown.reduce(0) { $0 + widths[$1] } + gutter.count * max(0, shown.count - 1)
        while total > width {
            guard let widest = shortening.filter({ widths[$0] > Self.minimumWidth }).max(by: { widths[$0] < widths[$1] })
            else { return nil }
            widths[widest] -= 1
            total -= 1
        }
        return widths
    }

    /// The `columns` of `rows`, each cell shortened to its column's width and padded to it.
    private func aligned(_ rows: [[String]], columns: [Int], widths: [Int]) -> [String] {
        rows.map { row in
            columns.map { column in
                row[column].truncated(toWidth: widths[column]).padded(toWidth: widths[column], leading: rightAligned[column])
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
