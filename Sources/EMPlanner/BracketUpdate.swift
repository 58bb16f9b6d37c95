/// What filling the knockout bracket did: the teams and winners that moved, and the knockout
/// results cleared because their teams changed.
public struct BracketUpdate: Hashable, Sendable {
    /// A knockout result cleared because a team of its match changed.
    public struct ClearedResult: Hashable, Sendable, CustomStringConvertible {
        /// The match number.
        public var match: Int
        /// The home team's code before, if it had one.
        public var home: String?
        /// The away team's code before, if it had one.
        public var away: String?
        /// The result as it was, such as `0:0 aet, 2:4 pens`.
        public var result: String

        /// A cleared result.
        public init(match: Int, home: String?, away: String?, result: String) {
            self.match = match
            self.home = home
            self.away = away
            self.result = result
        }

        /// One line, such as `cleared the result of match 29 (POR-ESP 0:0 aet, 2:4 pens): its teams changed`.
        public var description: String {
            "cleared the result of match \(match) (\(home ?? "?")-\(away ?? "?") \(result)): its teams changed"
        }
    }

    /// Every home side, away side and winner whose team changed, in match order.
    public var changes: [BracketChange]
    /// The results cleared, in match order.
    public var clearedResults: [ClearedResult]

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
