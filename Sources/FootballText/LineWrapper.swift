/// Lays out a list over several lines for the writers: each line but the last ends with its
/// separator (`,` or `-`), which tells the parser the list goes on.
struct LineWrapper {
    /// The width after which a new line is started.
    let width: Int

    /// The lines of `prefix` followed by `items`, each item followed by its separator
    /// (`", "` or `" - "`) except the last; continuation lines are indented to the prefix's width.
    func wrap(prefix: String, items: [(text: String, separator: String)]) -> [String] {
        var lines: [String] = []
        let indent = String(repeating: " ", count: prefix.count)
        var line = prefix
        var lineHasItem = false
        for (index, item) in items.enumerated() {
            let isLast = index == items.count - 1
            if lineHasItem, line.count + item.text.count > width {
                while line.hasSuffix(" ") { line.removeLast() }
                lines.append(line)
                line = indent
                lineHasItem = false
            }
            line += item.text
            lineHasItem = true
            if !isLast { line += item.separator }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        lines.append(line)
        return lines
    }
}
