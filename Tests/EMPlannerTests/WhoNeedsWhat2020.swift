import Testing

@testable import EMPlanner

/// UEFA's "who needs what" of EURO 2020 (played in 2021) before the last matchday
/// (`Fixtures/who-needs-what/euro2020-md3.md`), each statement with its check.
enum WhoNeedsWhat2020 {
    /// UEFA's "Who's through, who can join them", before Group A's last matchday.
    static let uefa =
        "https://www.uefa.com/uefaeuro-2020/news/026a-1286c3028f34-c072d2f81d9b-1000--who-s-through-who-can-join-them/"
    /// AP's summary with UEFA's wording, as News18 printed it on 22 June 2021.
    static let news18 =
        "https://www.news18.com/news/football/euro-2020-who-have-booked-last-16-slot-and-knockouts-qualification-scenario-for-every-group-3878819.html"
    /// UEFA's preview of Czech Republic v England, 22 June 2021.
    static let czeEng =
        "https://uefa.com/uefaeuro/history/news/026a-1290ad54d0fe-d5763600c03d-1000--czech-republic-vs-england-uefa-euro-2020-preview-tv-channe"
    /// UEFA's preview of Sweden v Poland, 21 June 2021.
    static let swePol = "https://www.uefa.com/uefaeuro-2020/match/2024474--sweden-vs-poland/prematch/preview/"
    /// UEFA's background to Slovakia v Spain.
    static let svkEsp =
        "https://uefa.com/uefaeuro/history/news/0266-11890d447eae-b7e8b1608f73-1000--slovakia-vs-spain-uefa-euro-2020-match-background-facts-and-"
    /// UEFA's wording for Group F, as Zee News printed it on 20 June 2021.
    static let zee =
        "https://zeenews.india.com/football/euro-2020-group-of-death-how-can-cristiano-ronaldo-s-portugal-still-qualify-for-knockouts-from-group-f-2370436.html"
    /// UEFA's preview of Portugal v France, 21 June 2021.
    static let porFra = "https://www.uefa.com/uefaeuro-2020/match/2024476--portugal-vs-france/prematch/preview/"
    /// UEFA's preview of Germany v Hungary, 22 June 2021.
    static let gerHun =
        "https://uefa.com/uefaeuro/history/news/026a-1292bd6376cf-eb2f00a97ae7-1000--germany-vs-hungary-uefa-euro-2020-preview-where-to-watch-"

    /// Every statement.
    static let statements = groupA + groupB + groupC + groupD + groupE + groupF

    static func statement(
        _ id: String, _ source: String, settled: Set<String> = [],
        _ check: @escaping @Sendable (LastMatchday) throws -> Void
    ) -> PublishedStatement {
        PublishedStatement(edition: .euro2020, id: id, source: source, settled: settled, check: check)
    }

    static let groupA = [
        statement("A0", uefa) { day throws in day.expectSettled(certain: ["ITA"], out: []) },
        statement("A1", uefa) { day throws in
            #expect(try day.positions(of: "ITA", when: ["ITA": .notLoss]) == [1])
        },
        statement("A2", uefa) { day throws in
            #expect(try day.positions(of: "WAL", when: ["WAL": .notLoss]).isSubset(of: [1, 2]))
            #expect(try day.positions(of: "WAL", when: ["SUI": .notWin]).isSubset(of: [1, 2]))
        },
        statement("A3", uefa) { day throws in
            #expect(try day.positions(of: "SUI", when: ["SUI": [.win], "WAL": [.loss]]) == [2, 3])
            // Their match drawn 1-1, four points each. Goal difference: Switzerland 0, Wales -1.
            #expect(try day.order(["SUI-TUR": (3, 0), "ITA-WAL": (3, 0)]) == [["ITA"], ["SUI"], ["WAL"], ["TUR"]])
            // Goal difference: Wales +1, Switzerland -2.
            #expect(try day.order(["SUI-TUR": (1, 0), "ITA-WAL": (1, 0)]) == [["ITA"], ["WAL"], ["SUI"], ["TUR"]])
        },
        statement("A4", uefa) { day throws in
            #expect(try day.qualification(of: "SUI", when: ["SUI": [.loss]]) == .impossible)
        },
        statement("A5", uefa) { day throws in
            #expect(try day.outlook(of: "TUR").positions == [3, 4])
            #expect(try day.positions(of: "TUR", when: ["TUR": .notWin]) == [4])
        },
    ]

    static let groupB = [
        statement("B0", uefa) { day throws in day.expectSettled(certain: ["BEL"], out: []) },
        statement("B1", uefa) { day throws in
            #expect(try day.positions(of: "BEL", when: ["BEL": [.draw]]) == [1])
        },
        statement("B2", uefa) { day throws in
            #expect(try day.qualification(of: "RUS", when: ["RUS": [.win]]) == .certain)
            #expect(try day.qualification(of: "RUS", when: ["RUS": [.draw], "FIN": .notWin]) == .certain)
            // em needs says so: a win is enough, even where it leaves Russia third on six points.
            try expectThrough("RUS", on: ["win", "avoid defeat, if FIN do not win"], day)
        },
        statement("B3", uefa) { day throws in
            #expect(try day.qualification(of: "FIN", when: ["FIN": [.win]]) == .certain)
            #expect(try day.qualification(of: "FIN", when: ["FIN": [.draw], "RUS": [.loss]]) == .certain)
        },
        statement("B4", uefa) { day throws in
            #expect(try day.positions(of: "DEN", when: ["DEN": [.win], "FIN": [.loss]]).isSuperset(of: [2, 3]))
            // Nowhere else can Denmark be second.
            for outcome in day.scenarios.group.outcomes where outcome.positions(of: "DEN").contains(2) {
                #expect(try day.outcomes(["DEN": [.win], "FIN": [.loss]]).contains { $0.results == outcome.results })
            }
        },
    ]

    static let groupC = [
        statement("C0", uefa) { day throws in day.expectSettled(certain: ["NED"], out: ["MKD"]) },
        statement("C1", uefa) { day throws in #expect(try day.outlook(of: "NED").positions == [1]) },
        statement("C2", uefa) { day throws in
            #expect(try day.positions(of: "UKR", when: ["UKR": .notLoss]) == [2])
        },
        statement("C3", uefa) { day throws in
            #expect(try day.positions(of: "AUT", when: ["AUT": .notWin]) == [3])
            #expect(try day.positions(of: "AUT", when: ["AUT": [.win]]) == [2])
        },
        statement("C4", uefa) { day throws in #expect(try day.outlook(of: "MKD").positions == [4]) },
    ]

    static let groupD = [
        statement("D0", news18, settled: ["A", "B", "C"]) { day throws in
            day.expectSettled(certain: ["CZE", "ENG"], out: [])
        },
        statement("D1", news18) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": .notLoss]) == [1])
        },
        statement("D2", news18) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": [.loss], "SCO": [.win]]) == [2])
        },
        statement("D3", news18) { day throws in
            try expectThirdOnlyIfOvertaken(day, "CZE", by: "CRO")
            // Goal difference: Croatia +1 with a 3-goal swing against the Czechs' +1, then goals.
            #expect(try day.order(["CRO-SCO": (4, 0), "CZE-ENG": (0, 1)]) == [["ENG"], ["CRO"], ["CZE"], ["SCO"]])
        },
        statement("D4", news18) { day throws in
            #expect(try day.positions(of: "ENG", when: ["ENG": [.win]]) == [1])
        },
        statement("D5", news18) { day throws in
            try expectThirdOnlyIfOvertaken(day, "ENG", by: "SCO")
            // Goal difference: Scotland +1, England 0.
            #expect(try day.order(["CRO-SCO": (0, 3), "CZE-ENG": (1, 0)]) == [["CZE"], ["SCO"], ["ENG"], ["CRO"]])
        },
        statement("D6", news18) { day throws in
            #expect(try day.positions(of: "CRO", when: ["CRO": [.win], "CZE": [.loss]]).contains(2))
        },
        statement("D7", czeEng) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": [.draw]]) == [1])
        },
        statement("D8", czeEng) { day throws in
            #expect(try day.positions(of: "ENG", when: ["ENG": [.draw]]) == [2])
        },
        statement("D9", czeEng) { day throws in
            #expect(try day.positions(of: "ENG", when: ["ENG": [.win]]) == [1])
        },
    ]

    static let groupE = [
        statement("E1", swePol) { day throws in
            #expect(try day.qualification(of: "SWE", when: ["SWE": .notLoss]) == .certain)
            #expect(try day.positions(of: "SWE", when: ["SWE": [.win]]) == [1])
        },
        statement("E2", svkEsp, settled: ["A", "B", "C"]) { day throws in
            #expect(try day.qualification(of: "SVK", when: ["SVK": .notLoss]) == .certain)
            try expectThrough("SVK", on: ["avoid defeat"], day)
            // Third on four points, goal difference 0, after a draw and Poland's 3-2 win.
            #expect(try day.order(["SVK-ESP": (1, 1), "SWE-POL": (2, 3)]) == [["POL"], ["SWE"], ["SVK"], ["ESP"]])
        },
        statement("E3", svkEsp) { day throws in
            #expect(try day.positions(of: "SVK", when: ["SVK": [.win], "SWE": .notWin]) == [1])
        },
        statement("E4", svkEsp) { day throws in
            #expect(try day.qualification(of: "ESP", when: ["ESP": [.win]]) == .certain)
        },
    ]

    static let groupF = [
        statement("F1", zee) { day throws in
            #expect(try day.qualification(of: "POR", when: ["POR": [.win]]) == .certain)
            #expect(try day.qualification(of: "POR", when: ["POR": [.draw], "GER": [.loss]]) == .certain)
        },
        statement("F2", zee) { day throws in
            #expect(try day.positions(of: "POR", when: ["POR": [.win], "GER": .notWin]) == [1])
        },
        statement("F3", zee) { day throws in
            #expect(try day.positions(of: "POR", when: ["POR": [.loss], "GER": [.loss]]) == [4])
        },
        statement("F4", zee) { day throws in
            #expect(try day.qualification(of: "FRA", when: ["FRA": .notLoss]) == .certain)
            #expect(try day.qualification(of: "FRA", when: ["GER": [.draw]]) == .certain)
        },
        statement("F5", zee) { day throws in
            #expect(try day.positions(of: "FRA", when: ["FRA": [.win]]) == [1])
            #expect(try day.positions(of: "FRA", when: ["FRA": [.draw], "GER": .notWin]) == [1])
        },
        statement("F6", zee) { day throws in
            #expect(try day.positions(of: "FRA", when: ["FRA": [.loss], "HUN": [.win]]) == [2, 3])
            // Their match drawn 1-1. Goal difference: France 0, Hungary -2.
            #expect(try day.order(["POR-FRA": (1, 0), "GER-HUN": (0, 1)]) == [["POR"], ["FRA"], ["HUN"], ["GER"]])
            // Goal difference: Hungary +1, France 0.
            #expect(try day.order(["POR-FRA": (1, 0), "GER-HUN": (0, 4)]) == [["POR"], ["HUN"], ["FRA"], ["GER"]])
        },
        statement("F7", porFra) { day throws in
            #expect(try day.qualification(of: "POR", when: ["POR": [.win]]) == .certain)
        },
        statement("F8", porFra) { day throws in
            #expect(try day.qualification(of: "FRA", when: ["FRA": [.draw]]) == .certain)
        },
        statement("F9", gerHun, settled: ["A", "B", "C"]) { day throws in
            #expect(try day.qualification(of: "GER", when: ["GER": [.draw]]) == .certain)
            try expectThrough("GER", on: ["avoid defeat"], day)
        },
        statement("F10", gerHun, settled: ["A", "B", "C"]) { day throws in
            #expect(try day.qualification(of: "HUN", when: ["HUN": .notWin]) == .impossible)
        },
    ]

    /// `Reports.needs(team:)` states these conditions for going through, each enough on its own
    /// whatever the other groups do.
    private static func expectThrough(_ team: String, on sentences: [String], _ day: LastMatchday) throws {
        let needs = try day.test.tournament.reports.needs(team: team).needs
        let sure = needs.needs(for: .through)?.conditions.filter { $0.decider == nil }.map(\.sentence) ?? []
        #expect(Set(sentences).isSubset(of: sure), "\(sure)")
    }

    /// `team` can finish third only after losing while `rival` win: then it can.
    private static func expectThirdOnlyIfOvertaken(_ day: LastMatchday, _ team: String, by rival: String) throws {
        #expect(try day.positions(of: team, when: [team: [.loss], rival: [.win]]).contains(3))
        let overtaken = try day.outcomes([team: [.loss], rival: [.win]]).map(\.results)
        for outcome in day.scenarios.group.outcomes where outcome.positions(of: team).contains(3) {
            #expect(overtaken.contains(outcome.results), "\(outcome.results)")
        }
    }
}
