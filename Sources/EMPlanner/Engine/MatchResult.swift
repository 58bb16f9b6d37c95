/// How a match ended: the score after 90 minutes, after extra time if it was played, and the
/// penalty shoot-out if there was one, or the side that won the drawing of lots (the toss of a
/// coin, 1960 to 1968) if that decided it.
public struct MatchResult: Hashable, Sendable {
    /// A side of a match.
    public enum Side: Hashable, Sendable {
        /// The home side.
        case home
        /// The away side.
        case away
    }

    /// The score after 90 minutes.
    public var regularTime: Score
    /// The score after extra time, the 90 minutes' goals included; `nil` without extra time.
    public var afterExtraTime: Score?
    /// The kicks scored in the shoot-out; `nil` without one.
    public var penalties: Score?
    /// The side that won the drawing of lots after a draw in extra time; `nil` if lots were not
    /// drawn.
    public var wonByLots: Side?

    /// A result.
    public init(_ regularTime: Score, afterExtraTime: Score? = nil, penalties: Score? = nil, wonByLots: Side? = nil) {
        self.regularTime = regularTime
        self.afterExtraTime = afterExtraTime
        self.penalties = penalties
        self.wonByLots = wonByLots
    }

    /// The score when play ended: after extra time if it was played, without the shoot-out.
    public var finalScore: Score { afterExtraTime ?? regularTime }

    /// The side that won on the pitch, in the shoot-out or by lots; `nil` for a draw.
    public var winner: Side? {
        if let wonByLots, finalScore.isLevel, penalties == nil { return wonByLots }
        let score = finalScore.isLevel ? (penalties ?? finalScore) : finalScore
        if score.home > score.away { return .home }
        if score.away > score.home { return .away }
        return nil
    }

    /// Why the result cannot stand at this stage, or `nil`.
    ///
    /// Goals are never negative. A group match has no extra time; it may have a shoot-out only
    /// after a draw (the last-round penalty case), and the shoot-out has a winner; lots decide
    /// no group match. A knockout match has a winner: a draw after 90 minutes needs extra time
    /// (with at least the goals of the 90 minutes), or, in a match for third place, a shoot-out
    /// (1980); a draw after extra time needs a shoot-out with a winner or the drawing of lots;
    /// a match decided earlier has neither.
    public func problem(at stage: MatchStage) -> ResultError? {
        for score in [regularTime, afterExtraTime, penalties].compactMap(\.self) where score.home < 0 || score.away < 0 {
            return .negativeGoals(score)
        }
        switch stage {
        case .group:
            if afterExtraTime != nil { return .extraTimeInGroupMatch }
            if wonByLots != nil { return .lotsWithoutDraw(finalScore) }
        case .knockout(let round):
            if let afterExtraTime {
                guard regularTime.isLevel else { return .extraTimeAfterDecision(regularTime) }
                guard afterExtraTime.home >= regularTime.home, afterExtraTime.away >= regularTime.away else {
                    return .extraTimeBelowRegularTime(regularTime: regularTime, afterExtraTime: afterExtraTime)
                }
            } else if regularTime.isLevel, !(round == .thirdPlace && penalties != nil) {
                return .drawNeedsExtraTime(regularTime)
            }
            if wonByLots != nil, !finalScore.isLevel || penalties != nil { return .lotsWithoutDraw(finalScore) }
            if finalScore.isLevel, penalties == nil, wonByLots == nil { return .drawNeedsPenalties(finalScore) }
        }
        if let penalties {
            guard finalScore.isLevel else { return .penaltiesAfterDecision(finalScore) }
            guard !penalties.isLevel else { return .penaltiesWithoutWinner(penalties) }
        }
        return nil
    }

    /// Checks the result at this stage, as ``problem(at:)`` says.
    ///
    /// - Throws: The ``ResultError`` that ``problem(at:)`` names.
    public func validate(at stage: MatchStage) throws(ResultError) {
        if let problem = problem(at: stage) { throw problem }
    }
}
