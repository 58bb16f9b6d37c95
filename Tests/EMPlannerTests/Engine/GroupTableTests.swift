import Testing

@testable import EMPlanner

/// A match of a constructed group: `"A-B 1:0 @3"` is A at home to B, 1:0, on matchday 3;
/// `"A-B @3"` is unplayed; `"A-B 2:2 p4:3 @3"` adds a shoot-out.
func groupMatch(_ text: String) -> GroupMatch {
    let parts = text.split(separator: " ")
    let teams = parts[0].split(separator: "-").map(String.init)
    func score(_ part: Substring) -> Score {
        let goals = part.split(separator: ":").map { Int($0)! }
        return Score(goals[0], goals[1])
    }
    var match = GroupMatch(home: teams[0], away: teams[1], matchday: Int(parts.last!.dropFirst())!)
    for part in parts.dropFirst().dropLast() {
        if part.hasPrefix("p") {
            match.penalties = score(part.dropFirst())
        } else {
            match.score = score(part)
        }
    }
    return match
}

/// A group of teams A, B, C, D with these matches.
func group(
    _ matches: [String], teams: [String] = ["A", "B", "C", "D"], cards: [String: Int] = [:], ranking: [String: Int] = [:],
    officialOrder: [String]? = nil
) -> GroupResults {
    GroupResults(
        name: "X", teams: teams, matches: matches.map(groupMatch), disciplinaryPoints: cards, ranking: ranking,
        officialOrder: officialOrder)
}

/// Groups built to exercise one tie-breaker each.
@Suite("Engine: group tables")
struct GroupTableTests {
    /// A and B level on 3 points with identical records; they met on matchday 1 (EURO 2024
    /// Group C's shape: C 5, A 3, B 3, D 2).
    static let identicalPair = [
        "B-A 1:1 @1", "D-C 0:1 @1", "B-D 1:1 @2", "A-C 1:1 @2", "C-B 0:0 @3", "A-D 0:0 @3",
    ]

    @Test("A table counts P W D L GF GA GD Pts from played matches only")
    func records() {
        let table = GroupTable(group(["A-B 3:1 @1", "C-D 0:0 @1", "A-C @2", "B-D 2:0 @2"]), ruleSet: .euro2024)
        #expect(!table.isComplete)
        let a = table.standing(of: "A")?.record
        #expect(a == TeamRecord(played: 1, won: 1, drawn: 0, lost: 0, goalsFor: 3, goalsAgainst: 1, points: 3))
        #expect(a?.goalDifference == 2)
        #expect(
            table.standing(of: "B")?.record
                == TeamRecord(played: 2, won: 1, drawn: 0, lost: 1, goalsFor: 3, goalsAgainst: 3, points: 3))
        #expect(table.standing(of: "C")?.record.points == 1)
        #expect(table.rows.map(\.team) == ["A", "B", "C", "D"])
    }

    @Test("A group is complete once every pair has met and every match is played")
    func completeness() {
        #expect(GroupTable(group(Self.identicalPair), ruleSet: .euro2024).isComplete)
        #expect(!GroupTable(group(Array(Self.identicalPair.dropLast())), ruleSet: .euro2024).isComplete)
    }

    @Test("Points for a win come from the rule set (two before 1996)")
    func pointsPerWin() {
        var ruleSet = RuleSet.euro2012
        ruleSet.pointsPerWin = 2
        let table = GroupTable(group(["A-B 1:0 @1", "C-D 1:1 @1"]), ruleSet: ruleSet)
        #expect(table.rows.map(\.record.points) == [2, 1, 1, 0])
    }

    @Test("Head-to-head points come before goal difference")
    func headToHeadPoints() {
        let table = GroupTable(
            group(["A-B 1:0 @1", "C-D 1:0 @1", "A-C 0:3 @2", "B-D 4:0 @2", "A-D 0:0 @3", "B-C 0:0 @3"]),
            ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "A", "B", "D"])
        #expect(table.rows.map(\.rank) == [1, 2, 3, 4])
        #expect(table.standing(of: "B")!.record.goalDifference > table.standing(of: "A")!.record.goalDifference)
        #expect(
            table.decisions == [
                .separated(ahead: ["A"], behind: ["B"], by: .headToHeadPoints, aheadValue: 3, behindValue: 0, among: ["A", "B"])
            ])
    }

    @Test(
        "Head-to-head goal difference separates three teams level on head-to-head points",
        arguments: [RuleSet.euro2012, .euro2024])
    func headToHeadGoalDifference(ruleSet: RuleSet) {
        let table = GroupTable(
            group(["A-B 3:0 @1", "C-D 5:0 @1", "B-C 1:0 @2", "A-D 1:0 @2", "C-A 1:0 @3", "B-D 1:0 @3"]), ruleSet: ruleSet)
        #expect(table.rows.map(\.team) == ["A", "C", "B", "D"])
        #expect(table.standing(of: "C")!.record.goalDifference > table.standing(of: "A")!.record.goalDifference)
        #expect(
            table.decisions.map(\.description) == [
                "A ahead of C: head-to-head goal difference among A, B, C +2 vs 0",
                "C ahead of B: head-to-head goal difference among A, B, C 0 vs -2",
            ])
    }

    @Test("Head-to-head goals scored separate three teams level on head-to-head goal difference")
    func headToHeadGoals() {
        let table = GroupTable(
            group(["A-B 1:0 @1", "C-D 1:0 @1", "B-C 3:2 @2", "A-D 5:0 @2", "C-A 2:1 @3", "B-D 3:0 @3"]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "B", "A", "D"])
        #expect(
            table.decisions == [
                .separated(
                    ahead: ["C"], behind: ["B"], by: .headToHeadGoalsScored, aheadValue: 4, behindValue: 3,
                    among: ["A", "B", "C"]),
                .separated(
                    ahead: ["B"], behind: ["A"], by: .headToHeadGoalsScored, aheadValue: 3, behindValue: 2,
                    among: ["A", "B", "C"]),
            ])
    }

    /// A, B, C level on points and on head-to-head points and goal difference; A scored fewest
    /// among them; B beat C, but C has the better overall goal difference.
    static let reapplication = ["A-B 1:0 @1", "C-D 3:0 @1", "B-C 2:1 @2", "A-D 1:0 @2", "C-A 1:0 @3", "B-D 1:0 @3"]

    @Test("Head-to-head criteria are re-applied to the two teams still level")
    func reapplication() {
        let table = GroupTable(group(Self.reapplication), ruleSet: .euro2016)
        #expect(table.rows.map(\.team) == ["B", "C", "A", "D"])
        #expect(
            table.decisions == [
                .separated(ahead: ["B"], behind: ["C"], by: .headToHeadPoints, aheadValue: 3, behindValue: 0, among: ["B", "C"]),
                .separated(
                    ahead: ["C"], behind: ["A"], by: .headToHeadGoalsScored, aheadValue: 2, behindValue: 1,
                    among: ["A", "B", "C"]),
            ])
    }

    @Test("EURO 2012, as amended in March 2012, re-applies head-to-head to the two teams still level")
    func reapplicationIn2012() {
        let table = GroupTable(group(Self.reapplication), ruleSet: .euro2012)
        #expect(table.rows.map(\.team) == ["B", "C", "A", "D"])
        #expect(
            table.decisions.map(\.description) == [
                "B ahead of C: head-to-head points 3–0",
                "C ahead of A: head-to-head goals scored among A, B, C 2–1",
            ])
    }

    @Test("EURO 1996 to 2008 do not re-apply: overall goal difference separates the two still level")
    func noReapplicationBefore2012() {
        for ruleSet in [RuleSet.euro1996, .euro2000, .euro2004, .euro2008] {
            let table = GroupTable(group(Self.reapplication), ruleSet: ruleSet)
            #expect(table.rows.map(\.team) == ["C", "B", "A", "D"], "\(ruleSet.identifier)")
            #expect(table.decisions.first?.description == "C ahead of B: goal difference +3 vs +1", "\(ruleSet.identifier)")
        }
    }

    @Test("EURO 2012 re-applies to two teams only: three still level go on to overall goal difference")
    func noReapplicationToThreeIn2012() {
        // Every match drawn, all four on 3 points; A scored most among them. Among B, C and D,
        // D scored fewest (B-C 1:1, the others 0:0), but all three scored 2 in all.
        let results = group(["A-B 1:1 @1", "C-D 0:0 @1", "A-C 1:1 @2", "B-D 0:0 @2", "A-D 2:2 @3", "B-C 1:1 @3"])
        let reapplied: [String] = GroupTable(results, ruleSet: .euro2016).decisions.map(\.description)
        #expect(
            reapplied == [
                "A ahead of B, C: head-to-head goals scored among A, B, C, D 4–2",
                "B, C level: no cards recorded",
                "B, C ahead of D: head-to-head goals scored 1–0",
            ])
        let notReapplied: [String] = GroupTable(results, ruleSet: .euro2012).decisions.map(\.description)
        #expect(notReapplied == ["A ahead of B, C, D: head-to-head goals scored 4–2", "B, C, D level: no ranking given"])
    }

    @Test("EURO 2012 applies head-to-head goal difference only when more than two teams are level")
    func twoTeamHeadToHeadGoalsIn2012() {
        // Two level teams of a round robin drew each other, so the rule shows only where two
        // teams met twice: A won 3:1, B won 1:0.
        let results = group(["A-B 3:1 @1", "B-A 1:0 @2"], teams: ["A", "B"])
        #expect(
            GroupTable(results, ruleSet: .euro2016).decisions == [
                .separated(
                    ahead: ["A"], behind: ["B"], by: .headToHeadGoalDifference, aheadValue: 1, behindValue: -1, among: ["A", "B"])
            ])
        #expect(
            GroupTable(results, ruleSet: .euro2012).decisions == [
                .separated(ahead: ["A"], behind: ["B"], by: .goalDifference, aheadValue: 1, behindValue: -1, among: [])
            ])
    }

    @Test("Overall goal difference separates two teams that drew each other")
    func goalDifference() {
        let table = GroupTable(
            group(["A-B 1:1 @1", "C-D 0:0 @1", "A-C 3:0 @2", "B-D 0:1 @2", "D-A 1:0 @3", "B-C 1:0 @3"]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["D", "A", "B", "C"])
        #expect(table.decisions.map(\.description) == ["A ahead of B: goal difference +2 vs 0"])
    }

    @Test("Overall goals scored separate two teams level on goal difference")
    func goalsScored() {
        let table = GroupTable(
            group(["A-B 2:2 @1", "C-D 0:0 @1", "A-C 2:0 @2", "B-D 0:1 @2", "D-A 1:0 @3", "B-C 3:1 @3"]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["D", "B", "A", "C"])
        #expect(table.decisions.map(\.description) == ["B ahead of A: goals scored 5–4"])
    }

    /// A and B level on 4 points, 3:3 goals, drew 2:2 on the last matchday; C 6, D 3.
    static func lastRoundDraw(penalties: String? = " p3:4", matchday: Int = 3) -> [String] {
        let other = matchday == 3 ? 1 : 3
        return [
            "A-C 1:0 @\(other)", "B-D 1:0 @1", "A-D 0:1 @2", "C-B 1:0 @2", "B-A 2:2\(penalties ?? "") @\(matchday)",
            "C-D 1:0 @3",
        ]
    }

    @Test("Last-round penalties decide between two teams level on points and goals who drew on the last matchday")
    func lastRoundPenalties() {
        let table = GroupTable(group(Self.lastRoundDraw()), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "A", "B", "D"])
        #expect(
            table.decisions == [
                .separated(ahead: ["A"], behind: ["B"], by: .lastRoundPenalties, aheadValue: 4, behindValue: 3, among: [])
            ])
        #expect(table.decisions.map(\.description) == ["A ahead of B: last-round penalties 4–3"])
    }

    @Test(
        "Last-round penalties apply under every edition's rules that have them (2004 on)",
        arguments: RuleSet.all.filter { $0.groupCriteria.contains(.lastRoundPenalties) })
    func lastRoundPenaltiesInEveryEdition(ruleSet: RuleSet) {
        let table = GroupTable(
            group(Self.lastRoundDraw(), cards: ["A": 9, "B": 0], ranking: ["A": 30, "B": 1]), ruleSet: ruleSet)
        #expect(table.rows.map(\.team) == ["C", "A", "B", "D"])
        #expect(Int(ruleSet.identifier.dropFirst(4))! >= 2004)
    }

    @Test("Without a recorded shoot-out the penalty case leaves the two level, even with cards")
    func lastRoundPenaltiesNotRecorded() {
        let table = GroupTable(group(Self.lastRoundDraw(penalties: nil), cards: ["A": 1, "B": 2]), ruleSet: .euro2024)
        #expect(table.rows.map(\.rank) == [1, 2, 2, 4])
        #expect(table.decisions == [.level(["A", "B"], reason: .noShootOutRecorded)])
    }

    @Test("The penalty case does not apply when the two did not meet on the last matchday")
    func penaltiesNotInLastRound() {
        let matches = Self.lastRoundDraw(matchday: 1)
        #expect(GroupTable(group(matches), ruleSet: .euro2024).decisions == [.level(["A", "B"], reason: .noCardsRecorded)])
        let withCards = GroupTable(group(matches, cards: ["A": 5, "B": 2]), ruleSet: .euro2024)
        #expect(withCards.rows.map(\.team) == ["C", "B", "A", "D"])
        #expect(withCards.decisions.map(\.description) == ["B ahead of A: disciplinary points 2–5"])
    }

    @Test("The penalty case does not apply when another team has the same points")
    func penaltiesWithThirdTeamOnPoints() {
        // C-D drawn: all four teams on 4 points.
        var matches = Self.lastRoundDraw()
        matches[5] = "C-D 0:0 @3"
        let table = GroupTable(group(matches), ruleSet: .euro2024)
        #expect(table.rows.map(\.record.points) == [4, 4, 4, 4])
        #expect(table.rows.map(\.team) == ["A", "B", "C", "D"])
        #expect(table.rows.map(\.rank) == [1, 1, 3, 3])
        #expect(
            table.decisions == [
                .level(["A", "B"], reason: .noCardsRecorded),
                .separated(
                    ahead: ["A", "B"], behind: ["C", "D"], by: .headToHeadGoalsScored, aheadValue: 3, behindValue: 1,
                    among: ["A", "B", "C", "D"]),
                .level(["C", "D"], reason: .noCardsRecorded),
            ])
    }

    @Test("Disciplinary points separate teams level on every result; fewer rank higher")
    func disciplinaryPoints() {
        let table = GroupTable(group(Self.identicalPair, cards: ["A": 5, "B": 3]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "B", "A", "D"])
        #expect(
            table.decisions == [
                .separated(ahead: ["B"], behind: ["A"], by: .disciplinaryPoints, aheadValue: 3, behindValue: 5, among: [])
            ])
    }

    @Test("Cards of one team only do not decide: no cards recorded for the other")
    func cardsForOneTeam() {
        let table = GroupTable(group(Self.identicalPair, cards: ["A": 5, "C": 1]), ruleSet: .euro2024)
        #expect(table.decisions == [.level(["A", "B"], reason: .noCardsRecorded)])
    }

    @Test("The ranking separates teams level on disciplinary points; a lower position ranks higher")
    func ranking() {
        let table = GroupTable(
            group(Self.identicalPair, cards: ["A": 4, "B": 4], ranking: ["A": 12, "B": 7]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "B", "A", "D"])
        #expect(table.decisions.map(\.description) == ["B ahead of A: ranking 7–12"])
    }

    @Test("Without a ranking the teams stay level")
    func noRanking() {
        let table = GroupTable(group(Self.identicalPair, cards: ["A": 4, "B": 4], ranking: ["A": 12]), ruleSet: .euro2024)
        #expect(table.decisions == [.level(["A", "B"], reason: .noRankingGiven)])
    }

    @Test("EURO 2012 ranks by the coefficient before fair play")
    func rankingBeforeFairPlayIn2012() {
        let results = group(Self.identicalPair, cards: ["A": 5, "B": 3], ranking: ["A": 2, "B": 9])
        #expect(GroupTable(results, ruleSet: .euro2012).decisions.map(\.description) == ["A ahead of B: ranking 2–9"])
        #expect(GroupTable(results, ruleSet: .euro2024).decisions.map(\.description) == ["B ahead of A: disciplinary points 3–5"])
    }

    @Test("Where the ranking would decide for hosts Germany in 2024, lots are drawn: reported level")
    func lotsForGermany() {
        let results = group(
            Self.identicalPair.map { $0.replacingOccurrences(of: "A", with: "GER") }, teams: ["GER", "B", "C", "D"],
            cards: ["GER": 4, "B": 4], ranking: ["B": 3])
        #expect(GroupTable(results, ruleSet: .euro2024).decisions == [.level(["GER", "B"], reason: .drawingOfLots)])
        #expect(GroupTable(results, ruleSet: .euro2020).decisions == [.level(["GER", "B"], reason: .noRankingGiven)])
    }

    @Test("EURO 2012 draws lots after fair play: reported level")
    func lotsIn2012() {
        let table = GroupTable(
            group(Self.identicalPair, cards: ["A": 4, "B": 4], ranking: ["A": 5, "B": 5]), ruleSet: .euro2012)
        #expect(table.rows.map(\.rank) == [1, 2, 2, 4])
        #expect(table.decisions.map(\.description) == ["A, B level: drawing of lots"])
    }

    @Test("A recorded official order ranks teams the data leaves level")
    func officialOrder() {
        let table = GroupTable(group(Self.identicalPair, officialOrder: ["C", "B", "A", "D"]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "B", "A", "D"])
        #expect(table.rows.map(\.rank) == [1, 2, 3, 4])
        #expect(table.decisions == [.officialOrder(["B", "A"], reason: .noCardsRecorded)])
        #expect(table.decisions.map(\.description) == ["B ahead of A: official order (level: no cards recorded)"])
    }

    @Test("An official order does not overrule what the data decides")
    func officialOrderIgnoredWhereDataDecides() {
        let table = GroupTable(
            group(
                ["A-B 1:0 @1", "C-D 1:0 @1", "A-C 0:3 @2", "B-D 4:0 @2", "A-D 0:0 @3", "B-C 0:0 @3"],
                officialOrder: ["C", "B", "A", "D"]),
            ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "A", "B", "D"])
        #expect(table.decisions.map(\.description) == ["A ahead of B: head-to-head points 3–0"])
    }

    @Test("An official order that leaves out a level team is not used")
    func partialOfficialOrder() {
        let table = GroupTable(group(Self.identicalPair, officialOrder: ["C", "B"]), ruleSet: .euro2024)
        #expect(table.decisions == [.level(["A", "B"], reason: .noCardsRecorded)])
    }

    @Test("A team listed twice counts once")
    func repeatedTeam() {
        let table = GroupTable(group(Self.identicalPair, teams: ["A", "B", "A", "C", "D"]), ruleSet: .euro2024)
        #expect(table.rows.map(\.team) == ["C", "A", "B", "D"])
        #expect(table.isComplete)
    }

    @Test("Matches with a team outside the group are not counted")
    func foreignMatches() {
        let table = GroupTable(group(Self.identicalPair + ["A-Z 5:0 @3"]), ruleSet: .euro2024)
        #expect(table.standing(of: "A")?.record.played == 3)
        #expect(table.standing(of: "Z") == nil)
    }
}
