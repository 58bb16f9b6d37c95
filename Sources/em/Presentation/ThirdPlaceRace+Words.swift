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
