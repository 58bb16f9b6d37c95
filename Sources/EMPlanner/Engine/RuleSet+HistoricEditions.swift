/// The editions of the EURO final tournament before 2012, for importing their results (RULES.md
/// §6).
///
/// Match numbers: group matches first, in kick-off order, then the knockout matches in kick-off
/// order, as the openfootball files list them; UEFA's own numbers for these editions were not
/// checked. Home and away sides are as the openfootball files give them. The groups of 1980 to
/// 1992, which UEFA called Group 1 and Group 2, are `A` and `B` here, because a slot names a
/// group by one letter (`1A`).
///
/// The semi-finals of 1960 to 1976 pair the four qualified teams (``SlotLabel/qualifier(_:)``,
/// `Q1` to `Q4`, in the order the tournament pairs them). A knockout match level after extra
/// time was decided by the toss of a coin up to 1968 (``MatchResult/wonByLots``), a final by
/// a replay (1968: the replay decides bracket match 4); 1980's third-place match went to a
/// shoot-out straight after 90 minutes.
///
/// Not expressible: a fair-play criterion that was UEFA's assessment of conduct, not card
/// points (1996 to 2008): ``TieBreaker/disciplinaryPoints`` stands for it (RULES.md §6.14).
extension RuleSet {
    /// European Nations' Cup 1960, France: four teams, semi-finals, a third-place match and the
    /// final.
    ///
    /// Knockout: extra time, then the toss of a coin; the final was to be replayed if level
    /// after extra time. No group stage; points are those of the qualifying rounds.
    ///
    /// Source: openfootball/euro `1960--france/euro.txt` (notes and fixtures); RULES.md §6.1.
    public static let euro1960 = fourTeamFinals(
        1960, displayName: "European Nations' Cup 1960",
        thirdPlace: ("L2", "L1"), final: ("W2", "W1"))

    /// European Nations' Cup 1964, Spain: as 1960.
    ///
    /// Source: openfootball/euro `1964--spain/euro.txt`; RULES.md §6.2.
    public static let euro1964 = fourTeamFinals(
        1964, displayName: "European Nations' Cup 1964",
        thirdPlace: ("L1", "L2"), final: ("W1", "W2"))

    /// UEFA European Championship 1968, Italy: four teams as in 1960.
    ///
    /// Italy went through their semi-final against the Soviet Union on the toss of a coin after
    /// 0–0; the final, 1–1 after extra time, was replayed two days later (the replay decides
    /// match 4).
    ///
    /// Source: openfootball/euro `1968--italy/euro.txt`; Wikipedia "UEFA Euro 1968"; RULES.md
    /// §6.3.
    public static let euro1968 = fourTeamFinals(
        1968, displayName: "UEFA European Championship 1968",
        thirdPlace: ("L2", "L1"), final: ("W1", "W2"))

    /// UEFA European Championship 1972, Belgium: four teams as in 1960.
    ///
    /// Knockout: extra time, then kicks from the penalty mark according to Wikipedia's "UEFA
    /// Euro 1972 final tournament"; Wikipedia's list of shoot-outs dates them from 1976. No
    /// match went to extra time, so the data cannot tell.
    ///
    /// Source: openfootball/euro `1972--belgium/euro.txt`; RULES.md §6.4.
    public static let euro1972 = fourTeamFinals(
        1972, displayName: "UEFA European Championship 1972",
        thirdPlace: ("L1", "L2"), final: ("W1", "W2"))

    /// UEFA European Championship 1976, Yugoslavia: four teams as in 1960.
    ///
    /// Knockout: extra time, then kicks from the penalty mark; UEFA had provided for a replay
    /// of the final, but the finalists agreed on a shoot-out, the first to decide a EURO.
    ///
    /// Source: openfootball/euro `1976--yugoslavia/euro.txt`; Wikipedia "UEFA Euro 1976 final
    /// tournament" and "Penalty shoot-out (association football)"; RULES.md §6.5.
    public static let euro1976 = fourTeamFinals(
        1976, displayName: "UEFA European Championship 1976",
        thirdPlace: ("L1", "L2"), final: ("W1", "W2"))

    /// UEFA European Championship 1980, Italy: eight teams, two groups of four; the group
    /// winners play the final, the runners-up the third-place match.
    ///
    /// Points: 2 for a win. Criteria: points, goal difference, goals scored, drawing of lots;
    /// no head-to-head. Knockout: the third-place match went to a shoot-out straight after 90
    /// minutes; the final had extra time, then a shoot-out.
    ///
    /// Source: Wikipedia "UEFA Euro 1980", "UEFA Euro 1980 Group 1", "Group 2" and "knockout
    /// stage"; the criteria are those Wikipedia gives for 1984 and the 1988 qualifiers, and the
    /// 1980 tables agree with them (Czechoslovakia second on goal difference, Belgium first on
    /// goals). RULES.md §6.6.
    public static let euro1980 = RuleSet(
        identifier: "euro1980",
        displayName: "UEFA European Championship 1980",
        pointsPerWin: 2,
        pointsPerDraw: 1,
        groupCriteria: eightTeamCriteria,
        headToHeadGoalsNeedMoreThanTwoTeams: false,
        disciplinaryScheme: .uefa(countsTeamOfficials: false),
        rankingName: "",
        teamsDrawingLotsInsteadOfRanking: [],
        groupNames: ["A", "B"],
        teamsAdvancingPerGroup: 2,
        bestThirdPlacedAdvancing: 0,
        thirdPlacedCriteria: [],
        thirdPlacedAllocation: nil,
        bracket: bracket([
            (13, .thirdPlace, "2A", "2B"),
            (14, .final, "1A", "1B"),
        ]),
        squad: SquadRules(maximumPlayers: 22, shirtNumbers: 1...22, goalkeeperShirts: [], ages: 15...50))

    /// UEFA European Championship 1984, France: eight teams, two groups of four, the top two to
    /// the semi-finals; no third-place match from now on.
    ///
    /// Points: 2 for a win. Criteria: points, goal difference, goals scored, drawing of lots
    /// ("teams on equal points were ranked by goal difference instead of head-to-head
    /// results"). Knockout: extra time, then a shoot-out.
    ///
    /// Source: Wikipedia "UEFA Euro 1984" (2013 text, as archived on web.archive.org from
    /// wn.com) and "UEFA Euro 1984 knockout stage"; squads of 20: Wikipedia "UEFA Euro 1984
    /// squads". RULES.md §6.7.
    public static let euro1984 = eightTeamFinals(
        1984, final: ("W13", "W14"))

    /// UEFA European Championship 1988, West Germany: as 1984.
    ///
    /// Source: as 1984; Wikipedia "UEFA Euro 1988 qualifying" gives the same criteria (points,
    /// goal difference, goals scored, drawing of lots). RULES.md §6.8.
    public static let euro1988 = eightTeamFinals(
        1988, final: ("W13", "W14"))

    /// UEFA European Championship 1992, Sweden: as 1984, the last edition with eight teams and
    /// 2 points for a win.
    ///
    /// Source: as 1984; Wikipedia "UEFA Euro 1992" and "UEFA Euro 1992 squads" (20 players).
    /// RULES.md §6.9.
    public static let euro1992 = eightTeamFinals(
        1992, final: ("W14", "W13"))

    /// UEFA EURO '96, England: 16 teams, four groups of four, the top two to the
    /// quarter-finals; 3 points for a win.
    ///
    /// Criteria: points; head-to-head points, then head-to-head goal difference and goals
    /// scored when more than two teams are level; overall goal difference and goals; the
    /// coefficient of the EURO '92, 1994 World Cup and EURO '96 qualifying competitions; fair
    /// play; drawing of lots. Knockout: golden goal in extra time, then a shoot-out.
    ///
    /// Source: The Independent, "Rules of engagement: laying down the law in Euro 96" (June
    /// 1996); The Irish Times, "How qualification is decided" (June 1996). Group C confirms
    /// head-to-head first: the Czech Republic (goal difference −1) beat Italy (0) to second
    /// place on their 2–1 win. RULES.md §6.10.
    ///
    /// - Important: "Fair play" was UEFA's assessment of the conduct of players and supporters,
    ///   not card points; ``TieBreaker/disciplinaryPoints`` stands for it.
    public static let euro1996 = sixteenTeamFinals(
        1996, displayName: "UEFA EURO '96",
        rankingName: "coefficient of the EURO '92, 1994 World Cup and EURO '96 qualifying competitions",
        lastRoundPenalties: false, squadSize: 22,
        bracket: quarterFinalsOfSixteen + [
            (29, .semifinal, "W26", "W28"), (30, .semifinal, "W25", "W27"),
            (31, .final, "W30", "W29"),
        ])

    /// UEFA EURO 2000, Belgium and the Netherlands: 16 teams as in 1996.
    ///
    /// Criteria: as 1996, the coefficient being that of the 1998 World Cup and EURO 2000
    /// qualifying competitions. Knockout: golden goal, then a shoot-out.
    ///
    /// Source: Wikipedia "UEFA Euro 2000 Group C" (FR Yugoslavia ahead of Norway on their
    /// head-to-head 1–0); the full list was not found and is taken from 1996 and 2004, which
    /// agree. RULES.md §6.11.
    public static let euro2000 = sixteenTeamFinals(
        2000, displayName: "UEFA EURO 2000",
        rankingName: "coefficient of the 1998 World Cup and EURO 2000 qualifying competitions",
        lastRoundPenalties: false, squadSize: 22,
        bracket: [
            (25, .quarterfinal, "1A", "2B"), (26, .quarterfinal, "1B", "2A"),
            (27, .quarterfinal, "1D", "2C"), (28, .quarterfinal, "2D", "1C"),
            (29, .semifinal, "W25", "W28"), (30, .semifinal, "W26", "W27"),
            (31, .final, "W29", "W30"),
        ])

    /// UEFA EURO 2004, Portugal: 16 teams as in 1996.
    ///
    /// Criteria: points; head-to-head points, then head-to-head goal difference and goals
    /// scored when more than two teams are level; overall goal difference and goals; the
    /// last-round penalty case (new in 2004); the coefficient of the 2002 World Cup and EURO
    /// 2004 qualifying competitions (points per match); fair play; drawing of lots. Knockout:
    /// silver goal, then a shoot-out.
    ///
    /// Group C: Sweden, Denmark and Italy level on 5 points, every match among them drawn
    /// (Denmark–Italy 0–0, Italy–Sweden 1–1, Denmark–Sweden 2–2), were ranked on head-to-head
    /// goals scored: Sweden 3, Denmark 2, Italy 1.
    ///
    /// Source: the regulation's list quoted on tranceaddict.com (June 2004) and Wikipedia "UEFA
    /// Euro 2004" (copy on uefaeuro2004portugal.blogspot.com); RULES.md §6.12.
    public static let euro2004 = sixteenTeamFinals(
        2004, displayName: "UEFA EURO 2004",
        rankingName: "coefficient of the 2002 World Cup and EURO 2004 qualifying competitions",
        lastRoundPenalties: true, squadSize: 23,
        bracket: quarterFinalsOfSixteen + [
            (29, .semifinal, "W25", "W27"), (30, .semifinal, "W26", "W28"),
            (31, .final, "W29", "W30"),
        ])

    /// UEFA EURO 2008, Austria and Switzerland: 16 teams as in 1996, with the winners of the
    /// quarter-finals of groups A and B meeting in one semi-final.
    ///
    /// Criteria: as 2004 (regulations 2006/08 Art. 7.07 and 7.08), the coefficient being that
    /// of the 2006 World Cup and EURO 2008 qualifying competitions. Knockout: extra time, then
    /// a shoot-out.
    ///
    /// Source: the regulation's text quoted on blog.eruhkim.net (June 2008); RULES.md §6.13.
    /// Group A confirms head-to-head first: the Czech Republic (goal difference −2) third ahead
    /// of Switzerland (0) on their 1–0 win.
    public static let euro2008 = sixteenTeamFinals(
        2008, displayName: "UEFA EURO 2008",
        rankingName: "coefficient of the 2006 World Cup and EURO 2008 qualifying competitions",
        lastRoundPenalties: true, squadSize: 23,
        bracket: quarterFinalsOfSixteen + [
            (29, .semifinal, "W25", "W26"), (30, .semifinal, "W27", "W28"),
            (31, .final, "W29", "W30"),
        ])

    /// The editions before 2012, oldest first.
    public static let historicEditions: [RuleSet] = [
        .euro1960, .euro1964, .euro1968, .euro1972, .euro1976, .euro1980, .euro1984, .euro1988, .euro1992,
        .euro1996, .euro2000, .euro2004, .euro2008,
    ]

    /// 1980 to 1992: overall goal difference before anything else, no head-to-head.
    private static let eightTeamCriteria: [TieBreaker] = [.points, .goalDifference, .goalsScored, .drawingOfLots]

    /// 1996 to 2008: head-to-head first, not re-applied; the coefficient before fair play.
    private static func sixteenTeamCriteria(lastRoundPenalties: Bool, reappliesHeadToHead: Bool) -> [TieBreaker] {
        [.points, .headToHeadPoints, .headToHeadGoalDifference, .headToHeadGoalsScored]
            + (reappliesHeadToHead ? [.reapplyHeadToHeadToTwoTeams] : []) + [.goalDifference, .goalsScored]
            + (lastRoundPenalties ? [.lastRoundPenalties] : []) + [.ranking, .disciplinaryPoints, .drawingOfLots]
    }

    /// 1996, 2004, 2008 and 2012: 1A v 2B, 1B v 2A, 1C v 2D, 1D v 2C, in kick-off order.
    static let quarterFinalsOfSixteen: [(Int, KnockoutRound, String, String)] = [
        (25, .quarterfinal, "1A", "2B"), (26, .quarterfinal, "1B", "2A"),
        (27, .quarterfinal, "1C", "2D"), (28, .quarterfinal, "1D", "2C"),
    ]

    /// A four-team final tournament (1960 to 1976): semi-finals 1 (`Q1` v `Q2`) and 2 (`Q3` v
    /// `Q4`), the third-place match 3 and the final 4.
    private static func fourTeamFinals(
        _ year: Int, displayName: String, thirdPlace: (String, String), final: (String, String)
    ) -> RuleSet {
        let rows: [(Int, KnockoutRound, String, String)] = [
            (1, .semifinal, "Q1", "Q2"), (2, .semifinal, "Q3", "Q4"),
            (3, .thirdPlace, thirdPlace.0, thirdPlace.1), (4, .final, final.0, final.1),
        ]
        return RuleSet(
            identifier: "euro\(year)",
            displayName: displayName,
            pointsPerWin: 2,
            pointsPerDraw: 1,
            // No group stage: the list only keeps to the rule that criteria start with points.
            groupCriteria: [.points],
            headToHeadGoalsNeedMoreThanTwoTeams: false,
            disciplinaryScheme: .uefa(countsTeamOfficials: false),
            rankingName: "",
            teamsDrawingLotsInsteadOfRanking: [],
            groupNames: [],
            teamsAdvancingPerGroup: 0,
            bestThirdPlacedAdvancing: 0,
            thirdPlacedCriteria: [],
            thirdPlacedAllocation: nil,
            bracket: bracket(rows),
            // Not a regulation: squads and shirt numbers varied (1960: shirt 24, a goalkeeper
            // in 16); bounds that admit the recorded squads.
            squad: SquadRules(maximumPlayers: 25, shirtNumbers: 1...25, goalkeeperShirts: [], ages: 15...50))
    }

    /// An eight-team final tournament with semi-finals (1984 to 1992): groups A and B, 1A v 2B
    /// and 1B v 2A (matches 13 and 14), the final 15; squads of 20.
    private static func eightTeamFinals(_ year: Int, final: (String, String)) -> RuleSet {
        RuleSet(
            identifier: "euro\(year)",
            displayName: "UEFA European Championship \(year)",
            pointsPerWin: 2,
            pointsPerDraw: 1,
            groupCriteria: eightTeamCriteria,
            headToHeadGoalsNeedMoreThanTwoTeams: false,
            disciplinaryScheme: .uefa(countsTeamOfficials: false),
            rankingName: "",
            teamsDrawingLotsInsteadOfRanking: [],
            groupNames: ["A", "B"],
            teamsAdvancingPerGroup: 2,
            bestThirdPlacedAdvancing: 0,
            thirdPlacedCriteria: [],
            thirdPlacedAllocation: nil,
            bracket: bracket([
                (13, .semifinal, "1A", "2B"), (14, .semifinal, "1B", "2A"),
                (15, .final, final.0, final.1),
            ]),
            squad: SquadRules(maximumPlayers: 20, shirtNumbers: 1...20, goalkeeperShirts: [], ages: 15...50))
    }

    /// A sixteen-team final tournament (1996 to 2012): four groups of four, the top two to the
    /// quarter-finals; 3 points for a win; head-to-head first, re-applied only where
    /// `reappliesHeadToHead` (to two teams still level, as 2012's amended regulations say).
    static func sixteenTeamFinals(
        _ year: Int, displayName: String, rankingName: String, lastRoundPenalties: Bool,
        reappliesHeadToHead: Bool = false, squadSize: Int, bracket rows: [(Int, KnockoutRound, String, String)]
    ) -> RuleSet {
        RuleSet(
            identifier: "euro\(year)",
            displayName: displayName,
            pointsPerWin: 3,
            pointsPerDraw: 1,
            groupCriteria: sixteenTeamCriteria(lastRoundPenalties: lastRoundPenalties, reappliesHeadToHead: reappliesHeadToHead),
            headToHeadGoalsNeedMoreThanTwoTeams: true,
            disciplinaryScheme: .uefa(countsTeamOfficials: false),
            rankingName: rankingName,
            teamsDrawingLotsInsteadOfRanking: [],
            groupNames: ["A", "B", "C", "D"],
            teamsAdvancingPerGroup: 2,
            bestThirdPlacedAdvancing: 0,
            thirdPlacedCriteria: [],
            thirdPlacedAllocation: nil,
            bracket: bracket(rows),
            squad: .euro(size: squadSize))
    }
}
