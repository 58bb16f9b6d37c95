/// A condition from a ``ConditionCover/Term``, and its sentence.
extension NeedsCondition {
    /// An open match as the conditions of one team see it.
    struct View {
        /// The match's index in ``TeamNeeds/remaining``.
        var match: Int
        /// The team asked about in its own match, else the home team.
        var subject: String
        /// The other side.
        var opponent: String
        /// Whether it is the team's own match: its goals count, not the winner's.
        var isOwn: Bool
    }

    /// The condition a cover's term states over the matches of `views`, in words for `ruleSet`.
    init(_ term: ConditionCover.Term, views: [View], decider: NeedsDecider?, ruleSet: RuleSet) {
        var clauses: [MatchClause] = []
        for view in views {
            let outcomes = term.outcomes[view.match]
            let atoms = term.atoms.filter { $0.coordinate == .margin(view.match) || $0.coordinate == .goals(view.match) }
            guard outcomes.count < TeamOutcome.allCases.count || !atoms.isEmpty else { continue }
            // Another match's win is said of its winner.
            let flips = !view.isOwn && outcomes == [.loss]
            var clause = MatchClause(
                match: view.match, team: flips ? view.opponent : view.subject, opponent: flips ? view.subject : view.opponent,
                outcomes: flips ? [.win] : outcomes.sorted())
            for atom in atoms {
                let (minimum, maximum) = Self.bounds(atom)
                if atom.coordinate == .margin(view.match) {
                    clause.minimumMargin = minimum ?? clause.minimumMargin
                    clause.maximumMargin = maximum ?? clause.maximumMargin
                } else {
                    clause.minimumGoals = minimum ?? clause.minimumGoals
                    clause.maximumGoals = maximum ?? clause.maximumGoals
                }
            }
            clauses.append(clause)
        }
        var comparisons: [Comparison] = []
        let quantities: [(Comparison.Quantity, ConditionCover.Coordinate)] = [
            (.margin, .marginDifference), (.marginSum, .marginSum), (.goals, .goalsDifference), (.goalsSum, .goalsSum),
            (.goalsAgainstOpponent, .goalsAgainstOtherSide),
        ]
        for (quantity, coordinate) in quantities {
            let atoms = term.atoms.filter { $0.coordinate == coordinate }
            guard !atoms.isEmpty else { continue }
            var comparison = Comparison(quantity: quantity)
            for atom in atoms {
                let (minimum, maximum) = Self.bounds(atom)
                comparison.minimumDifference = minimum ?? comparison.minimumDifference
                comparison.maximumDifference = maximum ?? comparison.maximumDifference
            }
            comparisons.append(comparison)
        }
        let isOwn = views.first?.isOwn ?? false
        self.init(
            clauses: clauses, comparisons: comparisons, decider: decider,
            sentence: Self.sentence(clauses, comparisons: comparisons, firstIsOwn: isOwn, decider: decider, ruleSet: ruleSet))
    }

    /// The lower and upper bound an atom sets.
    private static func bounds(_ atom: ConditionCover.Atom) -> (Int?, Int?) {
        switch atom.relation {
        case .atLeast: (atom.value, nil)
        case .atMost: (nil, atom.value)
        case .exactly: (atom.value, atom.value)
        }
    }

    /// The sentence: the team's own clause, the comparisons, then `if` the other matches'
    /// clauses; then what decides, if anything does.
    private static func sentence(
        _ clauses: [MatchClause], comparisons: [Comparison], firstIsOwn: Bool, decider: NeedsDecider?, ruleSet: RuleSet
    ) -> String {
        var phrases = clauses.map { clause in
            clause.match == 0 && firstIsOwn ? ownPhrase(clause) : otherPhrase(clause)
        }
        if !comparisons.isEmpty, clauses.count == 2 {
            phrases[0] += comparisons.map { " " + phrase($0, against: clauses[1]) }.joined()
        }
        var sentence: String
        if firstIsOwn, clauses.first?.match == 0 {
            sentence = phrases[0]
            if phrases.count > 1 { sentence += ", if " + phrases.dropFirst().joined(separator: " and ") }
        } else if phrases.isEmpty {
            sentence = "whatever the results"
        } else {
            sentence = (firstIsOwn ? "any result, if " : "if ") + phrases.joined(separator: " and ")
        }
        if let decider { sentence += " - then " + decider.words(ruleSet: ruleSet) }
        return sentence
    }

    /// The team's own clause: `win by 2 or more`, `draw 1:1 or higher`, `avoid defeat`.
    private static func ownPhrase(_ clause: MatchClause) -> String {
        let verb =
            switch clause.outcomes {
            case [.win]: "win"
            case [.draw]: "draw"
            case [.loss]: "lose"
            case [.win, .draw]: "avoid defeat"
            case [.draw, .loss]: "do not win"
            case [.win, .loss]: "do not draw"
            default: "any result"
            }
        return ([verb] + details(clause)).joined(separator: " ")
    }

    /// Another match's clause: `SCO win by 3 or more`, `SCO-HUN is a draw`, `HUN do not win`.
    static func otherPhrase(_ clause: MatchClause) -> String {
        let label = "\(clause.team)-\(clause.opponent)"
        switch clause.outcomes {
        case [.win]: return (["\(clause.team) win"] + details(clause)).joined(separator: " ")
        case [.draw]:
            let scores = details(clause)
            return scores.isEmpty ? "\(label) is a draw" : "\(label) ends " + scores.joined(separator: " ")
        case [.win, .draw]: return "\(clause.opponent) do not win"
        case [.draw, .loss]: return "\(clause.team) do not win"
        default: return "\(label) is not a draw"
        }
    }

    /// The margin and goals of a clause: `by 1`, `scoring 3 or more`; for a draw, its scores
    /// (`1:1 or higher`).
    private static func details(_ clause: MatchClause) -> [String] {
        if clause.outcomes == [.draw] {
            switch (clause.minimumGoals, clause.maximumGoals) {
            case (let low?, nil): return ["\(low):\(low) or higher"]
            case (nil, let high?): return ["\(high):\(high) or lower"]
            case (let low?, let high?): return [low == high ? "\(low):\(low)" : "\(low):\(low) to \(high):\(high)"]
            case (nil, nil): return []
            }
        }
        var details: [String] = []
        switch (clause.minimumMargin, clause.maximumMargin) {
        case (let low?, nil): details.append("by \(low) or more")
        case (nil, let high?): details.append("by at most \(high)")
        case (let low?, let high?): details.append(low == high ? "by \(low)" : "by \(low) to \(high)")
        case (nil, nil): break
        }
        switch (clause.minimumGoals, clause.maximumGoals) {
        case (let low?, nil): details.append("scoring \(low) or more")
        case (nil, 0), (0, 0): details.append("without scoring")
        case (nil, let high?): details.append("scoring at most \(high)")
        case (let low?, let high?): details.append(low == high ? "scoring \(low)" : "scoring \(low) to \(high)")
        case (nil, nil): break
        }
        return details
    }

    /// A comparison in words, against the second clause: `by more than SCO win by`,
    /// `scoring at least as many as SCO`, `the two margins adding up to 5 or fewer`.
    private static func phrase(_ comparison: Comparison, against other: MatchClause) -> String {
        switch comparison.quantity {
        case .marginSum, .goalsSum:
            let what = comparison.quantity == .marginSum ? "the two margins" : "the goals of \(other.team) and theirs"
            return "(\(what) adding up to " + range(comparison.minimumDifference, comparison.maximumDifference) + ")"
        case .margin, .goals, .goalsAgainstOpponent:
            let isMargin = comparison.quantity == .margin
            let them =
                isMargin
                ? "\(other.team) win by"
                : comparison.quantity == .goalsAgainstOpponent
                    ? other.opponent
                    : other.outcomes == [.draw] ? "each side of \(other.team)-\(other.opponent)" : other.team
            let lead = isMargin ? "by" : "scoring"
            if let minimum = comparison.minimumDifference, minimum == comparison.maximumDifference {
                let exactly =
                    minimum == 0
                    ? "exactly as many as" : minimum > 0 ? "exactly \(minimum) more than" : "exactly \(-minimum) fewer than"
                return "\(lead) \(exactly) \(them)"
            }
            var words: [String] = []
            if let minimum = comparison.minimumDifference { words.append("\(lead) \(more(minimum)) \(them)") }
            if let maximum = comparison.maximumDifference { words.append("\(lead) \(fewer(maximum)) \(them)") }
            return words.joined(separator: " and ")
        }
    }

    /// `k or more`, `k or fewer`, `k`, `j to k`.
    private static func range(_ minimum: Int?, _ maximum: Int?) -> String {
        switch (minimum, maximum) {
        case (let low?, nil): "\(low) or more"
        case (nil, let high?): "\(high) or fewer"
        case (let low?, let high?): low == high ? "\(low)" : "\(low) to \(high)"
        case (nil, nil): "anything"
        }
    }

    /// A lower bound on a difference: `more than`, `at least as many as`.
    private static func more(_ difference: Int) -> String {
        switch difference {
        case 1: "more than"
        case 0: "at least as many as"
        case let value where value > 1: "at least \(value) more than"
        default: "at most \(-difference) fewer than"
        }
    }

    /// An upper bound on a difference: `fewer than`, `no more than`.
    private static func fewer(_ difference: Int) -> String {
        switch difference {
        case -1: "fewer than"
        case 0: "no more than"
        case let value where value < -1: "at least \(-value) fewer than"
        default: "at most \(difference) more than"
        }
    }
}
