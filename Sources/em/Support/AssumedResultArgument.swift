import ArgumentParser
import EMPlanner

/// The text of a what-if's assumed result, `MATCH SCORE`, as `--if` takes it.
enum AssumedResultArgument {
    /// Reads `MATCH SCORE`: a match as `em result` takes it and a score such as `2:1`.
    static func parse(_ text: String) throws -> Reports.AssumedResult {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == 2 else {
            throw ValidationError("expected MATCH SCORE, such as \"GER-SCO 2:1\" or \"1 2:1\", got \"\(text)\"")
        }
        let score = try ScoreArgument.parse(words[1])
        return Reports.AssumedResult(match: words[0], score: .init(score.home, score.away))
    }
}
