/// The candidates closest to a misspelt word, for "did you mean" hints.
///
/// A candidate is close when it differs from the word by few edits (a letter added, dropped,
/// changed, or two neighbours swapped: at most one per four letters, and at least one), or
/// when the word, three letters or more, begins the candidate or one of its words (`Czech`
/// for `Czech Republic`). Case and diacritics are ignored.
public enum Suggestions {
    /// The candidates close to `word`, closest first (ties in the candidates' order).
    ///
    /// - Parameters:
    ///   - word: What the user typed.
    ///   - candidates: What the word may have meant to name.
    ///   - limit: The most candidates returned.
    /// - Complexity: O(*n* · *m*²) for *n* candidates of about *m* letters.
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let typedText = TournamentRules.fold(word)
        let typed = Array(typedText.unicodeScalars)
        guard !typed.isEmpty else { return [] }
        let allowed = max(1, typed.count / 4)
        var scored: [(distance: Int, order: Int, candidate: String)] = []
        for (order, candidate) in candidates.enumerated() where !scored.contains(where: { $0.candidate == candidate }) {
            let folded = TournamentRules.fold(candidate)
            if folded == typedText { continue }
            let distance = editDistance(typed, Array(folded.unicodeScalars), atMost: allowed)
            if let distance {
                scored.append((distance, order, candidate))
            } else if typed.count >= 3, beginsAWord(of: folded, with: typedText) {
                scored.append((allowed + 1, order, candidate))
            }
        }
        scored.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        return scored.prefix(limit).map(\.candidate)
    }

    /// "did you mean A, B or C?" for a non-empty list.
    static func phrase(_ suggestions: [String]) -> String {
        var text = suggestions.last ?? ""
        if suggestions.count > 1 {
            text = suggestions.dropLast().joined(separator: ", ") + " or " + text
        }
        return "did you mean \(text)?"
    }

    /// Whether `text` or one of its words begins with `prefix`.
    private static func beginsAWord(of text: String, with prefix: String) -> Bool {
        text.split(whereSeparator: { $0 == " " || $0 == "-" }).contains { $0.hasPrefix(prefix) }
    }

    /// The optimal string alignment distance of `a` and `b`, or `nil` when it exceeds `limit`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforeLast = [Int](repeating: 0, count: b.count + 1)
        var last = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(last[j] + 1, current[j - 1] + 1, last[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforeLast[j - 2] + 1)
                }
            }
            (beforeLast, last, current) = (last, current, beforeLast)
        }
        return last[b.count] <= limit ? last[b.count] : nil
    }
}
