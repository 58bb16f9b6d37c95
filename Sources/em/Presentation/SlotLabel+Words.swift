import EMPlanner

extension SlotLabel {
    /// The slot in words, as a calendar names a side not known yet: `Winner Group A`,
    /// `Runner-up Group C`, `3rd Group A/D/E/F`, `Winner match 45`, `Loser match 49`,
    /// `Qualifier 1`.
    var words: String {
        switch self {
        case .groupPosition(1, let group): "Winner Group \(group)"
        case .groupPosition(2, let group): "Runner-up Group \(group)"
        case .groupPosition(let position, let group): "\(Self.ordinal(position)) Group \(group)"
        case .thirdPlaced(let groups): "3rd Group \(groups.joined(separator: "/"))"
        case .winner(let match): "Winner match \(match)"
        case .loser(let match): "Loser match \(match)"
        case .qualifier(let number): "Qualifier \(number)"
        }
    }

    /// `3rd`, `4th`, `21st`.
    private static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 10, number % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }
}
