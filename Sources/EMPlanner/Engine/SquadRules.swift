/// What a team's squad may hold in one edition: how many players, which shirt numbers, which of
/// them only goalkeepers wear, and how old the players are.
public struct SquadRules: Hashable, Sendable {
    /// The most players a squad has.
    public var maximumPlayers: Int
    /// The shirt numbers players wear (1 up to the squad's size at a EURO).
    public var shirtNumbers: ClosedRange<Int>
    /// Shirt numbers only goalkeepers wear (`1` at a EURO); empty when anyone wears any.
    public var goalkeeperShirts: Set<Int>
    /// How old a player may be on the tournament's first day, in whole years.
    ///
    /// Not a regulation but plausibility: the youngest player at a EURO was 16, the oldest
    /// 41, so 15...50 catches a mistyped year (2099, 1899) and admits every real squad.
    public var ages: ClosedRange<Int>

    /// Squad rules.
    public init(maximumPlayers: Int, shirtNumbers: ClosedRange<Int>, goalkeeperShirts: Set<Int>, ages: ClosedRange<Int>) {
        self.maximumPlayers = maximumPlayers
        self.shirtNumbers = shirtNumbers
        self.goalkeeperShirts = goalkeeperShirts
        self.ages = ages
    }

    /// A EURO's rules: squads of `size` players wearing 1 to `size`, number 1 a goalkeeper's,
    /// players 15 to 50 years old.
    public static func euro(size: Int) -> SquadRules {
        SquadRules(maximumPlayers: size, shirtNumbers: 1...size, goalkeeperShirts: [1], ages: 15...50)
    }

    /// The age in whole years on day `on` of someone born on day `born` (each as year, month
    /// and day).
    public static func age(born: (year: Int, month: Int, day: Int), on day: (year: Int, month: Int, day: Int)) -> Int {
        let hadBirthday = (day.month, day.day) >= (born.month, born.day)
        return day.year - born.year - (hadBirthday ? 0 : 1)
    }
}
