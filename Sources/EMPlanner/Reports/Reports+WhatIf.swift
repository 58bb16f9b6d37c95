import ObjectGraph

/// What-if tables: the group tables and the third-placed ranking as they would be with some
/// group results assumed (the bracket: ``bracket(assuming:)``). Nothing is recorded: the store
/// and the unsaved changes stay as they are.
extension Reports {
    /// A match's result assumed for a what-if: a group result for a table, a group or knockout
    /// result for a bracket.
    public struct AssumedResult: Hashable, Sendable {
        /// The match, as ``Lookup/match(_:)`` takes it: its id or `HOME-AWAY`.
        public var match: String
        /// The goals, home first; after extra time if it was played, without the shoot-out.
        public var score: Score
        /// Whether the match went to extra time (knockout matches only).
        public var afterExtraTime: Bool
        /// The penalty shoot-out, home first (knockout matches only).
        public var penalties: Score?

        /// A result to assume.
        public init(match: String, score: Score, afterExtraTime: Bool = false, penalties: Score? = nil) {
            self.match = match
            self.score = score
            self.afterExtraTime = afterExtraTime
            self.penalties = penalties
        }
    }

    /// Each group's table as ``standings(group:)`` computes it, with the assumed results in
    /// place of what is recorded for their matches (played or not).
    ///
    /// - Throws: The errors of ``standings(group:)``; ``PlannerError/Kind/unknownMatch(_:)``,
    ///   ``PlannerError/Kind/ambiguousMatch(_:ids:)``; ``PlannerError/Kind/invalidResult(_:)``
    ///   for a knockout match, a negative score, a result that breaks the rules (extra time), or
    ///   one match assumed twice.
    public func standings(group: String? = nil, assuming results: [AssumedResult]) throws -> [GroupTable] {
        try standings(group: group, scores: try assumedScores(results))
    }

    /// The ranking of the third-placed teams as ``thirdPlacedTable()`` computes it, with the
    /// assumed results in place of what is recorded for their matches.
    ///
    /// - Throws: The errors of ``thirdPlacedTable()`` and of
    ///   ``standings(group:assuming:)``.
    public func thirdPlacedTable(assuming results: [AssumedResult]) throws -> ThirdPlacedTable {
        try thirdPlacedTable(scores: try assumedScores(results))
    }

    /// The assumed scores by match.
    private func assumedScores(_ results: [AssumedResult]) throws -> [ManagedObjectID: Score] {
        var scores: [ManagedObjectID: Score] = [:]
        for (match, result) in try resolved(results, knockout: false) { scores[match.objectID] = result.score }
        return scores
    }

    /// The assumed results with their matches, in the order given, each checked as `em result`
    /// checks a result for its match (``checkAssumed(_:round:label:)``).
    ///
    /// - Parameter knockout: Whether knockout matches may be assumed.
    /// - Throws: ``PlannerError/Kind/unknownMatch(_:)``, ``PlannerError/Kind/ambiguousMatch(_:ids:)``;
    ///   ``PlannerError/Kind/invalidResult(_:)`` for a knockout match unless `knockout`, a
    ///   result ``checkAssumed(_:round:label:)`` refuses, or one match assumed twice.
    func resolved(_ results: [AssumedResult], knockout: Bool) throws -> [(match: Match, result: AssumedResult)] {
        var seen: Set<ManagedObjectID> = []
        return try results.map { result in
            let match = try lookup.match(result.match)
            guard knockout || !match.isKnockout else {
                throw PlannerError(
                    .invalidResult("\(lookup.label(of: match)) is a knockout match: a what-if assumes group results only"))
            }
            try checkAssumed(result, round: match.round ?? "group", label: lookup.label(of: match))
            guard seen.insert(match.objectID).inserted else {
                throw PlannerError(.invalidResult("\(lookup.label(of: match)) is assumed twice"))
            }
            return (match, result)
        }
    }

    /// Checks an assumed result as `em result` checks one for a match of `round`: goals of 0
    /// or more, extra time and a shoot-out only where the round has them, a knockout match with
    /// a winner.
    ///
    /// - Parameter label: The match in words, for the message (`match 45 ESP-GER`).
    /// - Throws: ``PlannerError/Kind/invalidResult(_:)``.
    func checkAssumed(_ result: AssumedResult, round: String, label: String) throws {
        for score in [result.score, result.penalties].compactMap(\.self) where score.home < 0 || score.away < 0 {
            throw PlannerError(.invalidResult("the score \(score) is negative: a goal count is 0 or more"))
        }
        if let problem = TournamentRules.resultProblem(
            round: round, home: result.score.home, away: result.score.away, afterExtraTime: result.afterExtraTime,
            penalties: result.penalties.map { ($0.home, $0.away) })
        {
            throw PlannerError(.invalidResult("\(label) \(result.score): \(problem)"))
        }
    }
}
