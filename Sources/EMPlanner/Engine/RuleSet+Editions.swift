/// The editions of the EURO final tournament, as in `RULES.md` (sections 1 and 2).
extension RuleSet {
    /// UEFA EURO 2012: 16 teams, four groups of four, the top two to the quarter-finals.
    ///
    /// Criteria: points; head-to-head points, goal difference and goals scored, the latter two
    /// only when more than two teams are level; where more than two were level and two still
    /// are, the head-to-head criteria re-applied to the match between those two; overall goal
    /// difference and goals; the last-round penalty case; the UEFA national-team coefficient;
    /// fair play (disciplinary points); lots.
    ///
    /// Source: UEFA EURO 2010–12 regulations, final-tournament article 8, as reproduced by
    /// UEFA.com in June 2012 (forum copies: flashback.org t1897500, jamiiforums EURO 2012
    /// thread p.32), with the amendment to paragraph 8.07 (a new clause d, the re-application)
    /// adopted by UEFA's Executive Committee in Istanbul on 20 March 2012, as quoted by
    /// keirradnedge.com ("Groups showdown: all the options for the last round of matches",
    /// 19 June 2012); bracket: RULES.md §2.1. The fair-play scheme is not in those sources:
    /// fair play is counted as UEFA's card points.
    public static let euro2012 = sixteenTeamFinals(
        2012, displayName: "UEFA EURO 2012", rankingName: "UEFA national-team coefficient ranking",
        lastRoundPenalties: true, reappliesHeadToHead: true, squadSize: 23,
        bracket: quarterFinalsOfSixteen + [
            (29, .semifinal, "W25", "W27"), (30, .semifinal, "W26", "W28"),
            (31, .final, "W29", "W30"),
        ])

    /// UEFA EURO 2016: 24 teams, six groups of four, the top two and the four best
    /// third-placed teams to the round of 16.
    ///
    /// Criteria: points; head-to-head points, goal difference, goals scored, re-applied to the
    /// teams still level; overall goal difference and goals; the last-round penalty case; fair
    /// play; the UEFA national-team coefficient. Third-placed teams: points, goal difference,
    /// goals scored, fair play, coefficient (no wins).
    ///
    /// Source: regulations Art. 18, Italian text published by Sportmediaset (19 June 2016) and
    /// footballroar.com (June 2016); third-placed criteria: footballroar.com, the UEFA
    /// permutations text reproduced on sportzcenter.net; bracket: a public EURO 2016 .ics
    /// generator and the fixtures (RULES.md §1.2, §2.2).
    ///
    /// - Important: The third-placed allocation table is reproduced from memory of the
    ///   regulations' annex (RULES.md §2.2). Every row respects the bracket's slots and the row
    ///   that occurred (B C E F) matches the fixtures, but the other 14 rows were not found in
    ///   a source.
    public static let euro2016 = RuleSet(
        identifier: "euro2016",
        displayName: "UEFA EURO 2016",
        pointsPerWin: 3,
        pointsPerDraw: 1,
        groupCriteria: [
            .points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsScored, .reapplyHeadToHead,
            .goalDifference, .goalsScored, .lastRoundPenalties, .disciplinaryPoints, .ranking,
        ],
        headToHeadGoalsNeedMoreThanTwoTeams: false,
        disciplinaryScheme: .uefa(countsTeamOfficials: false),
        rankingName: "UEFA national-team coefficient ranking",
        teamsDrawingLotsInsteadOfRanking: [],
        groupNames: ["A", "B", "C", "D", "E", "F"],
        teamsAdvancingPerGroup: 2,
        bestThirdPlacedAdvancing: 4,
        thirdPlacedCriteria: [.points, .goalDifference, .goalsScored, .disciplinaryPoints, .ranking],
        thirdPlacedAllocation: ThirdPlacedAllocation(
            columns: "ABCD",
            rows: [
                "ABCD": "CDAB", "ABCE": "CABE", "ABCF": "CABF", "ABDE": "DABE", "ABDF": "DABF",
                "ABEF": "EABF", "ACDE": "CDAE", "ACDF": "CDAF", "ACEF": "CAFE", "ADEF": "DAFE",
                "BCDE": "CDBE", "BCDF": "CDBF", "BCEF": "ECBF", "BDEF": "EDBF", "CDEF": "CDFE",
            ]),
        bracket: bracket([
            (37, .round16, "2A", "2C"), (38, .round16, "1B", "3A/C/D"),
            (39, .round16, "1D", "3B/E/F"), (40, .round16, "1A", "3C/D/E"),
            (41, .round16, "1C", "3A/B/F"), (42, .round16, "1F", "2E"),
            (43, .round16, "1E", "2D"), (44, .round16, "2B", "2F"),
            (45, .quarterfinal, "W37", "W39"), (46, .quarterfinal, "W38", "W42"),
            (47, .quarterfinal, "W41", "W43"), (48, .quarterfinal, "W40", "W44"),
            (49, .semifinal, "W45", "W46"), (50, .semifinal, "W47", "W48"),
            (51, .final, "W49", "W50"),
        ]),
        squad: .euro(size: 23))

    /// UEFA EURO 2020, played in 2021: 24 teams as in 2016.
    ///
    /// Criteria: points; head-to-head points, goal difference, goals scored, re-applied; overall
    /// goal difference and goals; last-round penalties; disciplinary points; European
    /// Qualifiers overall ranking. Third-placed teams: points, goal difference, goals scored,
    /// wins, disciplinary points, European Qualifiers ranking.
    ///
    /// Source: regulations Art. 20 quoted in wernerholzapfel/hetekspelapp
    /// (`src/app/pages/predictions_tab/knockout/knockout.page.ts`) and the sportschau.de EURO
    /// 2020 explainer; allocation table: hetekspelapp and zhengfen/euro2020
    /// `resources/js/util.js`; bracket: openfootball/euro (RULES.md §1.3, §2.3).
    public static let euro2020 = RuleSet(
        identifier: "euro2020",
        displayName: "UEFA EURO 2020",
        pointsPerWin: 3,
        pointsPerDraw: 1,
        groupCriteria: modernGroupCriteria,
        headToHeadGoalsNeedMoreThanTwoTeams: false,
        disciplinaryScheme: .uefa(countsTeamOfficials: false),
        rankingName: "European Qualifiers overall ranking",
        teamsDrawingLotsInsteadOfRanking: [],
        groupNames: ["A", "B", "C", "D", "E", "F"],
        teamsAdvancingPerGroup: 2,
        bestThirdPlacedAdvancing: 4,
        thirdPlacedCriteria: modernThirdPlacedCriteria,
        thirdPlacedAllocation: allocation2020,
        bracket: bracket(
            round16OfTwenty20 + [
                (45, .quarterfinal, "W41", "W42"), (46, .quarterfinal, "W39", "W37"),
                (47, .quarterfinal, "W40", "W38"), (48, .quarterfinal, "W43", "W44"),
                (49, .semifinal, "W46", "W45"), (50, .semifinal, "W48", "W47"),
                (51, .final, "W49", "W50"),
            ]),
        squad: .euro(size: 26))

    /// UEFA EURO 2024: as EURO 2020, except that disciplinary points count the cards of team
    /// officials as well as players', and hosts Germany (no qualifiers ranking) draw lots
    /// where the ranking would decide.
    ///
    /// Source: regulations Art. 20 as quoted by sportstar.thehindu.com, ESPN and
    /// sportingnews.com (June 2024); allocation table and bracket as for 2020, checked against
    /// the 2024 fixtures (RULES.md §1.4, §2.3).
    public static let euro2024 = RuleSet(
        identifier: "euro2024",
        displayName: "UEFA EURO 2024",
        pointsPerWin: 3,
        pointsPerDraw: 1,
        groupCriteria: modernGroupCriteria,
        headToHeadGoalsNeedMoreThanTwoTeams: false,
        disciplinaryScheme: .uefa(countsTeamOfficials: true),
        rankingName: "European Qualifiers overall ranking",
        teamsDrawingLotsInsteadOfRanking: ["GER"],
        groupNames: ["A", "B", "C", "D", "E", "F"],
        teamsAdvancingPerGroup: 2,
        bestThirdPlacedAdvancing: 4,
        thirdPlacedCriteria: modernThirdPlacedCriteria,
        thirdPlacedAllocation: allocation2020,
        bracket: bracket(
            round16OfTwenty20 + [
                (45, .quarterfinal, "W39", "W37"), (46, .quarterfinal, "W41", "W42"),
                (47, .quarterfinal, "W43", "W44"), (48, .quarterfinal, "W40", "W38"),
                (49, .semifinal, "W45", "W46"), (50, .semifinal, "W47", "W48"),
                (51, .final, "W49", "W50"),
            ]),
        squad: .euro(size: 26))

    private static let modernGroupCriteria: [TieBreaker] = [
        .points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsScored, .reapplyHeadToHead,
        .goalDifference, .goalsScored, .lastRoundPenalties, .disciplinaryPoints, .ranking,
    ]

    private static let modernThirdPlacedCriteria: [TieBreaker] = [
        .points, .goalDifference, .goalsScored, .wins, .disciplinaryPoints, .ranking,
    ]

    private static let round16OfTwenty20: [(Int, KnockoutRound, String, String)] = [
        (37, .round16, "1A", "2C"), (38, .round16, "2A", "2B"),
        (39, .round16, "1B", "3A/D/E/F"), (40, .round16, "1C", "3D/E/F"),
        (41, .round16, "1F", "3A/B/C"), (42, .round16, "2D", "2E"),
        (43, .round16, "1E", "3A/B/C/D"), (44, .round16, "1D", "2F"),
    ]

    private static let allocation2020 = ThirdPlacedAllocation(
        columns: "BCEF",
        rows: [
            "ABCD": "ADBC", "ABCE": "AEBC", "ABCF": "AFBC", "ABDE": "DEAB", "ABDF": "DFAB",
            "ABEF": "EFBA", "ACDE": "EDCA", "ACDF": "FDCA", "ACEF": "EFCA", "ADEF": "EFDA",
            "BCDE": "EDBC", "BCDF": "FDCB", "BCEF": "FECB", "BDEF": "FEDB", "CDEF": "FEDC",
        ])

    /// A rule set's bracket from its table rows: number, round, home and away slot labels.
    static func bracket(_ rows: [(Int, KnockoutRound, String, String)]) -> [BracketMatch] {
        rows.map { BracketMatch(number: $0.0, round: $0.1, home: SlotLabel(table: $0.2), away: SlotLabel(table: $0.3)) }
    }
}
