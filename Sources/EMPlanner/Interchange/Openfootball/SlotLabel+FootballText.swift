/// Knockout sides as openfootball's files write them before the teams are known:
/// `Winner Group A`, `Runner-up Group C`, `3rd Group A/D/E/F`, `Winner Match 39`,
/// `Loser Match 49`.
extension SlotLabel {
    /// Reads a side as Football.TXT describes it, ignoring case and extra spaces: `Winner
    /// Group A` (`1A`), `Runner-up Group C` (`2C`), `3rd Group A/D/E/F`, `1st Group B`,
    /// `Winner Match 39` (`W39`, the file's match 39), `Loser Match 49`, `Qualifier 2`; `nil`
    /// for anything else (a team's name).
    init?(footballText text: String) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        guard words.count >= 2, let last = words.last else { return nil }
        let head = words.dropLast().joined(separator: " ")
        if let number = Int(last), number > 0 {
            switch head {
            case "winner match", "winner": self = .winner(of: number)
            case "loser match", "loser": self = .loser(of: number)
            case "qualifier": self = .qualifier(number)
            default: return nil
            }
            return
        }
        let groups = last.uppercased().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard groups.allSatisfy({ $0.count == 1 && $0.first!.isLetter }) else { return nil }
        let position: Int
        switch head {
        case "winner group", "winners group": position = 1
        case "runner-up group", "runners-up group", "runner up group": position = 2
        case "third group", "third-placed group": position = 3
        default:
            // `3rd group`, `4th group`.
            guard head.hasSuffix(" group") else { return nil }
            let ordinal = head.dropLast(" group".count)
            let digits = ordinal.prefix(while: \.isNumber)
            guard let number = Int(digits), number > 0, Self.ordinal(number) == ordinal else { return nil }
            position = number
        }
        if groups.count == 1 {
            self = .groupPosition(position, group: groups[0])
        } else if position == 3, Set(groups).count == groups.count {
            self = .thirdPlaced(groups: groups)
        } else {
            return nil
        }
    }

    /// The side as openfootball writes it: `Winner Group A`, `Runner-up Group C`, `3rd Group
    /// A/D/E/F`, `Winner Match 39`, `Loser Match 49`, `Qualifier 2`.
    var footballText: String {
        switch self {
        case .groupPosition(1, let group): "Winner Group \(group)"
        case .groupPosition(2, let group): "Runner-up Group \(group)"
        case .groupPosition(let position, let group): "\(Self.ordinal(position)) Group \(group)"
        case .thirdPlaced(let groups): "3rd Group " + groups.joined(separator: "/")
        case .winner(let match): "Winner Match \(match)"
        case .loser(let match): "Loser Match \(match)"
        case .qualifier(let number): "Qualifier \(number)"
        }
    }

    /// `3rd`, `4th`, `21st`.
    private static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 10, number % 100) {
            case (1, let tens) where tens != 11: "st"
            case (2, let tens) where tens != 12: "nd"
            case (3, let tens) where tens != 13: "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }
}
