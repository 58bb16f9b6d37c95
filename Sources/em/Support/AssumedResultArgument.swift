import ArgumentParser
import EMPlanner

/// The text of a what-if's assumed result, `MATCH SCORE [--aet] [--pens SCORE]`, as `--if`
/// takes it.
enum AssumedResultArgument {
    /// The form of an assumed result, for error messages.
    static let form = "MATCH SCORE [--aet] [--pens SCORE], such as \"GER-SCO 2:1\" or \"45 1:1 --aet --pens 4:3\""

    /// Reads `MATCH SCORE` as `em result` takes them: a match, a score such as `2:1`, and for a
    /// knockout match `--aet` and `--pens 4:3`.
    static func parse(_ text: String) throws -> Reports.AssumedResult {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count >= 2 else { throw ValidationError("expected \(form), got \"\(text)\"") }
        let score = try ScoreArgument.parse(words[1])
        var result = Reports.AssumedResult(match: words[0], score: .init(score.home, score.away))
        var rest = words.dropFirst(2)
        while let word = rest.popFirst() {
            switch word {
            case "--aet" where !result.afterExtraTime:
                result.afterExtraTime = true
            case "--pens" where result.penalties == nil:
                guard let kicks = rest.popFirst() else {
                    throw ValidationError("--pens needs the shoot-out's score in \"\(text)\"")
                }
                let penalties = try ScoreArgument.parse(kicks)
                result.penalties = .init(penalties.home, penalties.away)
            default:
                throw ValidationError("expected \(form), got \"\(word)\" in \"\(text)\"")
            }
        }
        return result
    }
}
