/// What filling the knockout bracket did: the teams and winners that moved, the knockout results
/// that wait for their teams or count again, and those cleared because other teams took a side.
public struct BracketUpdate: Hashable, Sendable {
    /// A knockout match's result, goals and cards cleared because another team took a side of
    /// the match: they belong to people no longer in it.
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

        /// One line, such as `cleared the result of match 29 (POR-ESP 0:0 aet, 2:4 pens): other teams play it now`,
        /// `cleared the result of match 29 (POR-ESP 2:1) and removed 3 goals and 1 card: other teams play it now`
        /// or `removed 2 cards of match 29 (POR-ESP): other teams play it now`.
        public var description: String {
            let pairing = "\(home ?? "?")-\(away ?? "?")"
            var events: [String] = []
            if goals > 0 { events.append("\(goals) goal\(goals == 1 ? "" : "s")") }
            if cards > 0 { events.append("\(cards) card\(cards == 1 ? "" : "s")") }
            let removed = events.joined(separator: " and ")
            guard let result else { return "removed \(removed) of match \(match) (\(pairing)): other teams play it now" }
            let also = removed.isEmpty ? "" : " and removed \(removed)"
            return "cleared the result of match \(match) (\(pairing) \(result))\(also): other teams play it now"
        }
    }

    /// A knockout result that began to wait, its teams no longer both known, or that counts
    /// again, the same teams back (``Knockout/waitingMatches()``).
    public struct WaitingResult: Hashable, Sendable, CustomStringConvertible {
        /// The match number.
        public var match: Int
        /// The code of the home team that played it.
        public var home: String
        /// The code of the away team that played it.
        public var away: String
        /// The result, such as `2:1 aet`.
        public var result: String
        /// Whether it counts again; otherwise it began to wait.
        public var countsAgain: Bool

        /// A result that waits or counts again.
        public init(match: Int, home: String, away: String, result: String, countsAgain: Bool) {
            self.match = match
            self.home = home
            self.away = away
            self.result = result
            self.countsAgain = countsAgain
        }

        /// One line, such as `match 29 (POR-ESP 2:1) waits: it counts again once POR and ESP
        /// play it again` or `match 29 (POR-ESP 2:1) counts again: its teams are back`.
        public var description: String {
            let played = "match \(match) (\(home)-\(away) \(result))"
            return countsAgain
                ? "\(played) counts again: its teams are back"
                : "\(played) waits: it counts again once \(home) and \(away) play it again"
        }
    }

    /// Every home side, away side and winner whose team changed, in match order.
    public var changes: [BracketChange]
    /// The results that began to wait or count again, in match order.
    public var waitingResults: [WaitingResult]
    /// The results cleared, and the goals and cards deleted with them, in match order.
    public var clearedResults: [ClearedResult]

    /// Nothing moved.
    public static let nothing = BracketUpdate(changes: [], waitingResults: [], clearedResults: [])

    /// An update.
    public init(changes: [BracketChange], waitingResults: [WaitingResult], clearedResults: [ClearedResult]) {
        self.changes = changes
        self.waitingResults = waitingResults
        self.clearedResults = clearedResults
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty && waitingResults.isEmpty && clearedResults.isEmpty }

    /// One line per change, then one per result that waits or counts again, then one per cleared
    /// result, as `em result` prints them.
    public var lines: [String] {
        changes.map(\.description) + waitingResults.map(\.description) + clearedResults.map(\.description)
    }
}
