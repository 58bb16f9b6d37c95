import Testing

@testable import EMPlanner

/// The published "who needs what" of EURO 2016 before the last matchday
/// (`Fixtures/who-needs-what/euro2016-md3.md`), each statement with its check.
enum WhoNeedsWhat2016 {
    /// UEFA's preview of Switzerland v France, 19 June 2016.
    static let uefa = "http://uefa.com/uefaeuro/news/newsid=2320591.html?rss=2320591+Preview%3A+Switzerland+v+France"
    /// The Associated Press on Romania v Albania, via NDTV, 18 June 2016.
    static let ap = "https://sports.ndtv.com/euro-2016/news/259778-euro-2016-it-is-now-or-never-for-albania-and-romania"
    /// World Soccer's preview of Russia v Wales, 20 June 2016.
    static let worldSoccer = "http://www.worldsoccer.com/euro-2016/russia-v-wales-preview-377116"
    /// The Straits Times on Group C, 20 or 21 June 2016.
    static let straitsTimesC =
        "http://www.straitstimes.com/sport/football/euro-2016-what-the-teams-in-group-c-need-to-do-to-qualify-for-the-last-16"
    /// Sky Sports' preview of Croatia v Spain.
    static let sky = "http://www.skysports.com/football/croatia-vs-spain/preview/353085"
    /// The Straits Times (Reuters and AFP) on Czech Republic v Turkey, 21 June 2016.
    static let straitsTimesD = "https://www.straitstimes.com/sport/football/czechs-eye-turkish-delight-for-progress"
    /// Extratime.ie on what Ireland need.
    static let extratime =
        "https://extratime.com/articles/16923/trials-and-permutations-what-ireland-need-to-qualify-for-the-last-16"
    /// Der Standard on Group F.
    static let standard = "http://derstandard.at/2000039293323/So-ist-die-Lage-in-der-Gruppe-F"
    /// The42.ie's live blog of 22 June 2016.
    static let the42 = "http://www.the42.ie/liveblog-euro-2016-hungary-portugal-2839285-Jun2016/"

    /// Every statement.
    static let statements = groupA + groupB + groupC + groupD + groupE + groupF

    static func statement(
        _ id: String, _ source: String, settled: Set<String> = [],
        _ check: @escaping @Sendable (LastMatchday) throws -> Void
    ) -> PublishedStatement {
        PublishedStatement(edition: .euro2016, id: id, source: source, settled: settled, check: check)
    }

    static let groupA = [
        statement("A1", uefa) { day throws in
            #expect(try day.positions(of: "FRA", when: ["FRA": .notLoss]) == [1])
        },
        statement("A2", uefa) { day throws in
            #expect(try day.positions(of: "SUI", when: ["SUI": [.win]]) == [1])
            #expect(try day.positions(of: "SUI", when: ["SUI": [.draw]]) == [2])
        },
        statement("A3", ap) { day throws in
            #expect(try day.qualification(of: "ROU", when: ["ROU": [.loss]]) == .impossible)
            #expect(try day.qualification(of: "ALB", when: ["ALB": [.loss]]) == .impossible)
        },
        statement("A4", ap) { day throws in
            #expect(try day.positions(of: "ROU", when: ["ROU": [.win], "SUI": [.loss]]) == [2, 3])
            // Their match drawn 1-1. Goal difference: Romania +1, Switzerland 0.
            #expect(try day.order(["ROU-ALB": (2, 0), "SUI-FRA": (0, 1)]) == [["FRA"], ["ROU"], ["SUI"], ["ALB"]])
            // Both 0, goals scored: Romania 3, Switzerland 2.
            #expect(try day.order(["ROU-ALB": (1, 0), "SUI-FRA": (0, 1)]) == [["FRA"], ["ROU"], ["SUI"], ["ALB"]])
            // Both 0, goals scored: Switzerland 4, Romania 3.
            #expect(try day.order(["ROU-ALB": (1, 0), "SUI-FRA": (2, 3)]) == [["FRA"], ["SUI"], ["ROU"], ["ALB"]])
        },
        statement("A5", ap) { day throws in
            #expect(try day.outlook(of: "ALB").positions.allSatisfy { $0 >= 3 })
            #expect(try day.outlook(of: "ALB").qualification == .possible)
            let topTwo = day.scenarios.group.outcomes.filter { $0.positions(of: "ROU").contains { $0 <= 2 } }
            #expect(try topTwo.map(\.results) == day.outcomes(["ROU": [.win], "SUI": [.loss]]).map(\.results))
            #expect(try day.outlook(of: "ROU").qualification == .possible)
        },
    ]

    static let groupB = [
        statement("B1", worldSoccer) { day throws in
            #expect(try day.qualification(of: "WAL", when: ["WAL": [.win]]) == .certain)
        },
        statement("B2", worldSoccer) { day throws in
            #expect(try day.qualification(of: "WAL", when: ["WAL": [.draw], "ENG": .notLoss]) == .certain)
        },
        statement("B3", worldSoccer) { day throws in
            #expect(try day.positions(of: "WAL", when: ["WAL": [.draw], "ENG": [.loss]]) == [3])
        },
        statement("B4", worldSoccer) { day throws in
            #expect(try day.qualification(of: "RUS", when: ["RUS": .notWin]) == .impossible)
        },
        statement("B5", worldSoccer) { day throws in
            #expect(try day.positions(of: "RUS", when: ["RUS": [.win], "ENG": [.loss]]).contains(2))
            // Their match drawn 1-1. Goal difference: Russia +2, England 0.
            #expect(try day.order(["RUS-WAL": (3, 0), "SVK-ENG": (1, 0)]) == [["SVK"], ["RUS"], ["ENG"], ["WAL"]])
            // Both 0, goals scored: England 4, Russia 3.
            #expect(try day.order(["RUS-WAL": (1, 0), "SVK-ENG": (2, 1)]) == [["SVK"], ["ENG"], ["RUS"], ["WAL"]])
        },
        statement("B6", worldSoccer, settled: ["A"]) { day throws in
            #expect(try day.qualification(of: "WAL", when: ["WAL": [.draw], "ENG": [.loss]]) == .possible)
            #expect(!(try day.rivals(of: "WAL", when: ["WAL": [.draw], "ENG": [.loss]])).isEmpty)
        },
    ]

    static let groupC = [
        statement("C0", straitsTimesC) { day throws in day.expectSettled(certain: [], out: ["UKR"]) },
        statement("C1", straitsTimesC) { day throws in
            #expect(try day.qualification(of: "GER", when: ["GER": [.draw]]) == .certain)
        },
        statement("C2", straitsTimesC) { day throws in
            #expect(try day.positions(of: "GER", when: ["GER": [.draw], "POL": .notWin]) == [1])
        },
        statement("C3", straitsTimesC) { day throws in
            #expect(try day.qualification(of: "NIR", when: ["NIR": [.win]]) == .certain)
        },
        statement("C4", straitsTimesC) { day throws in
            #expect(try day.positions(of: "NIR", when: ["NIR": .notWin]) == [3])
        },
        statement("C5", straitsTimesC) { day throws in
            #expect(try day.qualification(of: "POL", when: ["NIR": [.loss]]) == .certain)
        },
        statement("C6", straitsTimesC) { day throws in
            #expect(try day.qualification(of: "POL", when: ["POL": [.draw]]) == .certain)
        },
        statement("C7", straitsTimesC) { day throws in
            // Both win, 7 points, their match drawn 0-0. Goal difference: Germany +3, Poland +2.
            #expect(try day.order(["NIR-GER": (0, 1), "UKR-POL": (0, 1)]) == [["GER"], ["POL"], ["NIR"], ["UKR"]])
            // Poland +4.
            #expect(try day.order(["NIR-GER": (0, 1), "UKR-POL": (0, 3)]) == [["POL"], ["GER"], ["NIR"], ["UKR"]])
            // Both +3, goals scored: Poland 4, Germany 3.
            #expect(try day.order(["NIR-GER": (0, 1), "UKR-POL": (1, 3)]) == [["POL"], ["GER"], ["NIR"], ["UKR"]])
        },
    ]

    static let groupD = [
        statement("D1", sky) { day throws in
            #expect(try day.positions(of: "ESP", when: ["ESP": .notLoss]) == [1])
        },
        statement("D2", sky) { day throws in #expect(try day.outlook(of: "CRO").positions.contains(3)) },
        statement("D4", sky, settled: ["A"]) { day throws in
            // Croatia third only by losing, on four points.
            #expect(try day.positions(of: "CRO", when: ["CRO": .notLoss]).allSatisfy { $0 <= 2 })
            #expect(try day.qualification(of: "CRO", when: ["CRO": [.loss]]) == .possible)
            let cases = try day.rivals(of: "CRO", when: ["CRO": [.loss]])
            #expect(!cases.isEmpty)
            for rivals in cases {
                // Albania's three points are behind; one more third must be.
                #expect(rivals.rivals.first { $0.group == "A" }?.standing == .behind)
                #expect(rivals.neededBehind - rivals.rivals.count { $0.standing == .behind } == 1)
                // Every other third can still finish behind: "very likely".
                #expect(rivals.rivals.allSatisfy { $0.standing != .ahead })
            }
        },
        statement("D3", straitsTimesD) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": [.win], "ESP": [.win]]).contains(2))
            for outcome in day.scenarios.group.outcomes where outcome.positions(of: "CZE").contains(where: { $0 <= 2 }) {
                #expect(try day.outcomes(["CZE": [.win], "ESP": [.win]]).contains { $0.results == outcome.results })
            }
        },
        statement("D5", straitsTimesD) { day throws in
            #expect(try day.positions(of: "CZE", when: ["CZE": [.draw]]).contains(3))
            #expect(try day.qualification(of: "CZE", when: ["CZE": [.draw]]) == .possible)
            #expect(try day.positions(of: "TUR", when: ["TUR": [.win]]).contains(3))
            #expect(try day.qualification(of: "TUR", when: ["TUR": [.win]]) == .possible)
        },
    ]

    static let groupE = [
        statement("E1", extratime) { day throws in
            #expect(try day.positions(of: "IRL", when: ["IRL": [.win], "SWE": [.win]]) == [2, 3])
            for outcome in day.scenarios.group.outcomes where outcome.positions(of: "IRL").contains(2) {
                #expect(try day.outcomes(["IRL": [.win], "SWE": [.win]]).contains { $0.results == outcome.results })
            }
            // Their match drawn 1-1. Goal difference: both 0, goals scored: Ireland 4, Sweden 2.
            #expect(try day.order(["ITA-IRL": (0, 3), "SWE-BEL": (1, 0)]) == [["ITA"], ["IRL"], ["SWE"], ["BEL"]])
            // Goal difference: Sweden 0, Ireland -1.
            #expect(try day.order(["ITA-IRL": (0, 2), "SWE-BEL": (1, 0)]) == [["ITA"], ["SWE"], ["IRL"], ["BEL"]])
        },
        statement("E2", extratime) { day throws in #expect(try day.outlook(of: "ITA").positions == [1]) },
        statement("E3", extratime) { day throws in
            #expect(try day.positions(of: "BEL", when: ["BEL": [.draw]]) == [2])
        },
        statement("E4", extratime) { day throws in
            #expect(try day.positions(of: "BEL", when: ["BEL": [.loss], "IRL": [.win]]) == [4])
        },
        statement("E5", extratime) { day throws in
            #expect(try day.positions(of: "SWE", when: ["SWE": [.win]]).allSatisfy { $0 <= 3 })
            #expect(try day.positions(of: "SWE", when: ["SWE": [.win], "IRL": [.win]]) == [2, 3])
        },
        statement("E6", extratime) { day throws in
            #expect(try day.qualification(of: "SWE", when: ["SWE": [.draw]]) == .possible)
            #expect(!(try day.rivals(of: "SWE", when: ["SWE": [.draw]])).isEmpty)
        },
        statement("E7", extratime) { day throws in
            #expect(try day.qualification(of: "IRL", when: ["IRL": .notWin]) == .impossible)
        },
    ]

    static let groupF = [
        statement("F1", standard) { day throws in
            #expect(try day.qualification(of: "HUN", when: ["HUN": [.draw]]) == .certain)
        },
        statement("F2", standard) { day throws in
            #expect(try day.qualification(of: "HUN", when: ["HUN": [.loss]]) != .impossible)
        },
        statement("F3", standard) { day throws in
            #expect(try day.qualification(of: "POR", when: ["POR": [.win]]) == .certain)
            #expect(try day.qualification(of: "POR", when: ["POR": [.draw]]) != .certain)
        },
        statement("F4", standard) { day throws in
            #expect(try day.qualification(of: "ISL", when: ["ISL": [.win]]) == .certain)
        },
        statement("F5", standard) { day throws in
            #expect(try day.positions(of: "AUT", when: ["AUT": [.win], "POR": .notWin]).contains(2))
        },
        statement("F6", the42) { day throws in
            #expect(try day.positions(of: "HUN", when: ["HUN": [.draw]]).allSatisfy { $0 <= 2 })
            #expect(try day.positions(of: "HUN", when: ["HUN": [.win]]) == [1])
        },
        statement("F7", the42, settled: ["A", "B", "C", "D"]) { day throws in
            #expect(try day.outlook(of: "HUN").qualification == .certain)
        },
        statement("F8", the42) { day throws in
            #expect(try day.positions(of: "POR", when: ["POR": [.draw]]).allSatisfy { $0 <= 3 })
            #expect(try day.positions(of: "ISL", when: ["ISL": [.draw]]).allSatisfy { $0 <= 3 })
        },
        statement("F9", the42, settled: ["A", "B", "C", "D"]) { day throws in
            #expect(try day.qualification(of: "POR", when: ["POR": [.draw]]) == .certain)
            #expect(try day.qualification(of: "ISL", when: ["ISL": [.draw]]) == .certain)
            #expect(try day.qualification(of: "AUT", when: ["AUT": .notWin]) == .impossible)
            #expect(try day.qualification(of: "AUT", when: ["AUT": [.win]]) != .impossible)
        },
        statement("F10", standard) { day throws in
            #expect(try day.qualification(of: "ISL", when: ["ISL": [.draw]]) == .possible)
        },
        statement("F11", standard) { day throws in
            #expect(try day.qualification(of: "AUT", when: ["AUT": [.win], "POR": [.win]]) == .possible)
            #expect(try day.qualification(of: "AUT", when: ["AUT": [.draw]]) == .impossible)
        },
    ]
}
