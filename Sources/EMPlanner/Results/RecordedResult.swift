import Foundation
import ObjectGraph

/// A result recorded or cleared, and what it moved in the knockout bracket.
public struct RecordedResult {
    /// The match (unsaved), for the planner and its tests.
    let match: Match
    /// The match in a few words, as messages name it (`match 32 GER-POR`).
    public let matchLabel: String
    /// The result now (``MatchSummary/resultText``), `nil` once cleared.
    public let result: String?
    /// The result the match had before (``Match/resultText``), `nil` if it was unplayed.
    public let previousResult: String?
    /// How many of the match's goals were deleted with its result: only clearing a result
    /// deletes them.
    public let removedGoals: Int
    /// How many of the match's cards were deleted with its result: only clearing a result
    /// deletes them, as a card needs the result as a goal does.
    public let removedCards: Int
    /// The teams and winners that moved, and the results cleared with them.
    public let bracket: BracketUpdate
}
