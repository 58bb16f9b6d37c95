import Foundation

/// Columns of text for a terminal: the first column left-aligned, the others right-aligned,
/// two spaces apart.
///
/// A line with fewer cells than the header is a note: its first cell is aligned as the first
/// column, and the rest follows as it is, whatever the other columns' widths.
struct TextTable {
    /// The column titles.
    var header: [String]
    /// The lines below the header, a cell per column (or fewer, for a note).
    var lines: [[String]] = []

    /// The table, one line of text per line, the header first.
    var text: String {
        let all = [header] + lines
        var widths = header.map(\.count)
        for line in all {
            for (index, cell) in line.enumerated() where line.count == header.count || index == 0 {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return all.map { line in
            line.enumerated().map { index, cell in
                if index == 0 { return cell.padding(toLength: widths[0], withPad: " ", startingAt: 0) }
                guard line.count == header.count else { return cell }
                return String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
