/// What filling the knockout bracket did: the teams and winners that moved, and the knockout
/// results, goals and cards cleared because their teams changed.
public struct BracketUpdate: Hashable, Sendable {
    /// A knockout match's result, goals and cards cleared because a team of the match changed:
    /// they belong to people no longer in it.
    public struct ClearedResult: Hashable, Sendable, CustomStringConvertible {
        /// The match number.
        public var match: Int
        /// The home team's code before, if it had one.
        public var home: String?
        /// The away team's code before, if it had one.
        public var away: String?
        /// The result as it was, such as `0:0 aet, 2:4 pens`; `nil` for a match not played, which
        /// lost only cards.
        public var result: String?
        /// How many goals were deleted.
        public var goals: Int
        /// How many cards were deleted.
        public var cards: Int

        /// A cleared result.
        public init(match: Int, home: String?, away: String?, result: String?, goals: Int, cards: Int) {
            self.match = match
            self.home = home
            self.away = away
            self.result = result
            self.goals = goals
            self.cards = cards
        }

        /// One line, such as `cleared the result of match 29 (POR-ESP 0:0 aet, 2:4 pens): its teams changed`,
        /// `cleared the result of match 29 (POR-ESP 2:1) and removed 3 goals and 1 card: its teams changed`
        /// or `removed 2 cards of match 29 (POR-ESP): its teams changed`.
        public var description: String {
            let pairing = "\(home ?? "?")-\(away ?? "?")"
            var events: [String] = []
            if goals > 0 { events.append("\(goals) goal\(goals == 1 ? "" : "s")") }
            if cards > 0 { events.append("\(cards) card\(cards == 1 ? "" : "s")") }
            let removed = events.joined(separator: " and ")
            guard let result else { return "removed \(removed) of match \(match) (\(pairing)): its teams changed" }
            let also = removed.isEmpty ? "" : " and removed \(removed)"
            return "cleared the result of match \(match) (\(pairing) \(result))\(also): its teams changed"
        }
    }

    /// Every home side, away side and winner whose team changed, in match order.
    public var changes: [BracketChange]
    /// The results cleared, and the goals and cards deleted with them, in match order.
    public var clearedResults: [ClearedResult]

    /// Nothing moved.
    public static let nothing = BracketUpdate(changes: [], clearedResults: [])

    /// An update.
    public init(changes: [BracketChange], clearedResults: [ClearedResult]) {
        self.changes = changes
        self.clearedResults = clearedResults
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty && clearedResults.isEmpty }

    /// One line per change, then one per cleared result, as `em result` prints them.
    public var lines: [String] {
        changes.map(\.description) + clearedResults.map(\.description)
    }
}
