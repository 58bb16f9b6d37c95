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
    /// UEFA's text after Group A's last matchday, as IANS reproduced it on 24 June 2024.
    static let ians =
        "https://www.lokmattimes.com/other-sports/euro-2024-qualification-scenarios-for-round-of-16-as-event-goes-into-final-matchweek/"
    /// USA Today's scenarios of 24 June 2024, as worldcupdigest.com copied them.
    static let usaToday =
        "https://worldcupdigest.com/uefa-euro-2024-games-tuesday-schedule-live-stream-tv-and-groups-usa-today"
    /// CBS Sports on Group E, 24 June 2024.
    static let cbs =
        "https://www.cbssports.com/soccer/news/uefa-euro-2024-group-e-tiebreaker-rules-belgium-ukraine-romania-and-slovakia-could-be-facing-a-four-way-tie/"
    /// AP's Group F preview of 25 June 2024.
    static let ap =
        "https://wtop.com/sports/2024/06/euro-2024-must-win-game-for-czechs-against-turkey-which-can-afford-a-draw-to-progress/"
    /// UEFA's clarification for Group E, reported by Keir Radnedge on 26 June 2024.
    static let radnedge =
        "http://keirradnedge.com/2024/06/26/uefa-euro-2014-uefa-explains-how-group-e-will-be-sorted-if-everyone-is-level-on-points/"

    /// Every statement.
    static let statements = groupA + groupB + groupC + groupD + groupE + groupF

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
        statement("B8", ians) { day throws in
            #expect(try day.qualification(of: "ALB", when: ["ALB": [.draw], "CRO": [.win]]) == .impossible)
        },
        statement("B9", ians) { day throws in
            #expect(try day.positions(of: "CRO", when: ["CRO": [.win], "ALB": .notWin]) == [2])
        },
    ]

    static let groupC = [
        statement("C1", usaToday) { day throws in
            #expect(try day.qualification(of: "ENG", when: ["ENG": .notLoss]) == .certain)
            #expect(try day.qualification(of: "ENG", when: ["DEN": [.loss]]) == .certain)
        },
        statement("C2", usaToday) { day throws in
            #expect(try day.positions(of: "ENG", when: ["ENG": [.win]]) == [1])
            #expect(try day.positions(of: "ENG", when: ["ENG": [.draw], "DEN": .notWin]) == [1])
        },
        statement("C3", usaToday) { day throws in
            #expect(!(try day.positions(of: "ENG", when: ["ENG": [.loss]]).contains(1)))
            #expect(try day.positions(of: "SVN", when: ["ENG": [.loss]]).contains(1))
            #expect(try day.positions(of: "DEN", when: ["ENG": [.loss]]).contains(1))
        },
        statement("C4", usaToday) { day throws in
            #expect(try day.qualification(of: "DEN", when: ["DEN": [.win]]) == .certain)
        },
        statement("C5", usaToday) { day throws in try expectSameResultDecided(day, "DEN", "SVN") },
        statement("C6", usaToday) { day throws in
            #expect(try day.qualification(of: "DEN", when: ["DEN": [.loss], "SVN": .notLoss]) == .impossible)
        },
        statement("C7", usaToday) { day throws in
            #expect(try day.qualification(of: "SVN", when: ["SVN": [.win]]) == .certain)
            #expect(try day.positions(of: "SVN", when: ["SVN": [.win], "DEN": .notWin]) == [1])
        },
        statement("C8", usaToday) { day throws in try expectSameResultDecided(day, "SVN", "DEN") },
        statement("C9", usaToday) { day throws in
            #expect(try day.qualification(of: "SRB", when: ["SRB": [.win], "SVN": .notWin]) == .certain)
        },
        statement("C10", usaToday) { day throws in
            #expect(try day.qualification(of: "SRB", when: ["SRB": [.loss]]) == .impossible)
            #expect(try day.qualification(of: "SRB", when: ["SRB": [.draw], "SVN": .notLoss]) == .impossible)
        },
    ]

    static let groupD = [
        statement("D1", usaToday) { day throws in
            #expect(try day.positions(of: "NED", when: ["NED": .notLoss]) == [1, 2])
        },
        statement("D2", usaToday) { day throws in
            #expect(try day.positions(of: "NED", when: ["NED": [.win], "FRA": .notWin]) == [1])
        },
        statement("D3", usaToday) { day throws in
            #expect(try day.positions(of: "NED", when: ["NED": [.draw], "FRA": [.loss]]) == [1])
        },
        statement("D4", usaToday) { day throws in
            #expect(try day.qualification(of: "FRA", when: ["FRA": .notLoss]) == .certain)
        },
        statement("D5", usaToday) { day throws in try expectSameResultDecided(day, "NED", "FRA") },
    ]

    /// Checks that the overall figures part two teams with the same last result.
    ///
    /// The two drew their match and do not meet in the last one, so with the same result each
    /// (both win, draw or lose) the head-to-head leaves them level. Goal difference decides
    /// where the margins differ; after two draws it is the same for both whatever the scores,
    /// and goals scored decide.
    static func expectSameResultDecided(_ day: LastMatchday, _ one: String, _ other: String) throws {
        for result in [LastMatchday.Result.win, .draw, .loss] {
            #expect(try day.positions(of: one, when: [one: [result], other: [result]]).count > 1, "\(result)")
        }
        let (oneMatch, otherMatch) = (try day.openMatch(of: one), try day.openMatch(of: other))
        // Both win, one by two goals, the other by one; then the other way round.
        #expect(
            try day.isAhead(one, of: other, [oneMatch: day.score(one, wins: 2, 0), otherMatch: day.score(other, wins: 1, 0)]))
        #expect(
            try day.isAhead(other, of: one, [oneMatch: day.score(one, wins: 1, 0), otherMatch: day.score(other, wins: 2, 0)]))
        // Both draw: goals scored, the 2-2 ahead of the 1-1.
        #expect(try day.isAhead(one, of: other, [oneMatch: (2, 2), otherMatch: (1, 1)]))
        #expect(try day.isAhead(other, of: one, [oneMatch: (0, 0), otherMatch: (2, 2)]))
    }

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
        statement("E4", cbs) { day throws in
            #expect(try day.positions(of: "UKR", when: ["UKR": [.draw], "SVK": [.draw]]) == [4])
            #expect(try day.qualification(of: "UKR", when: ["UKR": [.draw], "SVK": [.draw]]) == .impossible)
        },
    ]

    static let groupF = [
        statement("F1", ap) { day throws in
            #expect(try day.outlook(of: "POR").positions == [1])
        },
        statement("F2", ap) { day throws in
            #expect(try day.qualification(of: "TUR", when: ["TUR": .notLoss]) == .certain)
        },
        statement("F3", ap) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": .notWin]).isDisjoint(with: [1, 2]))
            #expect(try day.qualification(of: "CZE", when: ["CZE": [.win], "GEO": .notWin]) == .certain)
        },
        statement("F4", ap) { day throws in
            #expect(try day.qualification(of: "TUR", when: ["TUR": [.loss], "GEO": [.win]]) == .impossible)
        },
        statement("F5", ap) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": [.win], "GEO": [.win]]) == [2, 3])
            #expect(try day.positions(of: "GEO", when: ["CZE": [.win], "GEO": [.win]]) == [2, 3])
            // Goal difference: Czechia 0, Georgia -1; then Georgia +1, Czechia 0.
            #expect(try day.isAhead("CZE", of: "GEO", ["CZE-TUR": (1, 0), "GEO-POR": (1, 0)]))
            #expect(try day.isAhead("GEO", of: "CZE", ["CZE-TUR": (1, 0), "GEO-POR": (3, 0)]))
            // Both on 0, goals scored: Georgia 5, Czechia 4.
            #expect(try day.isAhead("GEO", of: "CZE", ["CZE-TUR": (2, 1), "GEO-POR": (3, 1)]))
        },
        statement("F6", ap) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": [.draw], "GEO": .notWin]) == [3])
        },
        statement("F7", ap) { day throws in
            #expect(try day.qualification(of: "CZE", when: ["CZE": [.loss], "GEO": .notLoss]) == .impossible)
        },
    ]
}
