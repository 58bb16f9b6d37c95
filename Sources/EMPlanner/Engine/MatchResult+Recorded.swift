/// A result as a match records it: the goals when play ended and whether extra time was played.
extension MatchResult {
    /// A result from the goals when play ended.
    ///
    /// A match that went to extra time reads as level after 90 minutes at `regularTime`, or,
    /// when none is given (as `em result` records it), at the lower side's final goals, which
    /// only the winner depends on.
    ///
    /// - Parameters:
    ///   - final: The goals when play ended, after extra time if it was played.
    ///   - afterExtraTime: Whether the match went to extra time.
    ///   - regularTime: The score after 90 minutes of a match that went to extra time, if kept.
    ///   - penalties: The shoot-out, if there was one.
    ///   - wonByLots: The side that won the drawing of lots, if lots were drawn.
    public init(
        final: Score, afterExtraTime: Bool, regularTime: Score? = nil, penalties: Score? = nil, wonByLots: Side? = nil
    ) {
        guard afterExtraTime else {
            self.init(final, penalties: penalties, wonByLots: wonByLots)
            return
        }
        let level = min(final.home, final.away)
        self.init(
            regularTime ?? Score(level, level), afterExtraTime: final, penalties: penalties, wonByLots: wonByLots)
    }
}
