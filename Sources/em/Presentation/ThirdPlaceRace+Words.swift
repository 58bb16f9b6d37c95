import EMPlanner

extension ThirdPlaceRace.Entry {
    /// The ranks among the thirds the team can reach: `4`, or `4-5`.
    var rankWords: String {
        ranks.count == 1 ? "\(ranks.lowerBound)" : "\(ranks.lowerBound)-\(ranks.upperBound)"
    }

    /// The round-of-16 slots of the group winners it could meet: `["1B", "1E"]`.
    var opponentSlots: [String] {
        opponents.map { "1\($0)" }
    }

    /// The best and worst rank, as JSON: `[4, 5]`.
    var ranksJSON: OutputValue {
        .array([.integer(ranks.lowerBound), .integer(ranks.upperBound)])
    }
}

extension ThirdPlaceRace {
    /// A record as `4 pts, GD +1, 5 goals, 1 win`, up to its first value without bound
    /// (`GD unbounded`).
    static func words(_ record: [Int], criteria: [TieBreaker]) -> String {
        var words: [String] = []
        for (criterion, value) in zip(criteria, record) {
            let bounded = value != .max && value != .min
            words.append(bounded ? self.words(value, criterion) : "\(name(of: criterion)) unbounded")
            if !bounded { break }
        }
        return words.joined(separator: ", ")
    }

    /// A threshold record as the values a record must pass: `4 pts, GD +1`, without the values
    /// from the first without bound on.
    static func thresholdWords(_ record: [Int], criteria: [TieBreaker]) -> String {
        zip(criteria, record).prefix { $0.1 != .max && $0.1 != .min }.map { words($0.1, $0.0) }.joined(separator: ", ")
    }

    /// A record as a JSON object by criterion, `null` for a value without bound and those
    /// after it.
    static func json(_ record: [Int], criteria: [TieBreaker]) -> OutputValue {
        var bounded = true
        return .object(
            zip(criteria, record).map { criterion, value in
                bounded = bounded && value != .max && value != .min
                return .init(key: criterion.rawValue, value: bounded ? .integer(value) : .null)
            })
    }

    /// One value of a record: `4 pts`, `1 pt`, `GD +1`, `5 goals`, `1 win`.
    private static func words(_ value: Int, _ criterion: TieBreaker) -> String {
        switch criterion {
        case .points: value == 1 ? "1 pt" : "\(value) pts"
        case .goalDifference: "GD \(value > 0 ? "+" : "")\(value)"
        case .goalsScored: "\(value) goal\(value == 1 ? "" : "s")"
        default: "\(value) win\(value == 1 ? "" : "s")"
        }
    }

    /// The name of a criterion in a record: `pts`, `GD`, `goals`, `wins`.
    private static func name(of criterion: TieBreaker) -> String {
        switch criterion {
        case .points: "pts"
        case .goalDifference: "GD"
        case .goalsScored: "goals"
        default: "wins"
        }
    }
}
