import ObjectGraph

/// What-if tables: the group tables and the third-placed ranking as they would be with some
/// group results assumed. Nothing is recorded: the store and the unsaved changes stay as they
/// are.
extension Reports {
    /// A group match's result assumed for a what-if table.
    public struct AssumedResult: Hashable, Sendable {
        /// The match, as ``Lookup/match(_:)`` takes it: its id or `HOME-AWAY`.
        public var match: String
        /// The goals, home first.
        public var score: Score

        /// A result to assume.
        public init(match: String, score: Score) {
            self.match = match
            self.score = score
        }
    }

    /// Each group's table as ``standings(group:)`` computes it, with the assumed results in
    /// place of what is recorded for their matches (played or not).
    ///
    /// - Throws: The errors of ``standings(group:)``; ``PlannerError/Kind/unknownMatch(_:)``,
    ///   ``PlannerError/Kind/ambiguousMatch(_:ids:)``; ``PlannerError/Kind/invalidResult(_:)``
    ///   for a knockout match, a negative score, or one match assumed twice.
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
        for result in results {
            let match = try lookup.match(result.match)
            guard !match.isKnockout else {
                throw PlannerError(
                    .invalidResult("\(lookup.label(of: match)) is a knockout match: a what-if assumes group results only"))
            }
            guard result.score.home >= 0, result.score.away >= 0 else {
                throw PlannerError(.invalidResult("the score \(result.score) is negative: a goal count is 0 or more"))
            }
            guard scores.updateValue(result.score, forKey: match.objectID) == nil else {
                throw PlannerError(.invalidResult("\(lookup.label(of: match)) is assumed twice"))
            }
        }
        return scores
    }
}
