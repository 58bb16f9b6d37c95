extension Listing {
    /// The listing as an HTML table: its table columns under real column headers, `caption`
    /// as its caption, each cell of the class `col-KEY` and numbers also of `num`; an empty
    /// listing says its ``emptyMessage`` in one row.
    func html(caption: String) -> String {
        let shown = columns.indices.filter { columns[$0].isInTable }
        let numeric = { (index: Int) in
            " class=\"col-\(self.columns[index].key.xmlEscaped)\(self.columns[index].isNumeric ? " num" : "")\""
        }
        var html = "<table>\n<caption>\(caption.xmlEscaped)</caption>\n<thead><tr>"
        for index in shown { html += "<th scope=\"col\"\(numeric(index))>\(columns[index].title.xmlEscaped)</th>" }
        html += "</tr></thead>\n<tbody>\n"
        if rows.isEmpty, let emptyMessage {
            html += "<tr><td colspan=\"\(shown.count)\">\(emptyMessage.xmlEscaped)</td></tr>\n"
        }
        for row in rows {
            html += "<tr>"
            for index in shown { html += "<td\(numeric(index))>\(row[index].text.xmlEscaped)</td>" }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}
