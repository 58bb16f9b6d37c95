import Foundation

/// Comma-separated values as RFC 4180 describes them: a header row, CRLF line ends, and fields
/// quoted when they hold a comma, a quote or a line break (quotes doubled).
struct CSVRenderer {
    /// The header row and the rows, each line ending in CRLF.
    ///
    /// - Parameters:
    ///   - header: The column names.
    ///   - rows: The fields, one per column.
    func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(Self.field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// `text` as one field, quoted if it must be.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
