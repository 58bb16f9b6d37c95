/// The parts of a match line's result as they are read, turned into a `ScoreLine` once the
/// line is read in full (a trailing `(aet)` changes what the score before the teams means).
struct ScorePhrase {
    /// The penalties written before the score (`3-0 pen. 0-0 a.e.t.`) or after it (`2-2 a.e.t., 5-3 pen.`).
    var penalties: GoalPair?
    /// The first score that is not the penalties'.
    var primary: GoalPair
    /// Whether `a.e.t.` follows the primary score.
    var extraTime = false
    /// The scores in the bracket after it: `(3-0)`, `(1-1, 0-0)`.
    var bracketScores: [GoalPair] = []
    /// The offset of that bracket, for errors.
    var bracketOffset = 0
    /// Whether a note bracket says `aet`.
    var noteExtraTime = false
    /// The golden or silver goal a note bracket names.
    var decider: ExtraTimeDecider?

    /// The phrase starting with the score `primary`.
    init(primary: GoalPair) {
        self.primary = primary
    }

    /// Reads the score phrase that starts at `tokens[index]` (a score) and returns the index
    /// after it.
    static func read(_ tokens: [MatchToken], from index: Int, in bytes: [UInt8]) throws(SyntaxIssue) -> (ScorePhrase, Int) {
        var i = index
        guard let first = tokens[i].score(in: bytes) else { throw SyntaxIssue(tokens[i].start, "expected a score") }
        i += 1
        var phrase = ScorePhrase(primary: first)
        if i < tokens.count, tokens[i].isPenaltyMark(in: bytes) {
            phrase.penalties = first
            i += 1
            guard i < tokens.count, let primary = tokens[i].score(in: bytes) else {
                let offset = i < tokens.count ? tokens[i].start : tokens[i - 1].end
                throw SyntaxIssue(offset, "expected the score before the shoot-out after 'pen.'")
            }
            phrase.primary = primary
            i += 1
        }
        if i < tokens.count, tokens[i].extraTimeMark(in: bytes).isMark {
            phrase.extraTime = true
            i += 1
            if i + 1 < tokens.count, let penalties = tokens[i].score(in: bytes), tokens[i + 1].isPenaltyMark(in: bytes) {
                guard phrase.penalties == nil else { throw SyntaxIssue(tokens[i].start, "penalties given twice") }
                phrase.penalties = penalties
                i += 2
            }
        }
        if i < tokens.count, tokens[i].kind == .bracket {
            if let scores = scoreList(tokens[i], in: bytes) {
                phrase.bracketScores = scores
                phrase.bracketOffset = tokens[i].start
                i += 1
            }
        }
        return (phrase, i)
    }

    /// The scores of a bracket that holds only scores separated by commas, or nil.
    static func scoreList(_ token: MatchToken, in bytes: [UInt8]) -> [GoalPair]? {
        var scores: [GoalPair] = []
        var itemStart = token.start + 1
        let end = token.end - 1
        var index = itemStart
        while index <= end {
            if index == end || bytes[index] == ByteClass.comma {
                var start = itemStart
                var stop = index
                while start < stop, ByteClass.isSpace(bytes[start]) { start += 1 }
                while stop > start, ByteClass.isSpace(bytes[stop - 1]) { stop -= 1 }
                guard let score = MatchToken.score(bytes, start..<stop) else { return nil }
                scores.append(score)
                itemStart = index + 1
            }
            index += 1
        }
        return scores.isEmpty ? nil : scores
    }

    /// Reads a note bracket: items separated by commas, each `aet`, `aet/gg`, `aet/sg` or
    /// `N-N pen`.
    mutating func readNote(_ token: MatchToken, in bytes: [UInt8]) throws(SyntaxIssue) {
        var itemStart = token.start + 1
        let end = token.end - 1
        var index = itemStart
        while index <= end {
            if index == end || bytes[index] == ByteClass.comma {
                var start = itemStart
                var stop = index
                while start < stop, ByteClass.isSpace(bytes[start]) { start += 1 }
                while stop > start, ByteClass.isSpace(bytes[stop - 1]) { stop -= 1 }
                try readNoteItem(bytes, start..<stop)
                itemStart = index + 1
            }
            index += 1
        }
    }

    private mutating func readNoteItem(_ bytes: [UInt8], _ range: Range<Int>) throws(SyntaxIssue) {
        if MatchToken.isExtraTimeMark(bytes, range) {
            noteExtraTime = true
            return
        }
        var slash = range.lowerBound
        while slash < range.upperBound, bytes[slash] != ByteClass.slash { slash += 1 }
        if slash < range.upperBound, MatchToken.isExtraTimeMark(bytes, range.lowerBound..<slash) {
            let rule = (slash + 1)..<range.upperBound
            if ByteClass.equalsLowercased(bytes, rule, "gg") || ByteClass.equalsLowercased(bytes, rule, "g.g.") {
                noteExtraTime = true
                decider = .goldenGoal
                return
            }
            if ByteClass.equalsLowercased(bytes, rule, "sg") || ByteClass.equalsLowercased(bytes, rule, "s.g.") {
                noteExtraTime = true
                decider = .silverGoal
                return
            }
        }
        var space = range.lowerBound
        while space < range.upperBound, !ByteClass.isSpace(bytes[space]) { space += 1 }
        if let score = MatchToken.score(bytes, range.lowerBound..<space) {
            var markStart = space
            while markStart < range.upperBound, ByteClass.isSpace(bytes[markStart]) { markStart += 1 }
            if MatchToken.isPenaltyMark(bytes, markStart..<range.upperBound) {
                guard penalties == nil else { throw SyntaxIssue(range.lowerBound, "penalties given twice") }
                penalties = score
                return
            }
        }
        let text = ByteClass.cleanText(bytes, range)
        throw SyntaxIssue(range.lowerBound, "unknown score note '\(text)'")
    }

    /// The result the phrase states.
    func resolve() throws(SyntaxIssue) -> ScoreLine {
        var line = ScoreLine(penalties: penalties, extraTimeDecider: decider)
        if extraTime || noteExtraTime {
            line.afterExtraTime = primary
            guard bracketScores.count <= 2 else {
                throw SyntaxIssue(bracketOffset, "expected at most two scores (full time, half time) after 'a.e.t.'")
            }
            line.fullTime = bracketScores.first
            line.halfTime = bracketScores.count > 1 ? bracketScores[1] : nil
        } else {
            line.fullTime = primary
            guard bracketScores.count <= 1 else {
                throw SyntaxIssue(bracketOffset, "expected one half-time score in brackets")
            }
            line.halfTime = bracketScores.first
        }
        return line
    }
}
