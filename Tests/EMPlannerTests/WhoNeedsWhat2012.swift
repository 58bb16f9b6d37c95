import Testing

@testable import EMPlanner

/// The published "who needs what" of EURO 2012 before the last matchday
/// (`Fixtures/who-needs-what/euro2012-md3.md`), each statement with its check.
enum WhoNeedsWhat2012 {
    /// Reuters' qualifying chances of Group A, 14 June 2012.
    static let reutersA = "http://uk.reuters.com/article/soccer-euro-groupa-scenarios-idUKL5E8HDHB420120614"
    /// Reuters' qualifying chances of Group B, 15 June 2012.
    static let reutersB = "http://uk.reuters.com/article/soccer-euro-groupb-scenarios-idUKL5E8HEB0320120615"
    /// UEFA's sentence on Portugal as issue #41 quotes it.
    static let issue = "issue-41"
    /// Reuters' qualifying chances of Group C, 15 June 2012, as the Chicago Tribune printed them.
    static let reutersC =
        "http://articles.chicagotribune.com/2012-06-15/news/sns-rt-soccer-eurogroupc-scenariosl5e8hfcyc-20120615_1_croatia-italy-ireland"
    /// Reuters' qualifying chances of Group D, 17 June 2012.
    static let reutersD = "http://uk.reuters.com/article/soccer-euro-groupd-scenarios-idUKL5E8HG3RJ20120617"
    /// Keir Radnedge's options for the last round, 19 June 2012.
    static let radnedge = "http://keirradnedge.com/2012/06/19/groups-showdown-all-the-options-for-the-last-round-of-matches/"

    /// Every statement.
    static let statements = groupA + groupB + groupC + groupD

    static func statement(
        _ id: String, _ source: String, _ check: @escaping @Sendable (LastMatchday) throws -> Void
    ) -> PublishedStatement {
        PublishedStatement(edition: .euro2012, id: id, source: source, check: check)
    }

    static let groupA = [
        statement("A0", reutersA) { day throws in day.expectSettled(certain: [], out: []) },
        statement("A1", reutersA) { day throws in
            for team in ["RUS", "CZE", "POL", "GRE"] {
                #expect(try day.qualification(of: team, when: [team: [.win]]) == .certain, "\(team)")
            }
        },
        statement("A2", reutersA) { day throws in
            #expect(try day.qualification(of: "RUS", when: ["RUS": [.draw]]) == .certain)
        },
        statement("A3", reutersA) { day throws in
            #expect(try day.positions(of: "RUS", when: ["RUS": [.loss], "CZE": [.draw]]).contains(2))
        },
        statement("A4", reutersA) { day throws in
            #expect(try day.qualification(of: "CZE", when: ["CZE": [.draw], "GRE": .notWin]) == .certain)
        },
        statement("A5", reutersA) { day throws in
            #expect(try day.qualification(of: "POL", when: ["POL": .notWin]) == .impossible)
            #expect(try day.qualification(of: "GRE", when: ["GRE": .notWin]) == .impossible)
        },
    ]

    static let groupB = [
        statement("B0", reutersB) { day throws in day.expectSettled(certain: [], out: []) },
        statement("B1", reutersB) { day throws in
            #expect(try day.qualification(of: "GER", when: ["GER": .notLoss]) == .certain)
        },
        statement("B2", reutersB) { day throws in
            #expect(try day.qualification(of: "GER", when: ["GER": [.loss], "POR": .notWin]) == .certain)
        },
        statement("B3", reutersB) { day throws in
            #expect(try day.qualification(of: "DEN", when: ["DEN": [.win], "POR": [.win]]) == .certain)
        },
        statement("B4", reutersB) { day throws in
            for portugal in [(1, 0), (3, 0)] {
                for (denmark, germany) in [(3, 2), (4, 3), (5, 4)] {
                    #expect(
                        try day.order(["DEN-GER": (denmark, germany), "POR-NED": portugal]) == [
                            ["DEN"], ["GER"], ["POR"], ["NED"],
                        ])
                }
                for (denmark, germany) in [(1, 0), (2, 1), (2, 0), (3, 1), (4, 2)] {
                    #expect(
                        try day.order(["DEN-GER": (denmark, germany), "POR-NED": portugal]).prefix(2).flatMap(\.self).sorted()
                            == ["DEN", "POR"])
                }
            }
        },
        statement("B5", reutersB) { day throws in
            #expect(try day.qualification(of: "POR", when: ["POR": [.draw], "DEN": [.draw]]) == .certain)
            #expect(try day.qualification(of: "DEN", when: ["POR": [.draw], "DEN": [.draw]]) == .impossible)
        },
        statement("B6", reutersB) { day throws in
            for (portugal, denmark) in [(LastMatchday.Result.win, LastMatchday.Result.draw), (.win, .loss), (.draw, .loss)] {
                #expect(try day.qualification(of: "POR", when: ["POR": [portugal], "DEN": [denmark]]) == .certain)
                #expect(try day.qualification(of: "DEN", when: ["DEN": [portugal], "POR": [denmark]]) == .certain)
            }
        },
        statement("B7", reutersB) { day throws in
            #expect(try day.qualification(of: "DEN", when: ["DEN": [.loss], "POR": [.loss]]) == .impossible)
            for (portugal, netherlands) in [(0, 1), (1, 2), (3, 4)] {
                #expect(try day.order(["DEN-GER": (0, 1), "POR-NED": (portugal, netherlands)]).prefix(2) == [["GER"], ["POR"]])
            }
            for (portugal, netherlands) in [(0, 2), (1, 3), (0, 4)] {
                #expect(try day.order(["DEN-GER": (0, 1), "POR-NED": (portugal, netherlands)]).prefix(2) == [["GER"], ["NED"]])
            }
        },
        statement("B8", issue) { day throws in
            for (denmark, germany) in [(3, 2), (4, 3)] {
                #expect(!(try day.order(["DEN-GER": (denmark, germany), "POR-NED": (2, 0)]).prefix(2).joined().contains("POR")))
            }
            for (denmark, germany) in [(1, 0), (2, 1), (2, 0), (3, 0), (0, 0), (0, 1)] {
                #expect(try day.order(["DEN-GER": (denmark, germany), "POR-NED": (2, 0)]).prefix(2).joined().contains("POR"))
            }
        },
    ]

    static let groupC = [
        statement("C0", reutersC) { day throws in day.expectSettled(certain: [], out: ["IRL"]) },
        statement("C1", reutersC) { day throws in
            #expect(try day.outlook(of: "IRL").qualification == .impossible)
        },
        statement("C2", reutersC) { day throws in
            #expect(try day.qualification(of: "ESP", when: ["ITA": .notWin]) == .certain)
            #expect(try day.qualification(of: "CRO", when: ["ITA": .notWin]) == .certain)
        },
        statement("C3", reutersC) { day throws in
            for (winner, loser) in [("ESP", "CRO"), ("CRO", "ESP")] {
                #expect(try day.qualification(of: "ITA", when: ["ITA": [.win], winner: [.win]]) == .certain)
                #expect(try day.qualification(of: winner, when: ["ITA": [.win], winner: [.win]]) == .certain)
                #expect(try day.qualification(of: loser, when: ["ITA": [.win], winner: [.win]]) == .impossible)
            }
        },
        statement("C4", reutersC) { day throws in
            #expect(try day.qualification(of: "ESP", when: ["ITA": [.win], "ESP": [.draw]]) == .certain)
        },
        statement("C5", reutersC) { day throws in
            for italy in [(1, 0), (2, 1), (5, 0)] {
                #expect(try day.order(["CRO-ESP": (0, 0), "ITA-IRL": italy]).prefix(2).joined().contains("ITA"))
            }
        },
        statement("C6", reutersC) { day throws in
            // Better than 3-1 (goal difference +2, three goals): Italy second.
            for italy in [(4, 2), (3, 0), (5, 3)] {
                #expect(try day.order(["CRO-ESP": (1, 1), "ITA-IRL": italy]).prefix(2) == [["ESP"], ["ITA"]])
            }
            // Worse: Croatia second.
            for italy in [(1, 0), (2, 1), (2, 0)] {
                #expect(try day.order(["CRO-ESP": (1, 1), "ITA-IRL": italy]).prefix(2) == [["ESP"], ["CRO"]])
            }
        },
        statement("C7", reutersC) { day throws in
            for draw in [2, 3] {
                for italy in [(1, 0), (5, 0)] {
                    #expect(try day.order(["CRO-ESP": (draw, draw), "ITA-IRL": italy])[2] == ["ITA"])
                }
            }
        },
    ]

    static let groupD = [
        statement("D0", reutersD) { day throws in day.expectSettled(certain: [], out: ["SWE"]) },
        statement("D1", reutersD) { day throws in
            #expect(try day.qualification(of: "FRA", when: ["FRA": [.draw]]) == .certain)
            #expect(try day.qualification(of: "ENG", when: ["ENG": [.draw]]) == .certain)
        },
        statement("D2", radnedge) { day throws in
            #expect(try day.qualification(of: "UKR", when: ["UKR": [.win]]) == .certain)
            #expect(try day.qualification(of: "UKR", when: ["UKR": .notWin]) == .impossible)
        },
        statement("D3", reutersD) { day throws in
            #expect(try day.outlook(of: "SWE").qualification == .impossible)
        },
        statement("D4", reutersD) { day throws in
            #expect(try day.qualification(of: "FRA", when: ["FRA": [.loss], "UKR": .notWin]) == .certain)
        },
        statement("D5", reutersD) { day throws in
            for sweden in [(1, 0), (2, 1), (4, 3)] {
                for ukraine in [(1, 0), (3, 0)] {
                    #expect(
                        try day.order(["SWE-FRA": sweden, "ENG-UKR": (ukraine.1, ukraine.0)]).prefix(2) == [["UKR"], ["FRA"]])
                }
            }
        },
        statement("D6", reutersD) { day throws in
            #expect(try day.positions(of: "ENG", when: ["ENG": [.loss]]).contains(2))
        },
        statement("D7", reutersD) { day throws in
            #expect(try day.order(["SWE-FRA": (2, 0), "ENG-UKR": (0, 1)]).prefix(2) == [["UKR"], ["ENG"]])
            #expect(try day.order(["SWE-FRA": (3, 0), "ENG-UKR": (1, 3)]).prefix(2) == [["UKR"], ["ENG"]])
        },
        statement("D8", radnedge) { day throws in
            // England lose x-y, Sweden beat France p-q: England second exactly when their goal
            // difference and goals are at least France's (England 1 and 4 before, France 2 and 3).
            for england in 0...2 {
                for ukraine in england + 1...england + 3 {
                    for france in 0...2 {
                        for sweden in france + 1...france + 3 {
                            let englandRecord = (1 + england - ukraine, 4 + england)
                            let franceRecord = (2 + france - sweden, 3 + france)
                            let second = englandRecord >= franceRecord ? "ENG" : "FRA"
                            #expect(
                                try day.order(["SWE-FRA": (sweden, france), "ENG-UKR": (england, ukraine)]).prefix(2)
                                    == [["UKR"], [second]], "ENG \(england)-\(ukraine), SWE \(sweden)-\(france)")
                        }
                    }
                }
            }
        },
        statement("D9", radnedge) { day throws in
            #expect(try day.qualification(of: "FRA", when: ["FRA": [.loss], "ENG": .notLoss]) == .certain)
        },
    ]
}
