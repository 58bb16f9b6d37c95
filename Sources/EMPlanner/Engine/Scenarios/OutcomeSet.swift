/// Some home/draw/away combinations of a group's open matches, and the same in words:
/// `SVK win and UKR-BEL is a draw, or ROU do not win`.
public struct OutcomeSet: Hashable, Sendable {
    /// The group's open matches.
    public var remaining: [GroupMatch]
    /// The combinations, each with the outcome of every match of ``remaining`` in order.
    public var combinations: Set<[MatchOutcome]>

    /// The most open matches ``sentence`` names one by one; with more, it counts combinations.
    static let maximumNamedMatches = 4

    /// The combinations `combinations` of the matches `remaining`.
    public init(_ combinations: some Sequence<[MatchOutcome]>, of remaining: [GroupMatch]) {
        self.remaining = remaining
        self.combinations = Set(combinations)
    }

    /// Whether the set holds every combination.
    public var isEverything: Bool {
        combinations.count == Self.combinationCount(remaining.count)
    }

    /// The combinations in words, such as `ALB do not win`.
    ///
    /// Products of one clause per match they restrict, the largest first, joined by `, or `
    /// (`SVK win and UKR-BEL is a draw, or ROU do not win`); `whatever happens` for every
    /// combination, `never` for none. With more than ``maximumNamedMatches`` open matches,
    /// a count: `in 5 of the 81 combinations`.
    public var sentence: String {
        if combinations.isEmpty { return "never" }
        if isEverything { return "whatever happens" }
        guard remaining.count <= Self.maximumNamedMatches else {
            return "in \(combinations.count) of the \(Self.combinationCount(remaining.count)) combinations"
        }
        return products().map(words).joined(separator: ", or ")
    }

    /// Products of outcome sets, one per match, whose union is ``combinations``: chosen
    /// greedily, each covering the most combinations not yet covered and restricting the
    /// fewest matches.
    func products() -> [[[MatchOutcome]]] {
        let choices = (1..<8).map { bits in
            MatchOutcome.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
        }
        let candidates = remaining.reduce([[[MatchOutcome]]]([[]])) { products, _ in
            products.flatMap { product in choices.map { product + [$0] } }
        }.map { (product: $0, combinations: Self.expand($0)) }.filter { $0.combinations.allSatisfy(combinations.contains) }
        var uncovered = combinations
        var chosen: [[[MatchOutcome]]] = []
        while !uncovered.isEmpty {
            let ranked = candidates.map { candidate in
                (
                    candidate, gain: candidate.combinations.count(where: uncovered.contains),
                    restricted: candidate.product.count { $0.count < MatchOutcome.allCases.count }
                )
            }
            let best = ranked.max { first, second in
                first.gain != second.gain ? first.gain < second.gain : first.restricted > second.restricted
            }!
            chosen.append(best.0.product)
            uncovered.subtract(best.0.combinations)
        }
        return chosen
    }

    /// A product in words: a clause for each match it restricts, joined by `and`.
    private func words(_ product: [[MatchOutcome]]) -> String {
        zip(remaining, product).enumerated().compactMap { index, pair in
            let (match, outcomes) = pair
            guard outcomes.count < MatchOutcome.allCases.count else { return nil }
            // The home side's view; a lone away win is said of the away side.
            let homeView = outcomes.map { $0 == .home ? TeamOutcome.win : $0 == .draw ? .draw : .loss }.sorted()
            let clause =
                homeView == [.loss]
                ? NeedsCondition.MatchClause(match: index, team: match.away, opponent: match.home, outcomes: [.win])
                : NeedsCondition.MatchClause(match: index, team: match.home, opponent: match.away, outcomes: homeView)
            return NeedsCondition.otherPhrase(clause)
        }.joined(separator: " and ")
    }

    /// Every combination of a product.
    static func expand(_ product: [[MatchOutcome]]) -> [[MatchOutcome]] {
        product.reduce([[]]) { combinations, outcomes in combinations.flatMap { prefix in outcomes.map { prefix + [$0] } } }
    }

    /// How many combinations `matches` open matches have.
    private static func combinationCount(_ matches: Int) -> Int {
        (0..<matches).reduce(1) { count, _ in count * MatchOutcome.allCases.count }
    }
}
