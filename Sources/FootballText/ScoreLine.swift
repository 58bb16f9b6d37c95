/// The result of a match, holding exactly the scores its line states.
///
/// The forms the files use and what they fill in:
/// - `2-1` → `fullTime`; `5-1 (3-0)` → `fullTime`, `halfTime`.
/// - `2-1 a.e.t.` or `2-1 … (aet)` → `afterExtraTime` only (the 90-minute score is not stated).
/// - `1-3 a.e.t. (1-1)` → `afterExtraTime`, `fullTime`; `… a.e.t. (1-1, 0-0)` adds `halfTime`.
/// - `3-0 pen. 0-0 a.e.t. (0-0)`, `2-2 a.e.t., 5-3 pen.`, `0-0 … (aet, 4-2 pen)` → `penalties` as well.
/// - `1-1 … (9-8 pen)` (EURO 1980, no extra time) → `fullTime`, `penalties`.
/// - `2-1 … (aet/gg)` → `afterExtraTime`, `extraTimeDecider`.
public struct ScoreLine: Hashable, Sendable {
    /// The score after 90 minutes, if stated.
    public var fullTime: GoalPair?
    /// The score at half time, if stated.
    public var halfTime: GoalPair?
    /// The score after extra time, if the match went to extra time.
    public var afterExtraTime: GoalPair?
    /// The penalty shoot-out's score, if there was one.
    public var penalties: GoalPair?
    /// The golden or silver goal rule that ended extra time, if the line names one.
    public var extraTimeDecider: ExtraTimeDecider?

    /// A result of the given parts.
    public init(
        fullTime: GoalPair? = nil,
        halfTime: GoalPair? = nil,
        afterExtraTime: GoalPair? = nil,
        penalties: GoalPair? = nil,
        extraTimeDecider: ExtraTimeDecider? = nil
    ) {
        self.fullTime = fullTime
        self.halfTime = halfTime
        self.afterExtraTime = afterExtraTime
        self.penalties = penalties
        self.extraTimeDecider = extraTimeDecider
    }

    /// The score when play ended: after extra time if there was any, else after 90 minutes
    /// (penalties not included).
    public var final: GoalPair? { afterExtraTime ?? fullTime }
}
