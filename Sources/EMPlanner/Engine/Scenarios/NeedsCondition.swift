/// One way a team reaches a target: what each open match of its group must give, how the two
/// must compare, and, where the results leave it level, what decides.
///
/// A condition holds for a scoreline of the open matches when every clause and every
/// comparison holds; ``sentence`` says the same in words.
public struct NeedsCondition: Hashable, Sendable {
    /// What one open match must give, seen from one of its teams.
    public struct MatchClause: Hashable, Sendable {
        /// The match's index in ``TeamNeeds/remaining``.
        public var match: Int
        /// The team the clause speaks of: the team asked about in its own match; in another
        /// match the winner when the clause asks for a win by either side's name, else the
        /// home team.
        public var team: String
        /// The team's opponent in the match.
        public var opponent: String
        /// The results that satisfy the clause, from ``team``'s side, in the order win, draw,
        /// loss.
        public var outcomes: [TeamOutcome]
        /// The fewest goals ``team`` wins or loses by; `nil` for no limit.
        public var minimumMargin: Int?
        /// The most goals ``team`` wins or loses by; `nil` for no limit.
        public var maximumMargin: Int?
        /// The fewest goals ``team`` scores; `nil` for no limit.
        public var minimumGoals: Int?
        /// The most goals ``team`` scores; `nil` for no limit.
        public var maximumGoals: Int?

        /// A clause.
        public init(
            match: Int, team: String, opponent: String, outcomes: [TeamOutcome], minimumMargin: Int? = nil,
            maximumMargin: Int? = nil, minimumGoals: Int? = nil, maximumGoals: Int? = nil
        ) {
            self.match = match
            self.team = team
            self.opponent = opponent
            self.outcomes = outcomes
            self.minimumMargin = minimumMargin
            self.maximumMargin = maximumMargin
            self.minimumGoals = minimumGoals
            self.maximumGoals = maximumGoals
        }
    }

    /// A bound on the difference between the first clause's team's margin or goals and the
    /// second's, or on their sum.
    public struct Comparison: Hashable, Sendable {
        /// What is compared.
        public enum Quantity: String, Hashable, Sendable {
            /// The goals each clause's team wins or loses by.
            case margin
            /// The goals each clause's team scores.
            case goals
            /// The two margins added.
            case marginSum
            /// The two teams' goals added.
            case goalsSum
            /// The goals the first clause's team scores less those the second clause's
            /// opponent scores.
            case goalsAgainstOpponent
        }

        /// What is compared.
        public var quantity: Quantity
        /// The least the first clause's value may exceed the second's by (for a sum, the
        /// least the sum may be); `nil` for no limit.
        public var minimumDifference: Int?
        /// The most the first clause's value may exceed the second's by (for a sum, the most
        /// the sum may be); `nil` for no limit.
        public var maximumDifference: Int?

        /// A comparison.
        public init(quantity: Quantity, minimumDifference: Int? = nil, maximumDifference: Int? = nil) {
            self.quantity = quantity
            self.minimumDifference = minimumDifference
            self.maximumDifference = maximumDifference
        }

    }

    /// One clause per open match the condition restricts, in match order.
    public var clauses: [MatchClause]
    /// Comparisons between the two clauses' teams, when there are two clauses.
    public var comparisons: [Comparison]
    /// What decides when these results leave the team level with others or third; `nil` when
    /// the results alone take the team to the target.
    public var decider: NeedsDecider?
    /// The condition in words, such as `win by 2 or more, if SCO-HUN is a draw`.
    public var sentence: String

    /// A condition.
    public init(clauses: [MatchClause], comparisons: [Comparison], decider: NeedsDecider?, sentence: String) {
        self.clauses = clauses
        self.comparisons = comparisons
        self.decider = decider
        self.sentence = sentence
    }
}
