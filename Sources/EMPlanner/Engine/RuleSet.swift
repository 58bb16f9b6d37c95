/// The rules of one edition of the tournament, as data.
///
/// They cover points, the order of the tie-breakers, how many teams go through and the knockout
/// bracket. An older edition is a new value, not a new branch in the code.
public struct RuleSet: Hashable, Sendable {
    /// A short name such as `euro2024`.
    public var identifier: String
    /// The name people read, such as `UEFA EURO 2024`.
    public var displayName: String
    /// Points for a win.
    public var pointsPerWin: Int
    /// Points for a draw.
    public var pointsPerDraw: Int
    /// The group tie-breakers in the order they apply, starting with ``TieBreaker/points``.
    public var groupCriteria: [TieBreaker]
    /// Whether head-to-head goal difference and goals scored apply only when more than two
    /// teams are level on points (EURO 2012).
    public var headToHeadGoalsNeedMoreThanTwoTeams: Bool
    /// How cards become disciplinary points.
    public var disciplinaryScheme: DisciplinaryScheme
    /// What the ``TieBreaker/ranking`` criterion ranks by, such as `UEFA national-team
    /// coefficient ranking`.
    public var rankingName: String
    /// Teams that have no ranking position and draw lots where the ranking would decide (EURO
    /// 2024: hosts Germany, who played no qualifiers).
    public var teamsDrawingLotsInsteadOfRanking: Set<String>
    /// The groups' names, in order.
    public var groupNames: [String]
    /// How many teams of each group go through on their position alone.
    public var teamsAdvancingPerGroup: Int
    /// How many of the teams placed next after those (third-placed in the 24-team formats) go
    /// through; 0 when none do.
    public var bestThirdPlacedAdvancing: Int
    /// The criteria ranking the third-placed teams across groups, starting with
    /// ``TieBreaker/points``; empty when none go through.
    public var thirdPlacedCriteria: [TieBreaker]
    /// Which third-placed team plays which group winner; `nil` when none go through.
    public var thirdPlacedAllocation: ThirdPlacedAllocation?
    /// The knockout matches, in the order of their numbers; a slot names only earlier matches.
    public var bracket: [BracketMatch]
    /// What a team's squad may hold.
    public var squad: SquadRules

    /// A rule set.
    public init(
        identifier: String, displayName: String, pointsPerWin: Int, pointsPerDraw: Int, groupCriteria: [TieBreaker],
        headToHeadGoalsNeedMoreThanTwoTeams: Bool, disciplinaryScheme: DisciplinaryScheme, rankingName: String,
        teamsDrawingLotsInsteadOfRanking: Set<String>, groupNames: [String], teamsAdvancingPerGroup: Int,
        bestThirdPlacedAdvancing: Int, thirdPlacedCriteria: [TieBreaker], thirdPlacedAllocation: ThirdPlacedAllocation?,
        bracket: [BracketMatch], squad: SquadRules
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.pointsPerWin = pointsPerWin
        self.pointsPerDraw = pointsPerDraw
        self.groupCriteria = groupCriteria
        self.headToHeadGoalsNeedMoreThanTwoTeams = headToHeadGoalsNeedMoreThanTwoTeams
        self.disciplinaryScheme = disciplinaryScheme
        self.rankingName = rankingName
        self.teamsDrawingLotsInsteadOfRanking = teamsDrawingLotsInsteadOfRanking
        self.groupNames = groupNames
        self.teamsAdvancingPerGroup = teamsAdvancingPerGroup
        self.bestThirdPlacedAdvancing = bestThirdPlacedAdvancing
        self.thirdPlacedCriteria = thirdPlacedCriteria
        self.thirdPlacedAllocation = thirdPlacedAllocation
        self.bracket = bracket
        self.squad = squad
    }

    /// Every edition the engine knows, oldest first.
    public static let all: [RuleSet] = historicEditions + [.euro2012, .euro2016, .euro2020, .euro2024]

    /// The edition with this identifier (`euro2024`), if known.
    public static func named(_ identifier: String) -> RuleSet? {
        all.first { $0.identifier == identifier }
    }

    /// The edition played in `year`, if known: `euro2020` for 2021, when EURO 2020 was played
    /// (openfootball calls it "Euro 2021").
    public static func edition(playedIn year: Int) -> RuleSet? {
        named("euro\(year == 2021 ? 2020 : year)")
    }

    /// The bracket match with this number, if any.
    public func bracketMatch(_ number: Int) -> BracketMatch? {
        bracket.first { $0.number == number }
    }
}
