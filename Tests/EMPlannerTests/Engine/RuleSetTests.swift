import Testing

@testable import EMPlanner

/// The editions' tables: names, brackets and third-placed allocation.
@Suite("Engine: rule sets")
struct RuleSetTests {
    @Test("Rule sets are found by identifier")
    func named() {
        #expect(
            RuleSet.all.map(\.identifier) == [
                "euro1960", "euro1964", "euro1968", "euro1972", "euro1976", "euro1980", "euro1984", "euro1988", "euro1992",
                "euro1996", "euro2000", "euro2004", "euro2008", "euro2012", "euro2016", "euro2020", "euro2024",
            ])
        #expect(RuleSet.named("euro2016") == .euro2016)
        #expect(RuleSet.named("euro2024")?.displayName == "UEFA EURO 2024")
        #expect(RuleSet.named("euro1996")?.pointsPerWin == 3)
        #expect(RuleSet.named("euro1992")?.pointsPerWin == 2)
        #expect(RuleSet.named("euro1958") == nil)
        #expect(RuleSet.euro2020 != RuleSet.euro2024)
    }

    @Test("Every criteria list starts with points", arguments: RuleSet.all)
    func criteriaStartWithPoints(ruleSet: RuleSet) {
        #expect(ruleSet.groupCriteria.first == .points)
        #expect(ruleSet.thirdPlacedCriteria.isEmpty == (ruleSet.bestThirdPlacedAdvancing == 0))
        #expect(ruleSet.thirdPlacedCriteria.first == (ruleSet.bestThirdPlacedAdvancing == 0 ? nil : .points))
        #expect(!ruleSet.thirdPlacedCriteria.contains { $0.isHeadToHead || $0 == .lastRoundPenalties })
    }

    @Test(
        "A bracket is a tree: numbers ascend, each slot names an earlier match, a group or a qualifier, each winner plays on once",
        arguments: RuleSet.all)
    func bracketIsATree(ruleSet: RuleSet) {
        let numbers = ruleSet.bracket.map(\.number)
        #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count)
        var winnersUsed: [Int] = []
        var losersUsed: [Int] = []
        var groupSlots: [String] = []
        var qualifierSlots: [Int] = []
        for match in ruleSet.bracket {
            for slot in [match.home, match.away] {
                switch slot {
                case .winner(let earlier):
                    #expect(earlier < match.number, "match \(match.number) names \(slot)")
                    #expect(numbers.contains(earlier))
                    winnersUsed.append(earlier)
                case .loser(let earlier):
                    #expect(earlier < match.number && match.round == .thirdPlace, "match \(match.number) names \(slot)")
                    #expect(ruleSet.bracketMatch(earlier)?.round == .semifinal)
                    losersUsed.append(earlier)
                case .qualifier(let number):
                    qualifierSlots.append(number)
                case .groupPosition(let position, let group):
                    #expect(position <= ruleSet.teamsAdvancingPerGroup && ruleSet.groupNames.contains(group))
                    groupSlots.append(slot.description)
                case .thirdPlaced(let groups):
                    #expect(groups.allSatisfy(ruleSet.groupNames.contains))
                    groupSlots.append(slot.description)
                }
            }
        }
        let decided = ruleSet.bracket.filter { ![.final, .thirdPlace].contains($0.round) }.map(\.number)
        #expect(winnersUsed.sorted() == decided)
        #expect(losersUsed.isEmpty || losersUsed.sorted() == ruleSet.bracket.filter { $0.round == .semifinal }.map(\.number))
        let qualifiers = ruleSet.groupNames.count * ruleSet.teamsAdvancingPerGroup + ruleSet.bestThirdPlacedAdvancing
        #expect(groupSlots.count == qualifiers && Set(groupSlots).count == qualifiers)
        #expect(qualifierSlots.sorted() == (ruleSet.groupNames.isEmpty ? [1, 2, 3, 4] : []))
        #expect(ruleSet.bracket.last?.round == .final)
    }

    /// The third-placed slot of each group winner in the rule set's bracket.
    static func thirdPlacedSlots(_ ruleSet: RuleSet) -> [String: [String]] {
        var slots: [String: [String]] = [:]
        for match in ruleSet.bracket {
            if case .groupPosition(1, let winner) = match.home, case .thirdPlaced(let groups) = match.away {
                slots[winner] = groups
            }
        }
        return slots
    }

    @Test(
        "Each of the 15 allocation rows maps each qualified group exactly once, into a slot that allows it",
        arguments: [RuleSet.euro2016, .euro2020, .euro2024])
    func allocationTable(ruleSet: RuleSet) throws {
        let allocation = try #require(ruleSet.thirdPlacedAllocation)
        let slots = Self.thirdPlacedSlots(ruleSet)
        #expect(Set(slots.keys) == Set(allocation.winnerGroups))
        #expect(allocation.rows.count == 15)
        let combinations = Set(allocation.rows.map(\.qualifiedGroups))
        #expect(combinations.count == 15)
        for combination in combinations {
            #expect(combination.count == ruleSet.bestThirdPlacedAdvancing)
            #expect(combination == combination.sorted() && Set(combination).isSubset(of: ruleSet.groupNames))
        }
        for row in allocation.rows {
            #expect(Set(row.opponents.keys) == Set(allocation.winnerGroups), "row \(row)")
            #expect(row.opponents.values.sorted() == row.qualifiedGroups, "row \(row)")
            for (winner, third) in row.opponents {
                #expect(slots[winner]?.contains(third) == true, "row \(row): 1\(winner) v 3\(third)")
                #expect(winner != third, "row \(row)")
            }
        }
    }

    @Test("The allocation rows that occurred match the fixtures")
    func allocationRowsThatOccurred() {
        // 2016: France v Ireland (1A v 3E), Wales v N. Ireland (1B v 3C), Germany v Slovakia
        // (1C v 3B), Croatia v Portugal (1D v 3F).
        #expect(
            RuleSet.euro2016.thirdPlacedAllocation?.row(for: ["F", "E", "C", "B"])?.opponents == [
                "A": "E", "B": "C", "C": "B", "D": "F",
            ])
        #expect(
            RuleSet.euro2020.thirdPlacedAllocation?.row(for: ["A", "C", "D", "F"])?.opponents == [
                "B": "F", "C": "D", "E": "C", "F": "A",
            ])
        #expect(
            RuleSet.euro2024.thirdPlacedAllocation?.row(for: ["C", "D", "E", "F"])?.opponents == [
                "B": "F", "C": "E", "E": "D", "F": "C",
            ])
        #expect(RuleSet.euro2024.thirdPlacedAllocation?.row(for: ["A", "B"]) == nil)
    }

    @Test("Disciplinary points: yellow 1, second yellow 3, direct red 3, yellow then direct red 4; officials count from 2024")
    func disciplinaryPoints() {
        let players = DisciplinaryScheme.Cards(yellow: 6, secondYellow: 1, directRed: 1, yellowThenDirectRed: 1)
        let officials = DisciplinaryScheme.Cards(yellow: 1)
        #expect(RuleSet.euro2024.disciplinaryScheme.points(players: players, officials: officials) == 17)
        #expect(RuleSet.euro2020.disciplinaryScheme.points(players: players, officials: officials) == 16)
        // EURO 2024 Group C: six player bookings each, and a yellow card to Slovenia's official.
        let scheme = RuleSet.euro2024.disciplinaryScheme
        #expect(scheme.points(players: .init(yellow: 6)) == 6)
        #expect(scheme.points(players: .init(yellow: 6), officials: .init(yellow: 1)) == 7)
    }
}
