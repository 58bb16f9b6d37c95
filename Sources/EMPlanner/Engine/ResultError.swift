/// A result that breaks the rules of football for its stage.
public enum ResultError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A score with negative goals.
    case negativeGoals(Score)
    /// Extra time in a group match.
    case extraTimeInGroupMatch
    /// A knockout match level after 90 minutes without extra time.
    case drawNeedsExtraTime(Score)
    /// Extra time after a match decided in 90 minutes (the 90-minute score is given).
    case extraTimeAfterDecision(Score)
    /// A score after extra time with fewer goals for a side than after 90 minutes.
    case extraTimeBelowRegularTime(regularTime: Score, afterExtraTime: Score)
    /// A knockout match level after extra time without a shoot-out.
    case drawNeedsPenalties(Score)
    /// A shoot-out after a match that was not a draw (the final score is given).
    case penaltiesAfterDecision(Score)
    /// A shoot-out without a winner.
    case penaltiesWithoutWinner(Score)
    /// Lots drawn for a match that was not level after extra time, had a shoot-out, or was a
    /// group match (the final score is given).
    case lotsWithoutDraw(Score)

    /// One sentence quoting the scores.
    public var description: String {
        switch self {
        case .negativeGoals(let score):
            "goals cannot be negative, found \(score)"
        case .extraTimeInGroupMatch:
            "group matches have no extra time"
        case .drawNeedsExtraTime(let score):
            "a knockout match level after 90 minutes (\(score)) needs extra time"
        case .extraTimeAfterDecision(let score):
            "a match decided in 90 minutes (\(score)) has no extra time"
        case .extraTimeBelowRegularTime(let regularTime, let afterExtraTime):
            "the score after extra time (\(afterExtraTime)) has fewer goals than after 90 minutes (\(regularTime))"
        case .drawNeedsPenalties(let score):
            "a knockout match level after extra time (\(score)) needs a penalty shoot-out"
        case .penaltiesAfterDecision(let score):
            "a penalty shoot-out needs a draw, found \(score)"
        case .penaltiesWithoutWinner(let score):
            "a penalty shoot-out has a winner, found \(score)"
        case .lotsWithoutDraw(let score):
            "lots decide only a knockout match level after extra time without a shoot-out, found \(score)"
        }
    }
}
