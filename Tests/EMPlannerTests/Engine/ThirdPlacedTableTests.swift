import Testing

@testable import EMPlanner

/// Ranking third-placed teams across six constructed groups.
@Suite("Engine: third-placed teams")
struct ThirdPlacedTableTests {
    /// What is known of a third-placed team besides its results.
    struct Extra {
        var cards: Int?
        var ranking: Int?
    }

    /// A group named `name` whose teams `name1`…`name4` finish in that order, the third's
    /// scores against the first, second and fourth given (`"0:1"`, third's goals first).
    static func group(_ name: String, third scores: [String], extra: Extra = Extra()) throws -> GroupTable {
        let (one, two, three, four) = (name + "1", name + "2", name + "3", name + "4")
        let matches = [
            "\(one)-\(two) 2:0 @1", "\(three)-\(four) \(scores[2]) @1", "\(three)-\(one) \(scores[0]) @2",
            "\(two)-\(four) 2:0 @2", "\(one)-\(four) 2:0 @3", "\(three)-\(two) \(scores[1]) @3",
        ]
        let table = GroupTable(
            GroupResults(
                name: name, teams: [one, two, three, four], matches: matches.map(groupMatch),
                disciplinaryPoints: extra.cards.map { [three: $0] } ?? [:], ranking: extra.ranking.map { [three: $0] } ?? [:]),
            ruleSet: .euro2024)
        try #require(table.teams(atPosition: 3) == [three], "group \(name): \(table.rows.map(\.team))")
        return table
    }

    /// Third-placed C, D, E on 4 points; A (one win, 3:3) and B (three draws, 3:3) on 3 for
    /// the last place; F on 1.
    static func groups(a: Extra = Extra(), b: Extra = Extra()) throws -> [GroupTable] {
        let fourPoints = ["1:1", "0:1", "2:0"]
        return [
            try group("A", third: ["0:1", "0:2", "3:0"], extra: a),
            try group("B", third: ["1:1", "1:1", "1:1"], extra: b),
            try group("C", third: fourPoints), try group("D", third: fourPoints), try group("E", third: fourPoints),
            try group("F", third: ["0:1", "0:1", "0:0"]),
        ]
    }

    @Test("Wins separate third-placed teams level on points and goals (2020 and 2024)")
    func winsDecide() throws {
        let thirds = try ThirdPlacedTable(groups: try Self.groups(), ruleSet: .euro2024)
        #expect(thirds.rows.map(\.team) == ["C3", "D3", "E3", "A3", "B3", "F3"])
        #expect(thirds.rows.map(\.rank) == [1, 1, 1, 4, 5, 6])
        #expect(thirds.rows.map(\.status) == [.qualified, .qualified, .qualified, .qualified, .eliminated, .eliminated])
        #expect(
            thirds.decisions == [
                .level(["C3", "D3", "E3"], reason: .noCardsRecorded),
                .separated(ahead: ["A3"], behind: ["B3"], by: .wins, aheadValue: 1, behindValue: 0, among: []),
            ])
        #expect(thirds.qualifiedGroups == ["A", "C", "D", "E"])
        #expect(thirds.allocation?.opponents == ["B": "E", "C": "D", "E": "C", "F": "A"])
    }

    @Test("EURO 2016 has no wins criterion: without cards the last place stays undecided")
    func noWinsIn2016() throws {
        let thirds = try ThirdPlacedTable(groups: try Self.groups(), ruleSet: .euro2016)
        #expect(thirds.rows.map(\.team) == ["C3", "D3", "E3", "A3", "B3", "F3"])
        #expect(thirds.rows.map(\.rank) == [1, 1, 1, 4, 4, 6])
        #expect(thirds.rows.map(\.status) == [.qualified, .qualified, .qualified, .undecided, .undecided, .eliminated])
        #expect(thirds.decisions.last == .level(["A3", "B3"], reason: .noCardsRecorded))
        #expect(thirds.qualifiedGroups == nil)
        #expect(thirds.allocation == nil)
    }

    @Test("Disciplinary points separate third-placed teams in 2016; the allocation row follows")
    func cardsIn2016() throws {
        let thirds = try ThirdPlacedTable(
            groups: try Self.groups(a: Extra(cards: 4), b: Extra(cards: 2)), ruleSet: .euro2016)
        #expect(thirds.rows.map(\.team) == ["C3", "D3", "E3", "B3", "A3", "F3"])
        #expect(
            thirds.decisions.last
                == .separated(ahead: ["B3"], behind: ["A3"], by: .disciplinaryPoints, aheadValue: 2, behindValue: 4, among: []))
        #expect(thirds.qualifiedGroups == ["B", "C", "D", "E"])
        #expect(thirds.allocation?.opponents == ["A": "C", "B": "D", "C": "B", "D": "E"])
    }

    @Test("The ranking separates third-placed teams level on disciplinary points")
    func rankingDecides() throws {
        let ranked = try ThirdPlacedTable(
            groups: try Self.groups(a: Extra(cards: 3, ranking: 20), b: Extra(cards: 3, ranking: 11)), ruleSet: .euro2016)
        #expect(
            ranked.decisions.last
                == .separated(ahead: ["B3"], behind: ["A3"], by: .ranking, aheadValue: 11, behindValue: 20, among: []))
        let unranked = try ThirdPlacedTable(groups: try Self.groups(a: Extra(cards: 3), b: Extra(cards: 3)), ruleSet: .euro2016)
        #expect(unranked.decisions.last == .level(["A3", "B3"], reason: .noRankingGiven))
    }

    @Test("An official order ranks third-placed teams the data leaves level")
    func officialOrder() throws {
        let thirds = try ThirdPlacedTable(
            groups: try Self.groups(), ruleSet: .euro2016, officialOrder: ["E3", "D3", "C3", "B3", "A3", "F3"])
        #expect(thirds.rows.map(\.team) == ["E3", "D3", "C3", "B3", "A3", "F3"])
        #expect(thirds.rows.map(\.status) == [.qualified, .qualified, .qualified, .qualified, .eliminated, .eliminated])
        #expect(thirds.qualifiedGroups == ["B", "C", "D", "E"])
    }

    @Test("Third-placed teams are ranked only when every group is complete")
    func incomplete() throws {
        var groups = try Self.groups()
        groups[5] = GroupTable(
            GroupResults(name: "F", teams: ["F1", "F2", "F3", "F4"], matches: ["F1-F2 2:0 @1", "F3-F4 @1"].map(groupMatch)),
            ruleSet: .euro2024)
        #expect(throws: ThirdPlacedError.groupsIncomplete(["F"])) {
            try ThirdPlacedTable(groups: groups, ruleSet: .euro2024)
        }
        #expect(throws: ThirdPlacedError.groupsIncomplete(["F"])) {
            try ThirdPlacedTable(groups: Array(groups.dropLast()), ruleSet: .euro2024)
        }
    }

    @Test("A group whose third place is level cannot give a third-placed team")
    func thirdPlaceLevel() throws {
        var groups = try Self.groups()
        // F3 and F4 draw every match: level on everything.
        groups[5] = GroupTable(
            GroupResults(
                name: "F", teams: ["F1", "F2", "F3", "F4"],
                matches: ["F1-F2 2:0 @1", "F3-F4 0:0 @1", "F3-F1 0:1 @2", "F2-F4 0:1 @2", "F1-F4 1:0 @3", "F3-F2 1:0 @3"]
                    .map(groupMatch)),
            ruleSet: .euro2024)
        #expect(groups[5].teams(atPosition: 3).count == 2)
        #expect(throws: ThirdPlacedError.thirdPlaceUndecided(group: "F", teams: groups[5].teams(atPosition: 3))) {
            try ThirdPlacedTable(groups: groups, ruleSet: .euro2024)
        }
    }

    @Test("A 16-team format has no third-placed ranking")
    func notInFormat() throws {
        #expect(throws: ThirdPlacedError.notInFormat("euro2012")) {
            try ThirdPlacedTable(groups: try Self.groups(), ruleSet: .euro2012)
        }
    }
}
