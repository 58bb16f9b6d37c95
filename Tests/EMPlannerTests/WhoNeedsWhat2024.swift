import Testing

@testable import EMPlanner

/// The published "who needs what" of EURO 2024 before the last matchday
/// (`Fixtures/who-needs-what/euro2024-md3.md`), each statement with its check.
enum WhoNeedsWhat2024 {
    /// UEFA's text as Sporting Life reproduced it on 23 June 2024.
    static let uefa =
        "https://www.sportinglife.com/football/news/euro-2024-group-stage-permutations-who-needs-what-ahead-of-matchday-three/218739"
    /// Reuters, 22 June 2024.
    static let reuters =
        "https://www.dailymail.co.uk/wires/reuters/article-13559069/Euro-2024-What-team-needs-final-group-match-reach-16.html"
    /// UEFA's clarification for Group E, reported by Keir Radnedge on 26 June 2024.
    static let radnedge =
        "http://keirradnedge.com/2024/06/26/uefa-euro-2014-uefa-explains-how-group-e-will-be-sorted-if-everyone-is-level-on-points/"

    /// Every statement.
    static let statements = groupA + groupB + groupE

    static func statement(
        _ id: String, _ source: String, _ check: @escaping @Sendable (LastMatchday) throws -> Void
    ) -> PublishedStatement {
        PublishedStatement(edition: .euro2024, id: id, source: source, check: check)
    }

    static let groupA = [
        statement("A0", uefa) { day throws in day.expectSettled(certain: ["GER"], out: []) },
        statement("A1", uefa) { day throws in
            #expect(try day.outlook(of: "GER").positions == [1, 2])
            #expect(try day.outlook(of: "GER").qualification == .certain)
        },
        statement("A2", uefa) { day throws in
            #expect(try day.positions(of: "GER", when: ["GER": .notLoss]) == [1])
        },
        statement("A3", uefa) { day throws in
            #expect(try day.qualification(of: "SUI", when: ["SUI": .notLoss]) == .certain)
            #expect(try day.qualification(of: "SUI", when: ["SCO": .notWin]) == .certain)
        },
        statement("A4", uefa) { day throws in
            // Both on 4 points, their match drawn 1-1: only the overall figures can part them.
            #expect(try day.positions(of: "SUI", when: ["SUI": [.loss], "SCO": [.win]]) == [2, 3])
            #expect(try day.positions(of: "SCO", when: ["SUI": [.loss], "SCO": [.win]]) == [2, 3])
            // Goal difference: Switzerland +1, Scotland -3.
            #expect(try day.order(["SUI-GER": (0, 1), "SCO-HUN": (1, 0)]) == [["GER"], ["SUI"], ["SCO"], ["HUN"]])
            // Level on goal difference (-1), goals scored: Scotland 5, Switzerland 4.
            #expect(try day.order(["SUI-GER": (0, 3), "SCO-HUN": (3, 0)]) == [["GER"], ["SCO"], ["SUI"], ["HUN"]])
            // Level on goal difference (-1), goals scored: Switzerland 6, Scotland 5.
            #expect(try day.order(["SUI-GER": (2, 5), "SCO-HUN": (3, 0)]) == [["GER"], ["SUI"], ["SCO"], ["HUN"]])
        },
        statement("A5", uefa) { day throws in
            #expect(try day.positions(of: "SUI", when: ["SUI": [.win]]) == [1])
        },
        statement("A6", uefa) { day throws in
            #expect(try day.positions(of: "SCO", when: ["SCO": [.win], "SUI": [.loss]]).contains(2))
            // Nowhere else can Scotland be second.
            for outcome in day.scenarios.group.outcomes where outcome.positions(of: "SCO").contains(2) {
                #expect(outcome.results == [.away, .home])
            }
        },
        statement("A7", uefa) { day throws in
            #expect(try day.qualification(of: "SCO", when: ["SCO": [.loss]]) == .impossible)
        },
        statement("A8", uefa) { day throws in
            #expect(try day.outlook(of: "HUN").positions == [3, 4])
            #expect(try day.qualification(of: "HUN", when: ["HUN": .notWin]) == .impossible)
        },
    ]

    static let groupB = [
        statement("B0", uefa) { day throws in day.expectSettled(certain: ["ESP"], out: []) },
        statement("B1", uefa) { day throws in
            #expect(try day.outlook(of: "ESP").positions == [1])
            #expect(try day.outlook(of: "ESP").qualification == .certain)
        },
        statement("B2", uefa) { day throws in
            #expect(try day.positions(of: "ITA", when: ["ITA": .notLoss]) == [2])
        },
        statement("B3", uefa) { day throws in
            #expect(try day.qualification(of: "ITA", when: ["ITA": [.loss], "ALB": [.win]]) == .impossible)
        },
        statement("B4", uefa) { day throws in
            #expect(try day.positions(of: "ALB", when: ["ALB": [.win], "CRO": [.win]]) == [2, 3])
            // Goal difference: Albania 0, Croatia -2.
            #expect(try day.order(["CRO-ITA": (1, 0), "ALB-ESP": (1, 0)]) == [["ESP"], ["ALB"], ["CRO"], ["ITA"]])
            // Goal difference: Croatia +1, Albania 0.
            #expect(try day.order(["CRO-ITA": (4, 0), "ALB-ESP": (1, 0)]) == [["ESP"], ["CRO"], ["ALB"], ["ITA"]])
            // Level on goal difference (0), goals scored: Albania 6, Croatia 5.
            #expect(try day.order(["CRO-ITA": (3, 0), "ALB-ESP": (3, 2)]) == [["ESP"], ["ALB"], ["CRO"], ["ITA"]])
            // Level on goal difference (0), goals scored: Croatia 5, Albania 4.
            #expect(try day.order(["CRO-ITA": (3, 0), "ALB-ESP": (1, 0)]) == [["ESP"], ["CRO"], ["ALB"], ["ITA"]])
        },
        statement("B5", reuters) { day throws in
            #expect(try day.qualification(of: "ALB", when: ["ALB": [.loss], "CRO": [.win]]) == .impossible)
        },
        statement("B6", reuters) { day throws in
            #expect(try day.positions(of: "CRO", when: ["CRO": [.win], "ALB": .notWin]) == [2])
        },
        statement("B7", reuters) { day throws in
            #expect(try day.qualification(of: "CRO", when: ["CRO": [.draw], "ALB": .notLoss]) == .impossible)
        },
    ]

    /// Both last matches of Group E drawn, Slovakia–Romania `a`-`a` and Ukraine–Belgium
    /// `b`-`b`, up to 4-4.
    static func groupEDraws(_ day: LastMatchday, where condition: (Int, Int) -> Bool) throws -> [[[String]]] {
        try (0...4).flatMap { a in
            try (0...4).filter { b in condition(a, b) }.map { b in try day.order(["SVK-ROU": (a, a), "UKR-BEL": (b, b)]) }
        }
    }

    static let groupE = [
        statement("E1", radnedge) { day throws in
            for order in try groupEDraws(day, where: { a, b in b <= a }) {
                #expect(order == [["ROU"], ["BEL"], ["SVK"], ["UKR"]])
            }
        },
        statement("E2", radnedge) { day throws in
            for order in try groupEDraws(day, where: { a, b in b == a + 1 }) {
                #expect(order == [["BEL"], ["ROU"], ["SVK"], ["UKR"]])
            }
        },
        statement("E3", radnedge) { day throws in
            for order in try groupEDraws(day, where: { a, b in b >= a + 2 }) {
                #expect(order == [["BEL"], ["ROU"], ["SVK"], ["UKR"]])
            }
        },
    ]
}
