/// The teams and players the scripting and seeding workloads (S1 to S3) add to a store, the
/// same for em and the Python references.
///
/// Team k (0-based) is `Team 0001` for k = 0 (`Side 0001` in English), with a code from `AAA`
/// upward that skips EURO 2012's, ranking k + 1 up to ``rankedTeams`` (none after) and coach
/// `Coach 0001`. Its squad follows EURO
/// 2012's rules (``squadSize`` players wearing 1 to ``squadSize``, number 1 a goalkeeper, all 15
/// to 50 years old in June 2012): player 7 is `Given 07` `Player 0001-07`, plays one of the four
/// positions in turn from `GK` for number 1, for one of 20 clubs, born on one of 20 years' dates
/// (1975 to 1994).
struct NewSquads {
    struct Player {
        var number: Int
        var givenname: String
        var name: String
        var position: String
        var club: String
        /// `YYYY-MM-DD`.
        var born: String
    }

    struct Team {
        var name: String
        var englishName: String
        var code: String
        /// The team's ranking; `nil` past ``NewSquads/rankedTeams``.
        var ranking: Int?
        var coach: (givenname: String, name: String)
        var players: [Player]
    }

    /// The codes of the EURO 2012 store's teams, which new teams must not take.
    static let euro2012Codes: Set<String> = [
        "POL", "GRE", "RUS", "CZE", "NED", "DEN", "GER", "POR", "ESP", "ITA", "IRL", "CRO", "FRA", "ENG", "UKR", "SWE",
    ]
    /// The teams that have a ranking: a setup's rankings are 1 to 999.
    static let rankedTeams = 999
    /// The most teams there are names for (four digits).
    static let maximumCount = 9_999
    /// The players of each team: a full squad under EURO 2012's rules.
    static let squadSize = 23

    let teams: [Team]

    /// The first `count` teams (at most ``maximumCount``).
    init(count: Int) {
        precondition((1...Self.maximumCount).contains(count), "NewSquads: \(count) teams")
        var teams: [Team] = []
        var code = 0
        while teams.count < count {
            let letters = [code / 676, code / 26 % 26, code % 26].map { Character(UnicodeScalar(UInt8(65 + $0))) }
            code += 1
            guard !Self.euro2012Codes.contains(String(letters)) else { continue }
            let number = Self.digits(teams.count + 1, 4)
            teams.append(
                Team(
                    name: "Team \(number)", englishName: "Side \(number)", code: String(letters),
                    ranking: teams.count < Self.rankedTeams ? teams.count + 1 : nil,
                    coach: ("Coach", "Coach \(number)"), players: (1...Self.squadSize).map { Self.player($0, of: number) }))
        }
        self.teams = teams
    }

    /// The player wearing `shirt` in team `team` (its number, four digits).
    private static func player(_ shirt: Int, of team: String) -> Player {
        let twoDigits = digits(shirt, 2)
        let born = "19\(75 + shirt % 20)-" + digits(shirt % 12 + 1, 2) + "-" + digits(shirt % 28 + 1, 2)
        return Player(
            number: shirt, givenname: "Given " + twoDigits, name: "Player \(team)-" + twoDigits,
            position: ["GK", "DF", "MF", "FW"][(shirt - 1) % 4], club: "Club " + digits(shirt % 20 + 1, 2), born: born)
    }

    /// `value` with leading zeros to `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
