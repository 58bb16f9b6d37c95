/// The best and the worst record a team can finish third with, as the ranking of the
/// third-placed teams compares records: the results-based criteria of the rule set's
/// ``RuleSet/thirdPlacedCriteria`` (points, goal difference, goals scored, wins) in their order,
/// up to the first that results do not decide.
///
/// Records compare lexicographically. A value no bound holds is `Int.max` in a best record
/// (the team can pass any value) and `Int.min` in a worst one, and so are the values after it.
public struct ThirdPlaceRecords: Hashable, Sendable {
    /// The largest record, criterion by criterion.
    public var best: [Int]
    /// The smallest record, criterion by criterion.
    public var worst: [Int]

    /// A range of records.
    public init(best: [Int], worst: [Int]) {
        self.best = best
        self.worst = worst
    }

    /// The range that holds both ranges.
    func merged(with other: ThirdPlaceRecords) -> ThirdPlaceRecords {
        ThirdPlaceRecords(
            best: Self.isBelow(best, other.best) ? other.best : best,
            worst: Self.isBelow(other.worst, worst) ? other.worst : worst)
    }

    /// Whether `record` ranks below `other` on every criterion results decide: a record equal
    /// to the other is not below it (what decides then, disciplinary points or a ranking, is
    /// left open).
    static func isBelow(_ record: [Int], _ other: [Int]) -> Bool {
        record.lexicographicallyPrecedes(other)
    }

    /// The results-based criteria of `ruleSet`'s third-placed ranking, in order.
    static func criteria(of ruleSet: RuleSet) -> [TieBreaker] {
        Array(ruleSet.thirdPlacedCriteria.prefix { [.points, .goalDifference, .goalsScored, .wins].contains($0) })
    }
}
