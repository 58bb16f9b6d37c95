/// One row of a squad file:
/// `  1,  Manuel Neuer,   GK,   119/0  , b. 1986,  FC Bayern Munich (GER)`.
public struct SquadPlayer: Hashable, Sendable {
    /// The shirt number.
    public var number: Int
    /// The player's name.
    public var name: String
    /// The position code as written: `GK`, `DF`, `MF`, `FW`.
    public var position: String
    /// The caps before the tournament (`119` in `119/0`), or nil if the row gives none.
    public var caps: Int?
    /// The international goals before the tournament (`0` in `119/0`), or nil if the row gives none.
    public var goals: Int?
    /// The year of birth (`b. 1986`), or nil.
    public var birthYear: Int?
    /// The club without its country (`FC Bayern Munich`), or nil.
    public var club: String?
    /// The club's country code in brackets after the club (`GER`), or nil.
    public var clubCountry: String?

    /// A squad member of the given parts.
    public init(
        number: Int,
        name: String,
        position: String,
        caps: Int? = nil,
        goals: Int? = nil,
        birthYear: Int? = nil,
        club: String? = nil,
        clubCountry: String? = nil
    ) {
        self.number = number
        self.name = name
        self.position = position
        self.caps = caps
        self.goals = goals
        self.birthYear = birthYear
        self.club = club
        self.clubCountry = clubCountry
    }
}
